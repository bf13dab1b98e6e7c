import { eq } from 'drizzle-orm';
import { isStaffRole } from '~/features/admin/capabilities';
import { toGsm7 } from '~/features/channels/gsm7';
import { createTranslator } from '~/i18n/t';
import type { Executor } from '~/server/db';
import { users } from '~/server/db/schema';
import { getEnv } from '~/server/env';
import { AppError } from '~/server/errors';
import { ussdLockedUntil } from '~/server/services/accounts/check-ussd-pin';
import { hasUssdPinToReset, resetUssdPin } from '~/server/services/accounts/reset-ussd-pin';
import { userLocale } from '~/server/services/accounts/users';
import { queueSms } from '~/server/sms';
import { type StaffActor, requireCapability } from './access';
import { recordAudit } from './record-audit';

/**
 * Support resets a member's USSD PIN (docs/backoffice.md "Feature phones"): the PIN, its wrong tries and any lock-out
 * go (resetUssdPin); the member sets a new one at their next use of the menu, proved by a code sent to their phone,
 * so the reset hands nobody the account and needs no step-up — like signing a member out. In one transaction: the
 * reset, the audit row `member.reset_ussd_pin` (before and after) and the SMS telling the member, in their language,
 * whatever their notice settings say (it is about their own security). Capability `support`; a staff member's PIN
 * only for those who manage staff (`roles`). Nothing to reset (no PIN, no wrong tries, no lock): 409.
 */
export async function resetMemberUssdPin(
  db: Executor,
  actor: StaffActor,
  userId: number,
  now = new Date(),
): Promise<{ sms: boolean }> {
  requireCapability(actor, 'support');
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new AppError('not_found', 'errors.not_found');
    if (isStaffRole(user.role) && user.id !== actor.id) requireCapability(actor, 'roles');
    if (!hasUssdPinToReset(user, now)) throw new AppError('conflict', 'admin.ussd_pin_nothing_to_reset');
    const lockedUntil = ussdLockedUntil(user, now) ?? null;
    await resetUssdPin(tx, userId);
    await recordAudit(tx, actor, {
      action: 'member.reset_ussd_pin',
      objectType: 'user',
      objectId: userId,
      before: { pin_set: user.ussdPinHash !== null, failures: user.ussdPinFailures, locked_until: lockedUntil },
      after: { pin_set: false, failures: 0, locked_until: null },
    });
    if (!user.phone) return { sms: false };
    const t = createTranslator(userLocale(user));
    await queueSms(tx, user.phone, toGsm7(t('admin.ussd_pin_reset_sms', { code: getEnv().USSD_SERVICE_CODE })), {
      userId,
    });
    return { sms: true };
  });
}
