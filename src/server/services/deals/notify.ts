import { desc, eq, inArray } from 'drizzle-orm';
import { OFFER_STATUS, OFFER_TYPE, type DealEventAction } from '~/features/deals/constants';
import { createTranslator, type MessageKey } from '~/i18n/t';
import { formatDate } from '~/i18n/format';
import { localizePath } from '~/i18n/paths';
import type { Executor } from '~/server/db';
import { lots, offerEvents, offers, users } from '~/server/db/schema';
import { getEnv } from '~/server/env';
import { queueMail } from '~/server/mail';
import { dealStepMail } from '~/server/mail/templates';
import { displayName, userLocale } from '~/server/services/accounts/users';

/** What the other party reads about a step, from their side of the deal. */
const STEP_MESSAGE: Record<Exclude<DealEventAction, 'feedback'>, MessageKey> = {
  create: 'offers.step_create',
  'approve-offer': 'offers.step_approve_offer',
  'decline-offer': 'offers.step_decline_offer',
  'delete-offer': 'offers.step_delete_offer',
  'delivery-send': 'offers.step_delivery_send',
  'delivery-get': 'offers.step_delivery_get',
  'payment-send': 'offers.step_payment_send',
  'payment-get': 'offers.step_payment_get',
  'approve-direct-payment': 'offers.step_approve_direct_payment',
  'open-dispute': 'offers.step_open_dispute',
  'resolve-dispute': 'offers.step_resolve_dispute',
  'auto-release': 'offers.step_auto_release',
};

/** The step in the words of its kind of deal: a booking hands a machine over, a sale sends goods. */
function stepMessage(
  action: Exclude<DealEventAction, 'feedback'>,
  deal: { isDone: boolean; isDirect: boolean; isBooking: boolean },
): MessageKey {
  if (deal.isDone) return 'offers.step_done';
  if (action === 'create' && deal.isDirect) return 'offers.step_create_direct';
  if (action === 'create' && deal.isBooking) return 'offers.step_create_booking';
  if (deal.isBooking && action === 'delivery-send') return 'offers.step_machine_handed_over';
  if (deal.isBooking && action === 'delivery-get') return 'offers.step_machine_received';
  return STEP_MESSAGE[action];
}

/**
 * E-mails the other party of a step (the one who must act next) in their language, with a link to the deal and
 * the history's head hash; when the step finished the deal, both parties. Members who turned off deal e-mails,
 * or have no e-mail address, get none. Called with the step's transaction: the e-mails are queued in it
 * (src/server/mail/index.ts) and delivered by the outbox worker (src/server/services/outbox/deliver-outbox.ts).
 */
export async function notifyDealStep(
  db: Executor,
  offerId: number,
  action: Exclude<DealEventAction, 'feedback'>,
  actorId: number,
  /** Words for the step other than its action's (a dispute's decision). */
  stepKey?: MessageKey,
): Promise<void> {
  const [offer] = await db
    .select({
      id: offers.id,
      status: offers.status,
      offerType: offers.offerType,
      buyerId: offers.buyerId,
      sellerId: offers.sellerId,
      direct: offers.approvedDirectly,
      lotTitle: lots.title,
    })
    .from(offers)
    .innerJoin(lots, eq(lots.id, offers.lotId))
    .where(eq(offers.id, offerId));
  if (!offer) return;
  const [head] = await db
    .select({ hash: offerEvents.hash })
    .from(offerEvents)
    .where(eq(offerEvents.offerId, offerId))
    .orderBy(desc(offerEvents.seq))
    .limit(1);
  const otherId = actorId === offer.buyerId ? offer.sellerId : offer.buyerId;
  const isDone = offer.status === OFFER_STATUS.done;
  // The platform's steps (a dispute's decision, an automatic release) are told to both parties.
  const byPlatform = action === 'resolve-dispute' || action === 'auto-release';
  const recipients = isDone || byPlatform ? [offer.buyerId, offer.sellerId] : [otherId];
  const people = await db
    .select()
    .from(users)
    .where(inArray(users.id, [offer.buyerId, offer.sellerId]));
  const actor = people.find((p) => p.id === actorId);
  const step =
    stepKey ?? stepMessage(action, { isDone, isDirect: offer.direct, isBooking: offer.offerType === OFFER_TYPE.rent });
  for (const person of people.filter((p) => recipients.includes(p.id))) {
    if (!person.email || !person.dealNotification) continue;
    const locale = userLocale(person);
    const t = createTranslator(locale);
    const url = `${getEnv().publicUrl}${localizePath(`/user/offer/${offer.id}`, locale)}`;
    await queueMail(
      db,
      dealStepMail(locale, person.email, person.firstName, {
        id: offer.id,
        lot: offer.lotTitle,
        step: t(step),
        actor: actor ? displayName(actor) : 'Mavuno',
        hash: head?.hash ?? '',
        url,
      }),
    );
  }
}

/**
 * Warns the buyer, once a day before it, that a deal's frozen money goes to the seller by itself on `releaseAt`
 * unless they confirm or open a dispute (docs/deals.md "Automatic release"). Sent whatever the deal e-mail setting
 * says: it is about the member's money. Queued with `db`, the transaction that claims the warning.
 */
export async function notifyAutoReleaseSoon(db: Executor, offerId: number, releaseAt: Date): Promise<void> {
  const [offer] = await db
    .select({ id: offers.id, buyerId: offers.buyerId, lotTitle: lots.title })
    .from(offers)
    .innerJoin(lots, eq(lots.id, offers.lotId))
    .where(eq(offers.id, offerId));
  if (!offer) return;
  const [buyer] = await db.select().from(users).where(eq(users.id, offer.buyerId));
  if (!buyer?.email) return;
  const [head] = await db
    .select({ hash: offerEvents.hash })
    .from(offerEvents)
    .where(eq(offerEvents.offerId, offerId))
    .orderBy(desc(offerEvents.seq))
    .limit(1);
  const locale = userLocale(buyer);
  const t = createTranslator(locale);
  await queueMail(
    db,
    dealStepMail(locale, buyer.email, buyer.firstName, {
      id: offer.id,
      lot: offer.lotTitle,
      step: t('offers.step_auto_release_soon', { date: formatDate(releaseAt, locale, { dateStyle: 'long' }) }),
      actor: 'Mavuno',
      hash: head?.hash ?? '',
      url: `${getEnv().publicUrl}${localizePath(`/user/offer/${offer.id}`, locale)}`,
    }),
  );
}
