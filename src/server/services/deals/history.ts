import { asc, eq } from 'drizzle-orm';
import { userNameSql } from '~/server/services/accounts/users';
import { z } from 'zod';
import type { Executor } from '~/server/db';
import { offerEvents } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { contentTypeOf, getStorage } from '~/server/storage';
import type { SessionUser } from '~/server/services/accounts/users';
import { verifyChain, type ChainedEvent } from './chain';
import { assertParty } from './list-offers';
import { attachmentUrl } from './offer-view';

export interface DealEventView extends ChainedEvent {
  id: number;
  actor_name: string;
  photo_url: string | null;
  document_url: string | null;
  document_name: string | null;
  prev_hash: string;
  hash: string;
}

async function loadEvents(db: Executor, offerId: number): Promise<DealEventView[]> {
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
  const events = await loadEvents(db, offerId);
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
  const events = await loadEvents(db, offerId);
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

/**
 * `POST /offer/verify-history`: checks a saved history (anyone, no account) — the same computation as the stored
 * check. `valid` says the saved events are an unbroken chain; `matches_stored` says whether they are exactly
 * the chain Mavuno holds for that deal (a chain anyone computed themselves is valid, but matches nothing).
 */
export async function verifyExportedHistory(db: Executor, history: z.infer<typeof exportedHistorySchema>) {
  const offerIds = new Set(history.events.map((e) => e.offer_id));
  if (offerIds.size !== 1) return { valid: false, broken_at: 1, head_hash: null, matches_stored: false };
  const check = verifyChain(history.events.map((e) => ({ ...e, data: e.data ?? null })));
  const stored = await db
    .select({ seq: offerEvents.seq, hash: offerEvents.hash })
    .from(offerEvents)
    .where(eq(offerEvents.offerId, history.events[0].offer_id))
    .orderBy(asc(offerEvents.seq));
  // A saved copy may predate later steps: it matches when each of its events is the stored one at that place.
  const matches = check.valid && history.events.every((event, index) => stored[index]?.hash === event.hash);
  return { ...check, matches_stored: matches, stored_events: stored.length };
}

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
