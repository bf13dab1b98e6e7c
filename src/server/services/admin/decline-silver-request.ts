import type { Executor } from '~/server/db';
import { type StaffActor, requireCapability } from './access';
import { findPendingTierRequest } from './find-pending-tier-request';
import { declineTierRequest } from '~/server/services/accounts/tiers';

/**
 * Declines a pending silver request with a reason (docs/backoffice.md "Silver requests"): the tier is unchanged, so
 * no step-up; the member is e-mailed the reason in their language; audit `member.tier_request_declined`.
 */
export async function declineSilverRequest(
  db: Executor,
  actor: StaffActor,
  requestId: number,
  input: { reason: string },
) {
  requireCapability(actor, 'tiers');
  const request = await findPendingTierRequest(db, requestId);
  await declineTierRequest(db, { userId: request.userId }, { actor, reason: input.reason });
}
