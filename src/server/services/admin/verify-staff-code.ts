import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { staffRecoveryCodes } from '~/server/db/schema';
import { consumeLimit, resetLimit } from '~/server/security/rate-limit';
import { hashToken } from '~/server/services/accounts/secrets';
import { type StaffActor, requireStaff } from './access';
import { checkTotp } from './check-totp';
import { normalizeRecoveryCode, wrongCode } from './confirm-two-factor-setup';
import { markStaffSession } from './mark-staff-session';
import { recordAudit } from './record-audit';

/**
 * Entry to the back office (docs/backoffice.md "Staff sign-in"): the authenticator's current code, or one of the
 * recovery codes — spent by this use. On success the session is open to the back office and the entry is in the
 * audit trail; a wrong code is 422 (`code` marked), attempts count per staff member (429 after 10 in 15 minutes).
 */
export async function verifyStaffCode(
  db: Executor,
  actor: StaffActor & { sessionId: number },
  code: string,
): Promise<{ method: 'totp' | 'recovery_code'; recoveryCodesLeft?: number }> {
  requireStaff(actor);
  await consumeLimit('staffCode', `user:${actor.id}`);
  const typed = code.trim();
  const outcome = await db.transaction(async (tx) => {
    if (/^\d{6}$/.test(typed.replace(/\s/g, ''))) {
      if (!(await checkTotp(tx, actor.id, typed))) return null;
      await markStaffSession(tx, actor.sessionId);
      await recordAudit(tx, actor, { action: 'staff.sign_in', objectType: 'user', objectId: actor.id, note: 'totp' });
      return { method: 'totp' as const };
    }
    const spent = await tx
      .update(staffRecoveryCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(staffRecoveryCodes.userId, actor.id),
          eq(staffRecoveryCodes.codeHash, hashToken(normalizeRecoveryCode(typed))),
          isNull(staffRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: staffRecoveryCodes.id });
    if (spent.length === 0) return null;
    const left = await tx
      .select({ id: staffRecoveryCodes.id })
      .from(staffRecoveryCodes)
      .where(and(eq(staffRecoveryCodes.userId, actor.id), isNull(staffRecoveryCodes.usedAt)));
    await markStaffSession(tx, actor.sessionId);
    await recordAudit(tx, actor, {
      action: 'staff.sign_in',
      objectType: 'user',
      objectId: actor.id,
      note: 'recovery_code',
      after: { recovery_codes_left: left.length },
    });
    return { method: 'recovery_code' as const, recoveryCodesLeft: left.length };
  });
  if (!outcome) throw wrongCode();
  await resetLimit('staffCode', `user:${actor.id}`);
  return outcome;
}
