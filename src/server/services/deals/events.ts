import { desc, eq } from 'drizzle-orm';
import { OFFER_DOCUMENT_MAX_BYTES, OFFER_PHOTO_MAX_BYTES, type DealEventAction } from '~/features/deals/constants';
import type { Executor } from '~/server/db';
import { offerEvents } from '~/server/db/schema';
import { appendDealLines } from '~/server/services/chat/append-deal-lines';
import { getStorage } from '~/server/storage';
import { AppError } from '~/server/errors';
import { detectUpload, encodeWebp, newStorageKey, readUpload } from '~/server/storage/uploads';
import { GENESIS_HASH, hashEvent, sha256Hex, type ChainedEvent } from './chain';
import type { OfferRow } from './offer-view';

/** Attachments of one step, checked and ready to store: a photo re-encoded (metadata dropped), a PDF as sent. */
export interface Attachments {
  photo?: { bytes: Buffer; sha256: string };
  document?: { bytes: Uint8Array; name: string; sha256: string };
}

/** A step's photo must be an image and its document a PDF: each field says which it wants. */
const wrongType = (field: string, key: 'uploads.invalid_image' | 'deal.document_not_pdf') =>
  new AppError('validation_failed', key, { fields: { [field]: [{ key }] } });

/** Reads and checks the optional `photo` (an image, ≤ 20 MB) and `document` (a PDF, ≤ 50 MB) of a step. */
export async function readAttachments(photo: unknown, document: unknown): Promise<Attachments> {
  const out: Attachments = {};
  if (photo !== undefined && photo !== '') {
    const { bytes } = await readUpload(photo, OFFER_PHOTO_MAX_BYTES, 'photo');
    if ((await detectUpload(bytes))?.kind !== 'image') throw wrongType('photo', 'uploads.invalid_image');
    const [{ data: encoded }] = (await encodeWebp(bytes, [1600], 'photo')).values();
    out.photo = { bytes: encoded, sha256: sha256Hex(encoded) };
  }
  if (document !== undefined && document !== '') {
    const { bytes, name } = await readUpload(document, OFFER_DOCUMENT_MAX_BYTES, 'document');
    if ((await detectUpload(bytes))?.kind !== 'pdf') throw wrongType('document', 'deal.document_not_pdf');
    out.document = { bytes, name, sha256: sha256Hex(bytes) };
  }
  return out;
}

/** Stored attachments' keys; `discard` removes them when the step does not commit. */
export async function storeAttachments(offerId: number, attachments: Attachments) {
  const photoKey = attachments.photo ? `${newStorageKey('offers', offerId)}.webp` : null;
  const documentKey = attachments.document ? `${newStorageKey('offers', offerId)}.pdf` : null;
  if (photoKey) await getStorage().put(photoKey, attachments.photo!.bytes);
  if (documentKey) await getStorage().put(documentKey, attachments.document!.bytes);
  return {
    photoKey,
    documentKey,
    discard: async () => {
      for (const key of [photoKey, documentKey]) if (key) await getStorage().delete(key);
    },
  };
}

/**
 * Appends one event to an offer's chain, and tells it in the chat room of the deal's two parties about its lot
 * (docs/chat.md "Deal lines"), in the same transaction: the one place deal events are written. The caller holds
 * the offer's row lock, so the last event read here is still the last when this one is written (and the unique
 * (offer_id, seq) index stops a second writer anyway). The deal line takes the chat's message order lock until
 * the commit (services/chat/append-message.ts): call it last in a step, after every lot or offer lock is taken
 * and every file is stored, so that lock is held for a few statements only.
 */
export async function appendEvent(
  tx: Executor,
  offer: Pick<
    OfferRow,
    'id' | 'lotId' | 'offerType' | 'buyerId' | 'sellerId' | 'status' | 'deliveryStatus' | 'paymentStatus'
  >,
  event: {
    actorId: number;
    action: DealEventAction;
    comment?: string | null;
    data?: Record<string, unknown> | null;
    photoKey?: string | null;
    documentKey?: string | null;
    attachments?: Attachments;
    at: Date;
  },
): Promise<string> {
  const [last] = await tx
    .select({ seq: offerEvents.seq, hash: offerEvents.hash })
    .from(offerEvents)
    .where(eq(offerEvents.offerId, offer.id))
    .orderBy(desc(offerEvents.seq))
    .limit(1);
  const prevHash = last?.hash ?? GENESIS_HASH;
  const content: ChainedEvent = {
    offer_id: offer.id,
    seq: (last?.seq ?? 0) + 1,
    actor_id: event.actorId,
    action: event.action,
    status: offer.status,
    delivery_status: offer.deliveryStatus,
    payment_status: offer.paymentStatus,
    comment: event.comment ?? null,
    data: event.data ?? null,
    photo_sha256: event.attachments?.photo?.sha256 ?? null,
    document_sha256: event.attachments?.document?.sha256 ?? null,
    created_at: event.at.toISOString(),
  };
  const hash = hashEvent(prevHash, content);
  await tx.insert(offerEvents).values({
    offerId: offer.id,
    seq: content.seq,
    actorId: event.actorId,
    action: event.action,
    status: offer.status,
    deliveryStatus: offer.deliveryStatus,
    paymentStatus: offer.paymentStatus,
    comment: content.comment,
    data: content.data as Record<string, unknown> | null,
    photoKey: event.photoKey ?? null,
    photoSha256: content.photo_sha256,
    documentKey: event.documentKey ?? null,
    documentName: event.attachments?.document?.name ?? null,
    documentSha256: content.document_sha256,
    createdAt: event.at,
    prevHash,
    hash,
  });
  await appendDealLines(tx, offer, event.action, event.data);
  return hash;
}
