import { eq } from 'drizzle-orm';
import { OFFER_STATUS, type OfferAction } from '~/features/deals/constants';
import { decide } from '~/features/deals/state-machine';
import type { Locale } from '~/i18n/config';
import type { Database, Executor } from '~/server/db';
import { offers } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import type { SessionUser } from '~/server/services/accounts/users';
import { appendEvent, readAttachments, storeAttachments } from './events';
import { assertOnMarket, lockLot, releaseLotAfterDeal, reserveForDeal, unreserveAfterCancel } from './lot-reservation';
import { assertNotInDispute } from './find-open-dispute';
import { moveDealMoney } from './move-deal-money';
import { notifyDealStep } from './notify';
import { dealStateOf, loadOfferViews, type OfferRow, type OfferView } from './offer-view';
import { priceCellsOfOffer, refreshPriceCells } from '~/server/services/statistics/refresh-price-cells';

const FORBIDDEN_MESSAGE = { not_party: 'offers.not_party', not_your_turn: 'offers.not_your_turn' } as const;
const CONFLICT_MESSAGE = {
  wrong_state: 'offers.wrong_state',
  not_sent: 'offers.not_sent',
  not_direct_payment: 'offers.not_direct_payment',
  paid_online: 'offers.paid_online',
  not_paid: 'offers.not_paid',
} as const;

/** The state machine's answer, with refusals thrown as the API's errors. */
function decideOrThrow(offer: OfferRow, action: OfferAction, userId: number) {
  const decision = decide(dealStateOf(offer), action, userId);
  if (decision.outcome === 'forbidden') throw new AppError('forbidden', FORBIDDEN_MESSAGE[decision.reason]);
  if (decision.outcome === 'conflict') throw new AppError('conflict', CONFLICT_MESSAGE[decision.reason]);
  return decision;
}

/**
 * `POST /offer/{action}`: one step of a deal by one of its parties; when it changed the deal, the party who acts
 * next is e-mailed (and the makers of offers an approval declined).
 */
export async function actOnOffer(
  db: Database,
  user: SessionUser,
  action: OfferAction,
  input: OfferStepInput,
  locale: Locale,
): Promise<OfferView> {
  const { applied, declined } = await recordOfferStep(db, user, action, input);
  if (applied) {
    await notifyDealStep(db, input.id, action, user.id);
    for (const id of declined) await notifyDealStep(db, id, 'decline-offer', user.id);
  }
  const [view] = await loadOfferViews(db, user.id, [input.id], locale);
  return view;
}

export interface OfferStepInput {
  id: number;
  comment?: string;
  photo?: unknown;
  document?: unknown;
}

/**
 * Records a step after creation (docs/deals.md "Actions"), nothing else: the state machine decides under the
 * offer's row lock; an approval also locks the lot and reserves the volume or the dates, and the step that makes
 * a deal done locks the lot and frees it when no other deal of it is under way. The step and its
 * attachments become one event of the deal's chain. A step whose effect is already there changes nothing
 * (`applied` false). The demo data set records its deals' steps with it inside its own transaction.
 */
export async function recordOfferStep(
  db: Executor,
  user: SessionUser,
  action: OfferAction,
  input: OfferStepInput,
): Promise<{ applied: boolean; declined: number[] }> {
  // A first look without a lock: strangers, wrong turns and repeats are answered before any file is read.
  const [current] = await db.select().from(offers).where(eq(offers.id, input.id));
  if (!current) throw new AppError('not_found', 'offers.not_found');
  if (decideOrThrow(current, action, user.id).outcome === 'unchanged') return { applied: false, declined: [] };
  // Files are read and checked before any lock is taken: a 50 MB upload must not hold a row.
  const attachments = await readAttachments(input.photo, input.document);
  let stored: Awaited<ReturnType<typeof storeAttachments>> | undefined;
  let applied = false;
  let declined: number[] = [];
  try {
    await db.transaction(async (tx) => {
      // Lock order: the lot, then its offers — the order of every writer of both (an approval or a closed lot
      // declines the lot's waiting offers while it holds the lot), so two steps on one lot cannot deadlock.
      // An offer never changes its lot: the lot id of the first look is the one to lock.
      const lot = await lockLot(tx, current.lotId);
      const [offer] = await tx.select().from(offers).where(eq(offers.id, input.id)).for('update');
      const decision = decideOrThrow(offer, action, user.id);
      if (decision.outcome !== 'apply') return;
      // An open dispute holds the frozen money until its decision: no release, no return (docs/deals.md "Disputes").
      if (decision.money === 'release' || decision.money === 'return') await assertNotInDispute(tx, offer.id);
      // The step that makes the deal done may free the lot (docs/deals.md "Volume and the lot's status").
      const finishes = offer.status === OFFER_STATUS.approved && decision.next.status === OFFER_STATUS.done;
      // Files first: a reservation that sells the lot out declines its waiting offers, whose deal lines take the
      // chat's message order lock until the commit (appendEvent), and no upload may be written under that lock.
      stored = await storeAttachments(offer.id, attachments);
      if (decision.reservesVolume) assertOnMarket(lot);
      // A wallet deal's money moves with the step: after the lot and offer locks, the ledger's own locks (key,
      // pending row, accounts), and before any deal line takes the chat's lock. A refusal (not enough money to
      // freeze) rolls the whole step back.
      const money = decision.money ? await moveDealMoney(tx, offer, decision.money, user.id) : null;
      if (decision.reservesVolume) {
        declined = await reserveForDeal(tx, lot, offer);
      }
      const now = new Date();
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
      // An approved deal called off (money returned, or an online deal never paid) gives its volume back.
      if (offer.status === OFFER_STATUS.approved && next.status === OFFER_STATUS.declined)
        await unreserveAfterCancel(tx, lot, offer);
      await appendEvent(tx, next, {
        actorId: user.id,
        action,
        comment: input.comment ?? null,
        data: money ? { wallet: money } : null,
        photoKey: stored.photoKey,
        documentKey: stored.documentKey,
        attachments,
        at: now,
      });
      if (finishes) await releaseLotAfterDeal(tx, lot);
      // A deal approved or called off moves its day's traded price (docs/statistics.md).
      if (next.status !== offer.status) await refreshPriceCells(tx, await priceCellsOfOffer(tx, offer.id));
      applied = true;
    });
  } catch (error) {
    await stored?.discard();
    throw error;
  }
  return { applied, declined };
}
