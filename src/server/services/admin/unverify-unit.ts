import type { AdminUnverifyInput } from '~/features/admin/verification';
import type { Executor } from '~/server/db';
import { makeUnverifiedUnit } from '~/server/services/verification/make-unverified-unit';
import { type StaffActor, requireCapability } from './access';
import { confirmStepUp } from './confirm-step-up';
import { verificationActor } from './verification-actor';

/**
 * Staff unverify a member or a company (docs/backoffice.md "Verification"): every active record of the type is
 * revoked (kept as history) with the reason. Needs the step-up (403 `admin.step_up_required`); nothing active of
 * the type is a 404. Audited (`verification.revoke`).
 */
export async function unverifyUnit(db: Executor, actor: StaffActor, input: AdminUnverifyInput) {
  requireCapability(actor, 'verification');
  await confirmStepUp(db, actor, input.step_up);
  const revoked = await makeUnverifiedUnit(db, verificationActor(actor), {
    unit: input.unit,
    id: input.id,
    type: input.type,
    note: input.reason,
  });
  return { revoked: revoked.map((row) => row.id) };
}
