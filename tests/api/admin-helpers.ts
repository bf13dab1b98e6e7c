import { eq } from 'drizzle-orm';
import { type StaffRole, capabilitiesOf } from '~/features/admin/capabilities';
import type { AdminGate } from '~/server/loaders/admin';
import { getDb } from '~/server/db';
import { staffFactors } from '~/server/db/schema';
import { totpCode, totpStep } from '~/server/security/totp';
import { staffActorOf } from '~/server/services/admin/access';
import { confirmTwoFactorSetup } from '~/server/services/admin/confirm-two-factor-setup';
import { startTwoFactorSetup } from '~/server/services/admin/start-two-factor-setup';
import { resolveUser } from '~/server/services/accounts/authenticate';
import { setRole } from '~/server/services/accounts/set-role';
import { signedUpUser } from '../fixtures/accounts';
import { type TestCookies, formRequest } from '../fixtures/forms';

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

/** The gate a back-office page passes its loader, for `staff` posting `fields` (or reading) `path` in `locale`. */
export function adminGate(
  staff: Awaited<ReturnType<typeof staffMember>>,
  path: string,
  cookies: TestCookies,
  fields?: Record<string, string>,
  locale: 'en' | 'fr' = 'en',
): AdminGate {
  const request = { ...formRequest(path, { cookies, fields, locale }), user: staff.user };
  return {
    user: staff.user,
    actor: staff.actor,
    capabilities: capabilitiesOf(staff.user.role),
    forbidden: false,
    request,
  };
}
