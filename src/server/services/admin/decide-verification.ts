import type { AdminDecideInput } from '~/features/admin/verification';
import type { Executor } from '~/server/db';
import { decideVerificationRequest } from '~/server/services/verification/decide-verification-request';
import { type StaffActor, requireCapability } from './access';
import { verificationActor } from './verification-actor';

/**
 * Staff approve or decline a pending verification request (docs/backoffice.md "Verification"): as the platform's
 * verifier, whichever verifier company it names. Declining needs a reason (the member reads it). The member is
 * e-mailed; the decision is audited with before and after. Decided already: 409; unknown: 404.
 */
export async function decideVerification(db: Executor, actor: StaffActor, id: number, input: AdminDecideInput) {
  requireCapability(actor, 'verification');
  const decided = await decideVerificationRequest(db, verificationActor(actor), {
    id,
    decision: input.decision,
    note: input.reason,
  });
  return { id: decided.id, status: decided.status, verification_id: decided.verificationId };
}
