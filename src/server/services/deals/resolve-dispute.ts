import { eq } from 'drizzle-orm';
import type { DisputeDecision } from '~/features/deals/constants';
import { DISPUTE_EVENT } from '~/features/deals/state-machine';
import type { MessageKey } from '~/i18n/t';
import type { Database } from '~/server/db';
import { offers } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import type { StaffActor } from '~/server/services/admin/access';
import { recordAudit } from '~/server/services/admin/record-audit';
import { applyDealEvent } from './apply-deal-event';
import { lockLot } from './lot-reservation';
import { notifyDealStep } from './notify';

export interface ResolveDisputeInput {
  offerId: number;
  decision: DisputeDecision;
  /** For a split: what the seller receives (before the platform fee), minor units, more than 0 and less than held. */
  sellerAmount?: number;
  /** The administrator who decides (recorded on the dispute and as the event's actor). */
  deciderId: number;
  note?: string | null;
  /** The staff member deciding in the back office (or the CLI's administrator): the audit row joins the transaction. */
  audit?: StaffActor;
}

export interface DisputeResolution {
  disputeId: number;
  decision: DisputeDecision;
  held: number;
  sellerAmount: number;
  fee: number;
  buyerAmount: number;
  transferId: number;
}

const DECISION_STEP: Record<DisputeDecision, MessageKey> = {
  release: 'offers.step_dispute_released',
  refund: 'offers.step_dispute_refunded',
  split: 'offers.step_dispute_split',
};

/**
 * Resolves a deal's open dispute (docs/deals.md "Disputes"), exactly once: under the lot's and the offer's row locks,
 * the deal's event `dispute-release` / `dispute-refund` / `dispute-split` through the one write path
 * (apply-deal-event.ts), which locks the dispute's row, moves the frozen money once with cause `dispute_decision` —
 * `release` to the seller (less the platform fee), `refund` back to the buyer, `split` the seller's part (less the
 * fee) and the rest back — ends the deal (release and split: done; refund: declined), frees or gives back its lot,
 * closes the dispute with the decision and adds the step to the deal's chain. The audit row joins the transaction.
 * Both parties are e-mailed, the mail queued in the same transaction. A second resolution finds no open dispute (409
 * `offers.no_open_dispute`).
 */
export async function resolveDispute(db: Database, input: ResolveDisputeInput): Promise<DisputeResolution> {
  const [current] = await db.select().from(offers).where(eq(offers.id, input.offerId));
  if (!current) throw new AppError('not_found', 'offers.not_found');
  const resolution = await db.transaction(async (tx) => {
    await lockLot(tx, current.lotId);
    const [offer] = await tx.select().from(offers).where(eq(offers.id, input.offerId)).for('update');
    const applied = await applyDealEvent(tx, offer, {
      event: DISPUTE_EVENT[input.decision],
      actor: { kind: 'staff', id: input.deciderId },
      sellerAmount: input.sellerAmount,
      note: input.note ?? null,
    });
    if (applied.outcome === 'refused') throw applied.error;
    // A decision is never a repeat (the machine answers a second one "no open dispute"), so it was applied.
    if (applied.outcome !== 'applied' || !applied.resolution) throw new AppError('conflict', 'offers.no_open_dispute');
    const moved = applied.resolution;
    const result: DisputeResolution = {
      disputeId: moved.disputeId,
      decision: input.decision,
      held: moved.held,
      sellerAmount: moved.sellerAmount,
      fee: moved.fee,
      buyerAmount: moved.buyerAmount,
      transferId: moved.transferId,
    };
    if (input.audit)
      await recordAudit(tx, input.audit, {
        action: 'dispute.resolve',
        objectType: 'offer',
        objectId: offer.id,
        before: {
          dispute_id: moved.disputeId,
          status: 'open',
          offer_status: offer.status,
          held: moved.held,
          currency: moved.currency,
        },
        after: {
          dispute_id: moved.disputeId,
          status: 'resolved',
          offer_status: applied.offer.status,
          decision: input.decision,
          seller_amount: moved.sellerAmount,
          fee: moved.fee,
          buyer_amount: moved.buyerAmount,
          transfer_id: moved.transferId,
        },
        note: input.note ?? null,
      });
    await notifyDealStep(tx, input.offerId, 'resolve-dispute', input.deciderId, DECISION_STEP[input.decision]);
    return result;
  });
  return resolution;
}
