import { and, eq } from 'drizzle-orm';
import { DISPUTE_DECISIONS, OFFER_STATUS, type DealEventAction, type DisputeReason } from '~/features/deals/constants';
import {
  DISPUTE_EVENT,
  type DealEvent,
  type Decision,
  type DisputeState,
  type MemberDealEvent,
  decideEvent,
  disputeStateOf,
} from '~/features/deals/state-machine';
import type { Executor } from '~/server/db';
import { dealDisputes, offers } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { priceCellsOfOffer, refreshPriceCells } from '~/server/services/statistics/refresh-price-cells';
import { type Attachments, appendEvent, storeAttachments } from './events';
import {
  type LotRow,
  assertOnMarket,
  lockLot,
  releaseLotAfterDeal,
  reserveForDeal,
  unreserveAfterCancel,
} from './lot-reservation';
import { type DealMoneyMoved, type DisputedMoneyMoved, moveDealMoney, moveDisputedMoney } from './move-deal-money';
import { type OfferRow, dealStateOf } from './offer-view';

/**
 * The one write path of a deal (docs/deals.md "One write path"): every change of a deal's status, tracks, money, lot
 * reservation, dispute, history and chat lines — a party's step, a dispute opened, an online payment credited, the
 * automatic release, the platform's decision on a dispute, the lot leaving the market — is one call of
 * `applyDealEvent`. The state machine (`decideEvent`, src/features/deals/state-machine.ts) decides; this function
 * writes what it decided, in one order, inside the caller's transaction:
 *
 *   the step's files → the money (the ledger's own functions: the only code writing postings) → the offer row →
 *   the lot (reserve, give back, free) and, when the lot sells out, its waiting offers declined (each through this
 *   same function) → the dispute row → the traded prices → the event in the deal's hash chain and its chat line.
 *
 * Locks: the caller holds the lot's row lock (when the event can touch the lot) and then the offer's, the order of
 * every deal writer; the ledger's locks come after them, and the chat's message order lock last (appendEvent).
 */

/** A step's files, read and checked before any lock; `stored` is set once they are written, for the caller to
 * discard them if the transaction does not commit. */
export interface StepFiles {
  attachments: Attachments;
  stored?: Awaited<ReturnType<typeof storeAttachments>>;
}

/** A member's event: a step of the deal page, or a dispute opened. */
interface MemberInput {
  event: MemberDealEvent;
  actor: { kind: 'member'; id: number };
  comment?: string | null;
  files?: StepFiles;
  /** A dispute opened: why. */
  reason?: DisputeReason;
  at?: Date;
}

/** What an online deal's verified payment brought: recorded in the event (`data.payment`). */
export interface CreditedPayment {
  provider: string;
  reference: string;
  method: string | null;
  transfer_id: number;
}

export type DealEventInput =
  | MemberInput
  | { event: 'payment-credited'; actor: { kind: 'system' }; payment: CreditedPayment; at?: Date }
  | { event: 'auto-release'; actor: { kind: 'system' }; autoRelease: { sent_at: string; days: number }; at?: Date }
  | {
      event: 'dispute-release' | 'dispute-refund' | 'dispute-split';
      actor: { kind: 'staff'; id: number };
      /** A split: what the seller receives before the fee, minor units. */
      sellerAmount?: number;
      note?: string | null;
      at?: Date;
    }
  | { event: 'lot-withdrawn'; actor: { kind: 'system' }; reason: 'lot_closed' | 'sold_out'; at?: Date };

export type DealEventResult =
  | {
      outcome: 'applied';
      /** The offer row after the event. */
      offer: OfferRow;
      money: DealMoneyMoved | null;
      /** A dispute's decision: what it moved. */
      resolution: (DisputedMoneyMoved & { disputeId: number }) | null;
      /** The dispute the event opened or decided. */
      disputeId: number | null;
      /** Offers the event's reservation declined (the lot sold out), to e-mail their makers after the commit. */
      declined: number[];
      hash: string;
    }
  /** The event's effect is already there: nothing written. */
  | { outcome: 'unchanged'; offer: OfferRow }
  /** The machine refused it (the API's error, ready to throw): nothing written. */
  | { outcome: 'refused'; error: AppError };

const FORBIDDEN_MESSAGE = { not_party: 'offers.not_party', not_your_turn: 'offers.not_your_turn' } as const;
const CONFLICT_MESSAGE = {
  wrong_state: 'offers.wrong_state',
  not_sent: 'offers.not_sent',
  not_direct_payment: 'offers.not_direct_payment',
  paid_online: 'offers.paid_online',
  not_paid: 'offers.not_paid',
  not_frozen: 'offers.not_frozen',
  no_open_dispute: 'offers.no_open_dispute',
} as const;

