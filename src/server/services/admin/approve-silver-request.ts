import type { Executor } from '~/server/db';
import { type StaffActor, requireCapability } from './access';
import { findPendingTierRequest } from './find-pending-tier-request';
import { setTier } from '~/server/services/accounts/tiers';
import { confirmStepUp } from './confirm-step-up';

/**
 * Approves a pending silver request (docs/backoffice.md "Silver requests"): a tier change, so capability `tiers`
 * and step-up; the member becomes silver and is e-mailed in their language; audit `member.tier`. Decided already: 409.
 */
export async function approveSilverRequest(
  db: Executor,
  actor: StaffActor,
  requestId: number,
  input: { stepUp?: string | null },
) {
  requireCapability(actor, 'tiers');
  const request = await findPendingTierRequest(db, requestId);
  await confirmStepUp(db, actor, input.stepUp);
  await setTier(db, { userId: request.userId }, request.tier, { actor, reason: null });
}
