import { AppError } from '~/server/errors';
import type { Executor } from '~/server/db';
import { consumeLimit, resetLimit } from '~/server/security/rate-limit';
import { verifyPassword } from '~/server/services/accounts/secrets';
import { findUserById } from '~/server/services/accounts/users';
import { type StaffActor, requireStaff } from './access';
import { checkTotp } from './check-totp';

/**
 * Sensitive back-office actions (tier change, unverify, refund, payout approval, role change) ask again who is at
 * the keyboard (docs/backoffice.md "Step-up"): `stepUp` is the staff member's password or a fresh authenticator
 * code, sent as the `step_up` field. Missing or wrong: 403 `admin.step_up_required` with `step_up` marked. Attempts
 * count with the second factor's (per staff member).
 */
export async function confirmStepUp(db: Executor, actor: StaffActor, stepUp: string | undefined | null): Promise<void> {
  requireStaff(actor);
  const given = stepUp?.trim() ?? '';
  if (!given) throw stepUpRequired('admin.step_up_required');
  await consumeLimit('staffCode', `user:${actor.id}`);
  let ok = false;
  if (/^\d{6}$/.test(given.replace(/\s/g, ''))) ok = await checkTotp(db, actor.id, given);
  if (!ok) {
    const user = await findUserById(db, actor.id);
    ok = !!user && (await verifyPassword(user.passwordHash, given));
  }
  if (!ok) throw stepUpRequired('admin.step_up_wrong');
  await resetLimit('staffCode', `user:${actor.id}`);
}

const stepUpRequired = (key: 'admin.step_up_required' | 'admin.step_up_wrong') =>
  new AppError('admin.step_up_required', key, { fields: { step_up: [{ key }] } });
