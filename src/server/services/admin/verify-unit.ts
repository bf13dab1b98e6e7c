import type { AdminVerifyInput } from '~/features/admin/verification';
import type { Executor } from '~/server/db';
import { makeVerifiedUnit } from '~/server/services/verification/make-verified-unit';
import { type StaffActor, requireCapability } from './access';
import { confirmStepUp } from './confirm-step-up';
import { verificationActor } from './verification-actor';

/**
 * Staff verify a member or a company as the platform (docs/backoffice.md "Verification"), without a member's request:
 * the step-up first (403 `admin.step_up_required`), then the rules every verifier obeys (a type that fits the unit,
 * never their own account, company or colleague; docs/companies.md "Who verifies"). Audited (`verification.verify`).
 */
export async function verifyUnit(db: Executor, actor: StaffActor, input: AdminVerifyInput) {
  requireCapability(actor, 'verification');
  await confirmStepUp(db, actor, input.step_up);
  const record = await makeVerifiedUnit(db, verificationActor(actor), {
    unit: input.unit,
    id: input.id,
    type: input.type,
    note: input.note,
  });
  return { id: record.id };
}
