import { shortenText } from '~/features/channels/phone-text';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { OFFER_STATUS, OFFER_TYPE, type DealEventAction } from '~/features/deals/constants';
import type { Locale } from '~/i18n/config';
import { createTranslator, type MessageKey, type Translate } from '~/i18n/t';
import { formatDate } from '~/i18n/format';
import { localizePath } from '~/i18n/paths';
import type { Executor } from '~/server/db';
import { lots, offerEvents, offers, users, walletAccounts, walletPostings } from '~/server/db/schema';
import { getEnv } from '~/server/env';
import { queueMail } from '~/server/mail';
import { dealStepMail } from '~/server/mail/templates';
import { queueSmsNotice } from '~/server/services/accounts/queue-sms-notice';
import { displayName, userLocale } from '~/server/services/accounts/users';
import { formatStoredMoney } from '~/server/services/reference/format-stored-money';

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

/** The deal's page, in the member's language, as a full address for a message. */
const dealUrl = (offerId: number, locale: Locale) =>
  `${getEnv().publicUrl}${localizePath(`/user/offer/${offerId}`, locale)}`;

/** A lot's title short enough for an SMS beside the deal's number and its step. */
const SMS_TITLE_MAX = 24;
const smsTitle = (title: string) => shortenText(title, SMS_TITLE_MAX);

/** What a step did to one member's wallet: money held from it, or money put in it (released, or given back). */
type MoneyNotice = { kind: 'held' | 'released' | 'returned'; amount: number; currency: string };

const MONEY_MESSAGE: Record<MoneyNotice['kind'], MessageKey> = {
  held: 'sms.notice_money_held',
  released: 'sms.notice_money_released',
  returned: 'sms.notice_money_returned',
};

/**
 * The money a step moved in or out of the parties' available pockets, per member: the postings of the step's own
 * transfer (the head event's `data.wallet`, written by the one write path), so what an SMS says is what the ledger
 * holds — the seller's part after the platform fee, a split decision's two parts.
 */
async function moneyOfStep(
  db: Executor,
  data: unknown,
  offer: { buyerId: number; sellerId: number },
): Promise<Map<number, MoneyNotice>> {
  const notices = new Map<number, MoneyNotice>();
  const transferId = (data as { wallet?: { transfer_id?: unknown } } | null)?.wallet?.transfer_id;
  if (typeof transferId !== 'number') return notices;
  const postings = await db
    .select({ userId: walletAccounts.userId, amount: walletPostings.amount, currency: walletPostings.currency })
    .from(walletPostings)
    .innerJoin(walletAccounts, eq(walletAccounts.id, walletPostings.accountId))
    .where(
      and(
        eq(walletPostings.transferId, transferId),
        eq(walletAccounts.kind, 'member_available'),
        inArray(walletAccounts.userId, [offer.buyerId, offer.sellerId]),
      ),
    );
  for (const posting of postings) {
    if (posting.userId === null || posting.amount === 0) continue;
    const kind = posting.amount < 0 ? 'held' : posting.userId === offer.sellerId ? 'released' : 'returned';
    notices.set(posting.userId, { kind, amount: Math.abs(posting.amount), currency: posting.currency });
  }
  return notices;
}

/**
 * E-mails the other party of a step (the one who must act next) in their language, with a link to the deal and
 * the history's head hash; when the step finished the deal, both parties. Members who turned off deal e-mails,
 * or have no e-mail address, get none. Called with the step's transaction: the e-mails are queued in it
 * (src/server/mail/index.ts) and delivered by the outbox worker (src/server/services/outbox/deliver-outbox.ts).
 *
 * In the same transaction, the SMS notices (docs/feature-phones.md "Notices"; queueSmsNotice checks the confirmed
 * phone, notices by SMS, STOP and the daily cap): the same recipients get the step by SMS, e-mail or not, unless
 * they turned deal notices off; and a member whose available money the step moved — held for the deal, released to
 * the seller, given back to the buyer — is told how much in the same SMS, whatever the deal setting says (it is their
 * money, as with the automatic-release warning). One SMS per member and step.
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
    .select({ hash: offerEvents.hash, data: offerEvents.data })
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
  const money = await moneyOfStep(db, head?.data ?? null, offer);
  for (const person of people) {
    const toldStep = recipients.includes(person.id) && person.dealNotification;
    const moved = money.get(person.id);
    if (!toldStep && !moved) continue;
    const locale = userLocale(person);
    const t = createTranslator(locale);
    const url = dealUrl(offer.id, locale);
    if (toldStep && person.email)
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
    const moneyText = moved
      ? t(MONEY_MESSAGE[moved.kind], {
          id: offer.id,
          amount: await formatStoredMoney(db, moved.amount, moved.currency, locale),
        })
      : '';
    await queueSmsNotice(
      db,
      person.id,
      dealSmsText(t, { id: offer.id, lot: offer.lotTitle, url }, toldStep && step, moneyText),
    );
  }
}

/** A deal's SMS notice: its step (when the member is told it), what it did to their money, and the deal's link. */
function dealSmsText(
  t: Translate,
  deal: { id: number; lot: string; url: string },
  step: MessageKey | false,
  money: string,
): string {
  const vars = { id: deal.id, lot: smsTitle(deal.lot), url: deal.url };
  if (!step) return t('sms.notice_money', { money, url: deal.url });
  if (!money) return t('sms.notice_deal', { ...vars, step: t(step) });
  return t('sms.notice_deal_money', { ...vars, step: t(step), money });
}

/**
 * Warns the buyer, once a day before it, that a deal's frozen money goes to the seller by itself on `releaseAt`
 * unless they confirm or open a dispute (docs/deals.md "Automatic release"): by e-mail, and by SMS
 * (queueSmsNotice). Sent whatever the deal notice setting says: it is about the member's money. Queued with `db`,
 * the transaction that claims the warning.
 */
export async function notifyAutoReleaseSoon(db: Executor, offerId: number, releaseAt: Date): Promise<void> {
  const [offer] = await db
    .select({ id: offers.id, buyerId: offers.buyerId, lotTitle: lots.title })
    .from(offers)
    .innerJoin(lots, eq(lots.id, offers.lotId))
    .where(eq(offers.id, offerId));
  if (!offer) return;
  const [buyer] = await db.select().from(users).where(eq(users.id, offer.buyerId));
  if (!buyer) return;
  const locale = userLocale(buyer);
  const t = createTranslator(locale);
  const url = dealUrl(offer.id, locale);
  if (buyer.email) {
    const [head] = await db
      .select({ hash: offerEvents.hash })
      .from(offerEvents)
      .where(eq(offerEvents.offerId, offerId))
      .orderBy(desc(offerEvents.seq))
      .limit(1);
    await queueMail(
      db,
      dealStepMail(locale, buyer.email, buyer.firstName, {
        id: offer.id,
        lot: offer.lotTitle,
        step: t('offers.step_auto_release_soon', { date: formatDate(releaseAt, locale, { dateStyle: 'long' }) }),
        actor: 'Mavuno',
        hash: head?.hash ?? '',
        url,
      }),
    );
  }
  await queueSmsNotice(
    db,
    buyer.id,
    t('sms.notice_auto_release_soon', {
      id: offer.id,
      date: formatDate(releaseAt, locale, { dateStyle: 'medium' }),
      url,
    }),
  );
}
