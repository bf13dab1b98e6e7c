import { asc, eq } from 'drizzle-orm';
import { userNameSql } from '~/server/services/accounts/users';
import { z } from 'zod';
import type { Executor } from '~/server/db';
import { offerEvents, offers } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { contentTypeOf, getStorage } from '~/server/storage';
import type { SessionUser } from '~/server/services/accounts/users';
import { type DealRole, roleOf } from '~/features/deals/state-machine';
import type { Locale } from '~/i18n/config';
import { verifyChain, type ChainedEvent } from './chain';
import { resolveHistoryShare } from './history-shares';
import { assertParty } from './list-offers';
import { attachmentUrl, loadOfferViews } from './offer-view';

export interface DealEventView extends ChainedEvent {
  id: number;
  actor_name: string;
  photo_url: string | null;
  document_url: string | null;
  document_name: string | null;
  prev_hash: string;
  hash: string;
}

/** A deal's events, oldest first, with their hashes and attachment links (no access check: callers check). */
export async function loadDealEvents(db: Executor, offerId: number): Promise<DealEventView[]> {
  const rows = await db
    .select({ event: offerEvents, actorName: userNameSql(offerEvents.actorId, 'full') })
    .from(offerEvents)
    .where(eq(offerEvents.offerId, offerId))
    .orderBy(asc(offerEvents.seq));
  return rows.map(({ event, actorName }) => ({
    id: event.id,
    offer_id: event.offerId,
    seq: event.seq,
    actor_id: event.actorId,
    actor_name: actorName,
    action: event.action,
    status: event.status,
    delivery_status: event.deliveryStatus,
    payment_status: event.paymentStatus,
    comment: event.comment,
    data: event.data ?? null,
    photo_sha256: event.photoSha256,
    document_sha256: event.documentSha256,
    photo_url: event.photoKey ? attachmentUrl(event.id, 'photo') : null,
    document_url: event.documentKey ? attachmentUrl(event.id, 'document') : null,
    document_name: event.documentName,
    created_at: event.createdAt.toISOString(),
    prev_hash: event.prevHash,
    hash: event.hash,
  }));
}

/** `GET /offer/history?id=`: the deal's events with their hashes and whether the stored chain verifies (parties only). */
export async function getDealHistory(db: Executor, user: SessionUser, offerId: number) {
  await assertParty(db, user.id, offerId);
  const events = await loadDealEvents(db, offerId);
  const check = verifyChain(events);
  return {
    offer_id: offerId,
    events,
    head_hash: check.head_hash,
    valid: check.valid,
    broken_at: check.broken_at,
    algorithm: 'sha256(prev_hash + "\\n" + canonical_json(event))',
  };
}

/** `GET /offer/verify?id=`: the stored chain of one of the user's deals, checked (parties only). */
export async function verifyDealForParty(db: Executor, user: SessionUser, offerId: number) {
  await assertParty(db, user.id, offerId);
  return verifyStoredDeal(db, offerId);
}

/** The stored chain of one deal, checked, for operators (`npm run admin -- verify-deal`): no access check. */
export async function verifyStoredDeal(db: Executor, offerId: number) {
  const events = await loadDealEvents(db, offerId);
  if (events.length === 0) throw new AppError('not_found', 'offers.not_found');
  return { offer_id: offerId, events: events.length, ...verifyChain(events) };
}

/** Event data is flat terms (one level of nesting for a booking): nothing deeper is accepted, so checking stays cheap. */
const scalar = z.union([z.string().max(200), z.number(), z.boolean(), z.null()]);
const eventData = z.record(z.string().max(50), z.union([scalar, z.record(z.string().max(50), scalar)])).nullable();
const exportedEvent = z.object({
  offer_id: z.number().int(),
  seq: z.number().int(),
  actor_id: z.number().int(),
  action: z.string().max(50),
  status: z.number().int(),
  delivery_status: z.number().int(),
  payment_status: z.number().int(),
  comment: z.string().max(5000).nullable(),
  data: eventData,
  photo_sha256: z.string().max(64).nullable(),
  document_sha256: z.string().max(64).nullable(),
  created_at: z.string().max(40),
  prev_hash: z.string().max(64),
  hash: z.string().max(64),
});
export const exportedHistorySchema = z.object({ events: z.array(exportedEvent).min(1).max(1000) });