/** The API's error for a refusal of the machine (docs/deals.md "Actions", "Disputes"). */
export function refusalError(decision: Extract<Decision, { outcome: 'forbidden' | 'conflict' }>): AppError {
  if (decision.outcome === 'forbidden') return new AppError('forbidden', FORBIDDEN_MESSAGE[decision.reason]);
  if (decision.reason === 'in_dispute') return new AppError('offers.in_dispute', 'offers.in_dispute');
  return new AppError('conflict', CONFLICT_MESSAGE[decision.reason]);
}

/** How each event is named in the deal's history (the chain and the chat lines speak these words). */
const HISTORY_ACTION: Record<DealEvent, DealEventAction> = {
  'approve-offer': 'approve-offer',
  'decline-offer': 'decline-offer',
  'delete-offer': 'delete-offer',
  'delivery-send': 'delivery-send',
  'delivery-get': 'delivery-get',
  'payment-send': 'payment-send',
  'payment-get': 'payment-get',
  'approve-direct-payment': 'approve-direct-payment',
  'open-dispute': 'open-dispute',
  // The buyer's payment, made through the provider: "money sent", in the buyer's name.
  'payment-credited': 'payment-send',
  'auto-release': 'auto-release',
  'dispute-release': 'resolve-dispute',
  'dispute-refund': 'resolve-dispute',
  'dispute-split': 'resolve-dispute',
  // The lot's owner declines by taking the lot off the market.
  'lot-withdrawn': 'decline-offer',
};

/** The deal's dispute, read under a lock (the dispute's row joins the offer's): none, open, or decided. */
async function lockDisputes(tx: Executor, offerId: number): Promise<{ state: DisputeState; openId: number | null }> {
  const rows = await tx
    .select({ id: dealDisputes.id, status: dealDisputes.status })
    .from(dealDisputes)
    .where(eq(dealDisputes.offerId, offerId))
    .orderBy(dealDisputes.id)
    .for('update');
  const open = rows.find((row) => row.status === 'open');
  return { state: disputeStateOf(rows.map((row) => row.status)), openId: open?.id ?? null };
}

/** Approved and done deals count in the day's traded prices (docs/statistics.md). */
const traded = (status: number) => status === OFFER_STATUS.approved || status === OFFER_STATUS.done;

/**
 * Applies one event to a deal: `offer` is the offer's row read under its lock in this transaction. Answers what was
 * written, or why nothing was (`unchanged`, `refused`: nothing at all is written then). Throws only what the writes
 * themselves refuse (not enough money to freeze, the volume or the dates taken, a split amount out of range), and
 * the caller's transaction then rolls the whole step back.
 */
export async function applyDealEvent(tx: Executor, offer: OfferRow, input: DealEventInput): Promise<DealEventResult> {
  const disputes = await lockDisputes(tx, offer.id);
  const decision = decideEvent({ ...dealStateOf(offer), dispute: disputes.state }, input.event, input.actor);
  if (decision.outcome === 'unchanged') return { outcome: 'unchanged', offer };
  if (decision.outcome !== 'apply') return { outcome: 'refused', error: refusalError(decision) };

  const lot: LotRow | null =
    decision.lot !== null || input.event === 'lot-withdrawn' ? await lockLot(tx, offer.lotId) : null;
  // Files first: once a deal line is written (a declined offer's, this event's) the chat's order lock is held until
  // the commit, and no upload may be written under it.
  const files = 'files' in input ? input.files : undefined;
  if (files) files.stored = await storeAttachments(offer.id, files.attachments);
  if (decision.reservesVolume && lot) assertOnMarket(lot);

  // The money, after the lot's and the offer's locks and before any chat lock (the ledger takes its own locks).
  // A refusal (not enough money to freeze) rolls the whole step back.
  const actorId = input.actor.kind === 'system' ? null : input.actor.id;
  let money: DealMoneyMoved | null = null;
  let resolution: DisputedMoneyMoved | null = null;
  const disputeDecision = DISPUTE_DECISIONS.find((d) => DISPUTE_EVENT[d] === decision.money);
  if (disputeDecision)
    resolution = await moveDisputedMoney(tx, offer, {
      decision: disputeDecision,
      disputeId: disputes.openId!,
      deciderId: actorId!,
      sellerAmount: 'sellerAmount' in input ? input.sellerAmount : undefined,
      note: 'note' in input ? input.note : null,
    });
  else if (decision.money === 'freeze' || decision.money === 'release' || decision.money === 'return')
    money = await moveDealMoney(tx, offer, decision.money, actorId ?? offer.buyerId);

  const now = input.at ?? new Date();
  const [next] = await tx
    .update(offers)
    .set({
      ...decision.next,
      updatedAt: now,
      ...(decision.next.status === OFFER_STATUS.approved && offer.status !== OFFER_STATUS.approved
        ? { approvedAt: now }
        : {}),
    })
    .where(eq(offers.id, offer.id))
    .returning();

  // The lot, after the offer has its new status (a freed lot asks whether another deal of it still runs).
  let declined: number[] = [];
  if (lot && decision.lot === 'reserve') {
    const { soldOut } = await reserveForDeal(tx, lot, offer);
    // Sold out: the offers still waiting can never be approved.
    if (soldOut) declined = await declineWaitingOffers(tx, lot, 'sold_out');
  } else if (lot && decision.lot === 'unreserve') await unreserveAfterCancel(tx, lot, offer);
  else if (lot && decision.lot === 'release') await releaseLotAfterDeal(tx, lot);

  let disputeId = disputes.openId;
  if (decision.dispute === 'open') {
    const [opened] = await tx
      .insert(dealDisputes)
      .values({
        offerId: offer.id,
        openedBy: actorId!,
        reason: (input as MemberInput).reason!,
        comment: (input as MemberInput).comment ?? null,
        createdAt: now,
      })
      .returning({ id: dealDisputes.id });
    disputeId = opened.id;
  } else if (decision.dispute === 'resolve' && resolution) {
    await tx
      .update(dealDisputes)
      .set({
        status: 'resolved',
        decision: resolution.decision,
        sellerAmount: resolution.sellerAmount,
        decidedBy: actorId,
        decidedAt: now,
        note: 'note' in input ? (input.note ?? null) : null,
      })
      .where(and(eq(dealDisputes.id, disputeId!), eq(dealDisputes.status, 'open')));
  }

  // A deal approved or called off moves its day's traded price.
  if (traded(offer.status) !== traded(next.status)) await refreshPriceCells(tx, await priceCellsOfOffer(tx, offer.id));

  const hash = await appendEvent(tx, next, {
    actorId: recordedActor(input, offer, lot),
    action: HISTORY_ACTION[input.event],
    comment: eventComment(input),
    data: eventData(input, money, resolution, disputeId),
    photoKey: files?.stored?.photoKey ?? null,
    documentKey: files?.stored?.documentKey ?? null,
    attachments: files?.attachments,
    at: now,
  });
  return {
    outcome: 'applied',
    offer: next,
    money,
    resolution: resolution ? { ...resolution, disputeId: disputeId! } : null,
    disputeId: decision.dispute ? disputeId : null,
    declined,
    hash,
  };
}

