import { eq } from 'drizzle-orm';
import type { OfferAction } from '~/features/deals/constants';
import { decide } from '~/features/deals/state-machine';
import type { Locale } from '~/i18n/config';
import type { Database, Executor } from '~/server/db';
import { offers } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import type { SessionUser } from '~/server/services/accounts/users';
import { type StepFiles, applyDealEvent, refusalError } from './apply-deal-event';
import { readAttachments } from './events';
import { lockLot } from './lot-reservation';
import { notifyDealStep } from './notify';
import { dealStateOf, loadOfferViews, type OfferView } from './offer-view';

/**
 * `POST /offer/{action}`: one step of a deal by one of its parties; when it changed the deal, the party who acts
 * next is e-mailed (and the makers of offers an approval declined), the mail queued in the step's transaction.
 */
export async function actOnOffer(
  db: Database,
  user: SessionUser,
  action: OfferAction,
  input: OfferStepInput,
  locale: Locale,
): Promise<OfferView> {
  await recordOfferStep(db, user, action, input, async (tx, declined) => {
    await notifyDealStep(tx, input.id, action, user.id);
    for (const id of declined) await notifyDealStep(tx, id, 'decline-offer', user.id);
  });
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
 * Records a step after creation (docs/deals.md "Actions"), nothing else: under the lot's and the offer's row locks
 * the one write path (`applyDealEvent`) asks the state machine and writes its answer — status, money, the lot's
 * reservation, the event of the deal's chain with the step's attachments, the chat line. A step whose effect is
 * already there changes nothing (`applied` false). `onApplied`, when the step changed the deal, runs inside the
 * step's transaction (the e-mails of actOnOffer) with the offers it declined. The demo data set records its deals'
 * steps with it inside its own transaction.
 */
export async function recordOfferStep(
  db: Executor,
  user: SessionUser,
  action: OfferAction,
  input: OfferStepInput,
  onApplied?: (tx: Executor, declined: number[]) => Promise<void>,
): Promise<{ applied: boolean; declined: number[] }> {
  // A first look without a lock: strangers, wrong turns and repeats are answered before any file is read.
  const [current] = await db.select().from(offers).where(eq(offers.id, input.id));
  if (!current) throw new AppError('not_found', 'offers.not_found');
  const first = decide(dealStateOf(current), action, user.id);
  if (first.outcome === 'unchanged') return { applied: false, declined: [] };
  if (first.outcome !== 'apply') throw refusalError(first);
  // Files are read and checked before any lock is taken: a 50 MB upload must not hold a row.
  const files: StepFiles = { attachments: await readAttachments(input.photo, input.document) };
  try {
    return await db.transaction(async (tx) => {
      // Lock order: the lot, then its offers — the order of every writer of both (an approval or a closed lot
      // declines the lot's waiting offers while it holds the lot), so two steps on one lot cannot deadlock.
      // An offer never changes its lot: the lot id of the first look is the one to lock.
      await lockLot(tx, current.lotId);
      const [offer] = await tx.select().from(offers).where(eq(offers.id, input.id)).for('update');
      const result = await applyDealEvent(tx, offer, {
        event: action,
        actor: { kind: 'member', id: user.id },
        comment: input.comment ?? null,
        files,
      });
      if (result.outcome === 'refused') throw result.error;
      if (result.outcome !== 'applied') return { applied: false, declined: [] };
      await onApplied?.(tx, result.declined);
      return { applied: true, declined: result.declined };
    });
  } catch (error) {
    await files.stored?.discard();
    throw error;
  }
}