/** The answer of verify-history, for the OpenAPI document: the stored facts only for parties and token holders. */
export const verifyHistoryResponse = z.object({
  valid: z.boolean(),
  broken_at: z.number().int().nullable(),
  head_hash: z.string().nullable(),
  matches_stored: z.boolean().optional(),
  stored_events: z.number().int().optional(),
  stored_head_hash: z.string().nullable().optional(),
});

/** What verify-history answers anyone: whether the chain they sent holds together, and its head. */
export interface ChainCheck {
  valid: boolean;
  broken_at: number | null;
  head_hash: string | null;
}

/** What it answers only a party of the deal, or the holder of one of its share links: the stored record's facts. */
export interface StoredComparison {
  matches_stored: boolean;
  stored_events: number;
  stored_head_hash: string | null;
}

/** Whether `userId` is the buyer or the seller of the offer (false for an unknown offer: nothing to tell apart). */
async function isPartyOf(db: Executor, userId: number, offerId: number): Promise<boolean> {
  const [offer] = await db
    .select({ buyerId: offers.buyerId, sellerId: offers.sellerId })
    .from(offers)
    .where(eq(offers.id, offerId));
  return offer !== undefined && roleOf(offer, userId) !== undefined;
}

/**
 * `POST /offer/verify-history`: checks a saved history — the same computation as the stored check. Anyone
 * learns whether the events they sent form an unbroken chain (`valid`, `broken_at`, `head_hash`), computed
 * from what they sent alone. Whether it is the chain Mavuno holds for that deal (`matches_stored`,
 * `stored_events`, `stored_head_hash`) is answered only to the deal's parties, or with a working share link's
 * `token` of that deal; a token that does not open that deal (unknown, revoked, expired, another deal's) is one
 * 403, whichever it is.
 */
export async function verifyExportedHistory(
  db: Executor,
  history: z.infer<typeof exportedHistorySchema>,
  access: { user: SessionUser | null; token?: string },
): Promise<ChainCheck | (ChainCheck & StoredComparison)> {
  const offerIds = new Set(history.events.map((e) => e.offer_id));
  const offerId = offerIds.size === 1 ? history.events[0].offer_id : undefined;
  let mayCompare = false;
  if (access.token !== undefined) {
    const share = await resolveHistoryShare(db, access.token);
    if (!share || share.offerId !== offerId) throw new AppError('forbidden', 'offers.share_invalid');
    mayCompare = true;
  } else if (access.user && offerId !== undefined) {
    mayCompare = await isPartyOf(db, access.user.id, offerId);
  }
  // Events of several deals are no one deal's chain.
  const check: ChainCheck =
    offerId === undefined
      ? { valid: false, broken_at: 1, head_hash: null }
      : verifyChain(history.events.map((e) => ({ ...e, data: e.data ?? null })));
  if (!mayCompare || offerId === undefined) return check;
  const stored = await db
    .select({ seq: offerEvents.seq, hash: offerEvents.hash })
    .from(offerEvents)
    .where(eq(offerEvents.offerId, offerId))
    .orderBy(asc(offerEvents.seq));
  // A saved copy may predate later steps: it matches when each of its events is the stored one at that place.
  const matches = check.valid && history.events.every((event, index) => stored[index]?.hash === event.hash);
  return {
    ...check,
    matches_stored: matches,
    stored_events: stored.length,
    stored_head_hash: stored.at(-1)?.hash ?? null,
  };
}