/**
 * Who the history names: the member or staff member who acted; for the platform's own events the party in whose
 * name they happen — the buyer for a payment credited or the automatic release (the step is theirs), the lot's owner
 * for a lot taken off the market.
 */
function recordedActor(input: DealEventInput, offer: OfferRow, lot: LotRow | null): number {
  if (input.actor.kind !== 'system') return input.actor.id;
  return input.event === 'lot-withdrawn' && lot ? lot.userId : offer.buyerId;
}

function eventComment(input: DealEventInput): string | null {
  if ('comment' in input) return input.comment ?? null;
  if ('note' in input) return input.note ?? null;
  return null;
}

function eventData(
  input: DealEventInput,
  money: DealMoneyMoved | null,
  resolution: DisputedMoneyMoved | null,
  disputeId: number | null,
): Record<string, unknown> | null {
  switch (input.event) {
    case 'open-dispute':
      return { dispute: { id: disputeId, reason: input.reason } };
    case 'payment-credited':
      return { wallet: money, payment: input.payment };
    case 'auto-release':
      return { wallet: money, auto_release: input.autoRelease };
    case 'lot-withdrawn':
      return { reason: input.reason };
    case 'dispute-release':
    case 'dispute-refund':
    case 'dispute-split':
      return resolution
        ? {
            dispute: {
              id: disputeId,
              decision: resolution.decision,
              seller_amount: resolution.sellerAmount,
              buyer_amount: resolution.buyerAmount,
              fee: resolution.fee,
            },
            wallet: {
              step: resolution.decision,
              transfer_id: resolution.transferId,
              pending_id: resolution.pendingId,
              amount: resolution.held,
              currency: resolution.currency,
            },
          }
        : null;
    default:
      return money ? { wallet: money } : null;
  }
}

/**
 * A lot that leaves the market (closed, deactivated, sold out) can no longer take its waiting offers: each is
 * declined in the owner's name through the write path (`lot-withdrawn`, an event with `data.reason`). The caller
 * holds the lot's row lock. Answers the declined offers' ids, to e-mail their makers once the transaction has
 * committed.
 */
export async function declineWaitingOffers(
  tx: Executor,
  lot: Pick<LotRow, 'id' | 'userId'>,
  reason: 'lot_closed' | 'sold_out',
): Promise<number[]> {
  const waiting = await tx
    .select()
    .from(offers)
    .where(and(eq(offers.lotId, lot.id), eq(offers.status, OFFER_STATUS.created)))
    .orderBy(offers.id)
    .for('update');
  const declined: number[] = [];
  const at = new Date();
  for (const offer of waiting) {
    const result = await applyDealEvent(tx, offer, { event: 'lot-withdrawn', actor: { kind: 'system' }, reason, at });
    if (result.outcome === 'applied') declined.push(offer.id);
  }
  return declined;
}
