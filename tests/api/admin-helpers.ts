import { eq } from 'drizzle-orm';
import type { StaffRole } from '~/features/admin/capabilities';
import { getDb } from '~/server/db';
import { staffFactors } from '~/server/db/schema';
import { totpCode, totpStep } from '~/server/security/totp';
import { staffActorOf } from '~/server/services/admin/access';
import { confirmTwoFactorSetup } from '~/server/services/admin/confirm-two-factor-setup';
import { startTwoFactorSetup } from '~/server/services/admin/start-two-factor-setup';
import { resolveUser } from '~/server/services/accounts/authenticate';
import { setRole } from '~/server/services/accounts/set-role';
import { signedUpUser } from '../fixtures/accounts';

/**
 * A staff member for back-office tests (docs/backoffice.md): signed up, given `role`, authenticator set up and its
 * Bearer session past the second factor. `code()` is a code the server accepts now (a code is accepted once, so it
 * forgets the last one used first); `actor` is what services take.
 */
export async function staffMember(role: StaffRole, options: { twoFactor?: boolean } = {}) {
  const account = await signedUpUser();
  const db = await getDb();
  await setRole(db, account.email, role);
  const user = await resolveUser(db, { bearer: account.access });
  if (!user) throw new Error('no session');
  const actor = staffActorOf(user, '127.0.0.1');
  let secret = '';
  let recoveryCodes: string[] = [];
  const code = async () => {
    await db.update(staffFactors).set({ lastStep: null }).where(eq(staffFactors.userId, user.id));
    return totpCode(secret, totpStep());
  };
  if (options.twoFactor !== false) {
    secret = (await startTwoFactorSetup(db, user)).secret;
    recoveryCodes = (await confirmTwoFactorSetup(db, actor, totpCode(secret, totpStep()))).recoveryCodes;
  }
  return { ...account, user, actor, secret, recoveryCodes, code };
}
