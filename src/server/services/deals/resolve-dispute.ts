import { and, eq } from 'drizzle-orm';
import { OFFER_STATUS, TRACK, type DisputeDecision } from '~/features/deals/constants';
import type { MessageKey } from '~/i18n/t';
import type { Database } from '~/server/db';
import { dealDisputes, offers } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import type { StaffActor } from '~/server/services/admin/access';
import { recordAudit } from '~/server/services/admin/record-audit';
import { postPending } from '~/server/services/wallet/post-pending';
import { voidPending } from '~/server/services/wallet/void-pending';
import { appendEvent } from './events';
import { findFrozenMoney } from './find-frozen-money';
import { lockLot, releaseLotAfterDeal, unreserveAfterCancel } from './lot-reservation';
import { notifyDealStep } from './notify';
import { sellerDestinations } from './platform-fee';
import { readPlatformSetting } from '~/server/services/settings/read-platform-setting';
import { priceCellsOfOffer, refreshPriceCells } from '~/server/services/statistics/refresh-price-cells';

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
 * Resolves a deal's open dispute (docs/deals.md "Disputes"), exactly once: under the lot's, the offer's and the
 * dispute's row locks, one ledger movement of the frozen money with cause `dispute_decision` — `release` posts
 * it to the seller (less the platform fee), `refund` voids it back to the buyer, `split` posts the seller's part
 * (less the fee) and returns the rest to the buyer — then the deal ends (release and split: done; refund:
 * declined) and frees its lot when no other deal of it runs, the dispute is closed with the decision, and the
 * step joins the deal's chain. Both parties are e-mailed after the commit. A second resolution finds no open
 * dispute (409 `offers.no_open_dispute`).
 */
export async function resolveDispute(db: Database, input: ResolveDisputeInput): Promise<DisputeResolution> {
  const [current] = await db.select().from(offers).where(eq(offers.id, input.offerId));
  if (!current) throw new AppError('not_found', 'offers.not_found');
  const resolution = await db.transaction(async (tx) => {
    const lot = await lockLot(tx, current.lotId);
    const [offer] = await tx.select().from(offers).where(eq(offers.id, input.offerId)).for('update');
    const [dispute] = await tx
      .select()
      .from(dealDisputes)
      .where(and(eq(dealDisputes.offerId, offer.id), eq(dealDisputes.status, 'open')))
      .for('update');
    if (!dispute) throw new AppError('conflict', 'offers.no_open_dispute');
    const frozen = await findFrozenMoney(tx, offer.id);
    if (frozen?.status !== 'pending') throw new AppError('conflict', 'offers.not_frozen');
    const held = frozen.amount;
    const sellerAmount = input.decision === 'release' ? held : input.decision === 'refund' ? 0 : input.sellerAmount;
    if (sellerAmount === undefined || !Number.isSafeInteger(sellerAmount) || sellerAmount < 0 || sellerAmount > held)
      throw new AppError('validation_failed', 'offers.split_amount', { vars: { max: held } });
    if (input.decision === 'split' && (sellerAmount === 0 || sellerAmount === held))
      throw new AppError('validation_failed', 'offers.split_amount', { vars: { max: held } });
    const cause = {
      cause: 'dispute_decision' as const,
      offerId: offer.id,
      step: input.decision,
      createdBy: input.deciderId,
      key: `deal:${offer.id}:dispute:${dispute.id}`,
      memo: input.note ?? null,
    };
    let fee = 0;
    let transferId: number;
    if (input.decision === 'refund') {
      transferId = (await voidPending(tx, { ...cause, pendingId: frozen.id })).transfer.id;
    } else {
      const paid = await sellerDestinations(
        tx,
        offer.sellerId,
        frozen.currency,
        sellerAmount,
        await readPlatformSetting(tx, 'platform_fee_bps'),
      );
      fee = paid.fee;
      transferId = (await postPending(tx, { ...cause, pendingId: frozen.id, destinations: paid.destinations })).transfer
        .id;
    }
    const now = new Date();
    const ends =
      input.decision === 'refund'
        ? { status: OFFER_STATUS.declined, paymentStatus: TRACK.none }
        : { status: OFFER_STATUS.done, deliveryStatus: TRACK.received, paymentStatus: TRACK.received };
    const [next] = await tx
      .update(offers)
      .set({ ...ends, updatedAt: now })
      .where(eq(offers.id, offer.id))
      .returning();
    // A refunded deal leaves the traded prices (docs/statistics.md).
    if (next.status !== offer.status) await refreshPriceCells(tx, await priceCellsOfOffer(tx, offer.id));
    await tx
      .update(dealDisputes)
      .set({
        status: 'resolved',
        decision: input.decision,
        sellerAmount,
        decidedBy: input.deciderId,
        decidedAt: now,
        note: input.note ?? null,
      })
      .where(eq(dealDisputes.id, dispute.id));
    const result: DisputeResolution = {
      disputeId: dispute.id,
      decision: input.decision,
      held,
      sellerAmount,
      fee,
      buyerAmount: held - sellerAmount,
      transferId,
    };
    // A deal that ends frees its lot when no other deal of it runs (docs/deals.md "Volume and the lot's status"); a
    // refund ends it declined like a call-off, so the volume it reserved is on the market again.
    if (input.decision === 'refund') await unreserveAfterCancel(tx, lot, offer);
    else await releaseLotAfterDeal(tx, lot);
    await appendEvent(tx, next, {
      actorId: input.deciderId,
      action: 'resolve-dispute',
      comment: input.note ?? null,
      data: {
        dispute: {
          id: dispute.id,
          decision: input.decision,
          seller_amount: sellerAmount,
          buyer_amount: held - sellerAmount,
          fee,
        },
        wallet: {
          step: input.decision,
          transfer_id: transferId,
          pending_id: frozen.id,
          amount: held,
          currency: frozen.currency,
        },
      },
      at: now,
    });
    if (input.audit)
      await recordAudit(tx, input.audit, {
        action: 'dispute.resolve',
        objectType: 'offer',
        objectId: offer.id,
        before: { dispute_id: dispute.id, status: 'open', offer_status: offer.status, held, currency: frozen.currency },
        after: {
          dispute_id: dispute.id,
          status: 'resolved',
          offer_status: next.status,
          decision: input.decision,
          seller_amount: sellerAmount,
          fee,
          buyer_amount: held - sellerAmount,
          transfer_id: transferId,
        },
        note: input.note ?? null,
      });
    return result;
  });
  await notifyDealStep(db, input.offerId, 'resolve-dispute', input.deciderId, DECISION_STEP[input.decision]);
  return resolution;
}
