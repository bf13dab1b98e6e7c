import { eq } from 'drizzle-orm';
import { OFFER_STATUS, type DisputeReason } from '~/features/deals/constants';
import { roleOf } from '~/features/deals/state-machine';
import type { Locale } from '~/i18n/config';
import type { Database } from '~/server/db';
import { dealDisputes, offers } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import type { SessionUser } from '~/server/services/accounts/users';
import { appendEvent, readAttachments, storeAttachments } from './events';
import { findFrozenMoney } from './find-frozen-money';
import { findOpenDispute } from './find-open-dispute';
import { notifyDealStep } from './notify';
import { loadOfferViews, type OfferView } from './offer-view';

export interface OpenDisputeInput {
  id: number;
  reason: DisputeReason;
  comment?: string;
  photo?: unknown;
  document?: unknown;
}

/**
 * `POST /offer/open-dispute` (docs/deals.md "Disputes"): either party of an approved deal whose money is frozen
 * opens a dispute; the money then waits for the platform's decision (no release, no return, no automatic
 * release). Under the offer's row lock — the lock every step that moves the money takes — so a dispute and a
 * release cannot pass each other. A second open dispute is refused (409 `offers.in_dispute`; the unique partial
 * index refuses it too). The event joins the deal's chain; the other party is e-mailed.
 */
export async function openDispute(
  db: Database,
  user: SessionUser,
  input: OpenDisputeInput,
  locale: Locale,
): Promise<OfferView> {
  const [current] = await db.select().from(offers).where(eq(offers.id, input.id));
  if (!current) throw new AppError('not_found', 'offers.not_found');
  if (!roleOf(current, user.id)) throw new AppError('forbidden', 'offers.not_party');
  const attachments = await readAttachments(input.photo, input.document);
  let stored: Awaited<ReturnType<typeof storeAttachments>> | undefined;
  try {
    await db.transaction(async (tx) => {
      const [offer] = await tx.select().from(offers).where(eq(offers.id, input.id)).for('update');
      if (offer.status !== OFFER_STATUS.approved) throw new AppError('conflict', 'offers.wrong_state');
      const frozen = await findFrozenMoney(tx, offer.id);
      if (frozen?.status !== 'pending') throw new AppError('conflict', 'offers.not_frozen');
      if (await findOpenDispute(tx, offer.id)) throw new AppError('offers.in_dispute', 'offers.in_dispute');
      stored = await storeAttachments(offer.id, attachments);
      const now = new Date();
      const [dispute] = await tx
        .insert(dealDisputes)
        .values({
          offerId: offer.id,
          openedBy: user.id,
          reason: input.reason,
          comment: input.comment ?? null,
          createdAt: now,
        })
        .returning();
      await appendEvent(tx, offer, {
        actorId: user.id,
        action: 'open-dispute',
        comment: input.comment ?? null,
        data: { dispute: { id: dispute.id, reason: input.reason } },
        photoKey: stored.photoKey,
        documentKey: stored.documentKey,
        attachments,
        at: now,
      });
    });
  } catch (error) {
    await stored?.discard();
    throw error;
  }
  await notifyDealStep(db, input.id, 'open-dispute', user.id);
  const [view] = await loadOfferViews(db, user.id, [input.id], locale);
  return view;
}
