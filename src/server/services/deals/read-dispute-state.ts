import { and, asc, desc, eq } from 'drizzle-orm';
import {
  DISPUTE_REASONS,
  OFFER_STATUS,
  TRACK,
  type DisputeDecision,
  type DisputeReason,
} from '~/features/deals/constants';
import { roleOf } from '~/features/deals/state-machine';
import type { Executor } from '~/server/db';
import { dealDisputes, offerEvents, offers } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { readPlatformSetting } from '~/server/services/settings/read-platform-setting';
import { autoReleaseAt } from './auto-release-deals';
import { findFrozenMoney } from './find-frozen-money';
import { platformFeeOf } from './platform-fee';

/** What the deal page says about a deal's frozen money beyond where it is (docs/deals.md "Disputes"). */
export interface DisputeState {
  /** The deal's latest dispute, open or resolved. */
  dispute: {
    status: 'open' | 'resolved';
    reason: DisputeReason;
    opened_at: string;
    decision: DisputeDecision | null;
    decided_at: string | null;
  } | null;
  /** A party may open a dispute now: approved, money frozen, none open. */
  can_open: boolean;
  reasons: readonly DisputeReason[];
  /** When the frozen money goes to the seller by itself (goods sent, never disputed), ISO. */
  auto_release_at: string | null;
  /** The seller's view of the platform fee on the frozen money (none at 0 %, none for the buyer). */
  fee: { basis_points: number; amount: number; fee: number; net: number } | null;
}

/** The deal's dispute, automatic release date and fee, for one of its two parties (403/404 otherwise). */
export async function readDisputeState(db: Executor, userId: number, offerId: number): Promise<DisputeState> {
  const [offer] = await db.select().from(offers).where(eq(offers.id, offerId));
  if (!offer) throw new AppError('not_found', 'offers.not_found');
  const role = roleOf(offer, userId);
  if (!role) throw new AppError('forbidden', 'offers.not_party');
  const [dispute] = await db
    .select()
    .from(dealDisputes)
    .where(eq(dealDisputes.offerId, offerId))
    .orderBy(desc(dealDisputes.id))
    .limit(1);
  const frozen = await findFrozenMoney(db, offerId);
  const isFrozen = offer.status === OFFER_STATUS.approved && frozen?.status === 'pending';
  let autoReleaseOn: string | null = null;
  if (isFrozen && !dispute && offer.deliveryStatus === TRACK.sent) {
    const [sent] = await db
      .select({ at: offerEvents.createdAt })
      .from(offerEvents)
      .where(and(eq(offerEvents.offerId, offerId), eq(offerEvents.action, 'delivery-send')))
      .orderBy(asc(offerEvents.seq))
      .limit(1);
    if (sent) autoReleaseOn = autoReleaseAt(sent.at).toISOString();
  }
  const basisPoints = await readPlatformSetting(db, 'platform_fee_bps');
  const fee = isFrozen && role === 'seller' && basisPoints > 0 ? platformFeeOf(frozen.amount, basisPoints) : 0;
  return {
    dispute: dispute
      ? {
          status: dispute.status,
          reason: dispute.reason,
          opened_at: dispute.createdAt.toISOString(),
          decision: dispute.decision,
          decided_at: dispute.decidedAt?.toISOString() ?? null,
        }
      : null,
    can_open: isFrozen && dispute?.status !== 'open',
    reasons: DISPUTE_REASONS,
    auto_release_at: autoReleaseOn,
    fee: fee > 0 ? { basis_points: basisPoints, amount: frozen!.amount, fee, net: frozen!.amount - fee } : null,
  };
}
