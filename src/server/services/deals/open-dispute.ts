import { eq } from 'drizzle-orm';
import type { DisputeReason } from '~/features/deals/constants';
import { roleOf } from '~/features/deals/state-machine';
import type { Locale } from '~/i18n/config';
import type { Database } from '~/server/db';
import { offers } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import type { SessionUser } from '~/server/services/accounts/users';
import { type StepFiles, applyDealEvent } from './apply-deal-event';
import { readAttachments } from './events';
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
 * release). The deal's `open-dispute` event through the one write path (apply-deal-event.ts), under the offer's row
 * lock — the lock every step that moves the money takes — so a dispute and a release cannot pass each other. A
 * second open dispute is refused (409 `offers.in_dispute`; the unique partial index refuses it too). The event
 * joins the deal's chain; the other party is e-mailed, the mail queued in the event's transaction.
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
  const files: StepFiles = { attachments: await readAttachments(input.photo, input.document) };
  try {
    await db.transaction(async (tx) => {
      const [offer] = await tx.select().from(offers).where(eq(offers.id, input.id)).for('update');
      const result = await applyDealEvent(tx, offer, {
        event: 'open-dispute',
        actor: { kind: 'member', id: user.id },
        reason: input.reason,
        comment: input.comment ?? null,
        files,
      });
      if (result.outcome === 'refused') throw result.error;
      await notifyDealStep(tx, input.id, 'open-dispute', user.id);
    });
  } catch (error) {
    await files.stored?.discard();
    throw error;
  }
  const [view] = await loadOfferViews(db, user.id, [input.id], locale);
  return view;
}
