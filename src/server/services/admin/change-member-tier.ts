import type { Tier } from '~/features/accounts/constants';
import type { Executor } from '~/server/db';
import { setTier } from '~/server/services/accounts/tiers';
import { type StaffActor, requireCapability } from './access';
import { confirmStepUp } from './confirm-step-up';

/**
 * Changes a member's tier from the back office (docs/backoffice.md "Members"): capability `tiers` and step-up; the
 * change, a pending request's decision and the audit row commit together (setTier); the member is e-mailed in their
 * language.
 */
export async function changeMemberTier(
  db: Executor,
  actor: StaffActor,
  userId: number,
  input: { tier: Tier; reason?: string | null; stepUp?: string | null },
) {
  requireCapability(actor, 'tiers');
  await confirmStepUp(db, actor, input.stepUp);
  return setTier(db, { userId }, input.tier, { actor, reason: input.reason || null });
}
