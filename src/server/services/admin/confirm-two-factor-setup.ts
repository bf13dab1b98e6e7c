import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { RECOVERY_CODE_COUNT } from '~/features/admin/capabilities';
import type { Executor } from '~/server/db';
import { staffFactors, staffRecoveryCodes } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { consumeLimit, resetLimit } from '~/server/security/rate-limit';
import { base32Encode, matchTotp } from '~/server/security/totp';
import { hashToken } from '~/server/services/accounts/secrets';
import { type StaffActor, requireStaff } from './access';
import { markStaffSession } from './mark-staff-session';
import { recordAudit } from './record-audit';

/** A recovery code as it is shown: ten base32 characters in two groups (`k3vq7-mz2pa`), 50 random bits. */
export function newRecoveryCode(): string {
  const text = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

/** How a typed recovery code is compared: lower case, without spaces or dashes. */
export const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/**
 * Confirms the authenticator with its first code (docs/backoffice.md "Staff sign-in"): the factor is on, this
 * session has passed it, and the answer holds RECOVERY_CODE_COUNT recovery codes, shown this once (stored hashed).
 * A wrong code is 422 with the `code` field marked; attempts count per staff member.
 */
export async function confirmTwoFactorSetup(
  db: Executor,
  actor: StaffActor & { sessionId: number },
  code: string,
): Promise<{ recoveryCodes: string[] }> {
  requireStaff(actor);
  await consumeLimit('staffCode', `user:${actor.id}`);
  const result = await db.transaction(async (tx) => {
    const [factor] = await tx.select().from(staffFactors).where(eq(staffFactors.userId, actor.id)).for('update');
    if (factor?.confirmedAt) throw new AppError('conflict', 'admin.two_factor_exists');
    if (!factor) throw new AppError('conflict', 'admin.two_factor_not_started');
    const step = matchTotp(factor.secret, code, Date.now(), null);
    if (step === null) return null;
    const now = new Date();
    await tx.update(staffFactors).set({ confirmedAt: now, lastStep: step }).where(eq(staffFactors.userId, actor.id));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, actor.id));
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await tx
      .insert(staffRecoveryCodes)
      .values(recoveryCodes.map((c) => ({ userId: actor.id, codeHash: hashToken(normalizeRecoveryCode(c)) })));
    await markStaffSession(tx, actor.sessionId, now);
    await recordAudit(tx, actor, { action: 'staff.two_factor_set_up', objectType: 'user', objectId: actor.id });
    return { recoveryCodes };
  });
  if (!result) throw wrongCode();
  await resetLimit('staffCode', `user:${actor.id}`);
  return result;
}

export const wrongCode = () =>
  new AppError('validation_failed', 'admin.code_wrong', { fields: { code: [{ key: 'admin.code_wrong' }] } });