/** One step of a shared record: what happened, by which party, when, and its seal; nothing it was said with. */
export interface SharedDealStep {
  seq: number;
  action: string;
  actor_role: DealRole;
  actor_name: string;
  created_at: string;
  rating: number | null;
  prev_hash: string;
  hash: string;
}

/**
 * The sealed record a share link opens (the public page `/deal-record/{token}`): the lot's title, the terms
 * (quantity, price, total, a booking's days), each step with its party's public name ("Amina W."), its time
 * and its hash, and whether the stored chain verifies now. Never contact data, addresses, comments,
 * attachments or account ids. A token that opens nothing is a 404, whatever the reason.
 */
export async function getSharedDealRecord(db: Executor, token: string, locale: Locale) {
  const share = await resolveHistoryShare(db, token);
  if (!share) throw new AppError('not_found', 'offers.share_not_found');
  const [parties] = await db
    .select({
      buyerId: offers.buyerId,
      sellerId: offers.sellerId,
      buyerName: userNameSql(offers.buyerId, 'public'),
      sellerName: userNameSql(offers.sellerId, 'public'),
    })
    .from(offers)
    .where(eq(offers.id, share.offerId));
  // The figures as the parties see them (the seller's view), of which only the terms are passed on.
  const [[view], events] = await Promise.all([
    loadOfferViews(db, parties.sellerId, [share.offerId], locale),
    loadDealEvents(db, share.offerId),
  ]);
  const check = verifyChain(events);
  const roleOfActor = (actorId: number): DealRole => (actorId === parties.buyerId ? 'buyer' : 'seller');
  return {
    offer: {
      id: view.id,
      offer_type: view.offer_type,
      status: view.status,
      lot_title: view.lot.title,
      buyer_name: parties.buyerName,
      seller_name: parties.sellerName,
      volume: view.volume,
      unit: view.unit,
      currency: view.currency,
      decimals: view.decimals,
      offer_price_per_unit: view.offer_price_per_unit,
      total_price_with_delivery: view.total_price_with_delivery,
      booking: view.booking,
      created_at: view.created_at,
    },
    steps: events.map((event): SharedDealStep => ({
      seq: event.seq,
      action: event.action,
      actor_role: roleOfActor(event.actor_id),
      actor_name: roleOfActor(event.actor_id) === 'buyer' ? parties.buyerName : parties.sellerName,
      created_at: event.created_at,
      rating:
        event.action === 'feedback' && typeof (event.data as { rating?: unknown } | null)?.rating === 'number'
          ? (event.data as { rating: number }).rating
          : null,
      prev_hash: event.prev_hash,
      hash: event.hash,
    })),
    head_hash: check.head_hash,
    valid: check.valid,
    broken_at: check.broken_at,
    expires_at: share.expiresAt.toISOString(),
  };
}
export type SharedDealRecord = Awaited<ReturnType<typeof getSharedDealRecord>>;

/** An attachment of a step, for the deal's parties only. */
export async function readAttachment(db: Executor, user: SessionUser, eventId: number, file: 'photo' | 'document') {
  const [event] = await db
    .select({
      offerId: offerEvents.offerId,
      photoKey: offerEvents.photoKey,
      documentKey: offerEvents.documentKey,
      documentName: offerEvents.documentName,
    })
    .from(offerEvents)
    .where(eq(offerEvents.id, eventId));
  if (!event) throw new AppError('not_found', 'errors.not_found');
  await assertParty(db, user.id, event.offerId);
  const key = file === 'photo' ? event.photoKey : event.documentKey;
  const stored = key ? await getStorage().get(key) : undefined;
  if (!key || !stored) throw new AppError('not_found', 'errors.not_found');
  return {
    ...stored,
    contentType: contentTypeOf(key),
    name:
      file === 'photo' ? `deal-${event.offerId}-${eventId}.webp` : (event.documentName ?? `deal-${event.offerId}.pdf`),
  };
}
