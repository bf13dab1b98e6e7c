import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SMS_NOTICE_DAILY_CAP } from '~/features/channels/constants';
import { isGsm7, toGsm7 } from '~/features/channels/gsm7';
import { formatMoney } from '~/i18n/format';
import { priceAlerts, smsOutbox, users, walletAccounts } from '~/server/db/schema';
import { getEnv } from '~/server/env';
import { queueSmsNotice } from '~/server/services/accounts/queue-sms-notice';
import { setTier } from '~/server/services/accounts/tiers';
import type { PayoutRow } from '~/server/services/payments/settle-payout';
import { notifyPayoutOutcome } from '~/server/services/payments/notify-payout-outcome';
import { deliverPriceAlert } from '~/server/services/statistics/deliver-price-alert';
import { chartCurrency } from '~/server/services/statistics/read-price-chart';
import { apiRequest, form, post } from '../fixtures/api';
import { lastSmsTo, signUp, signedUpUser, uniquePhone } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';
import { act, makeOffer, sellMaize } from '../fixtures/deals';
import { topUp } from '../fixtures/wallet';

/** Notices by SMS (docs/feature-phones.md "Notices"): deal steps, money held and released, payouts, price alerts. */

const database = useTestDatabase();
const db = () => database.handle().db;
/** KES 3,500 a bag × 10 bags, picked up: a wallet deal's total in cents. */
const TOTAL = 3_500_000;
const KES = { code: 'KES', decimals: 2 };

/** A member who signed up on a phone, with no e-mail: notices by SMS are on for them. */
async function phoneMember(locale: 'en' | 'sw' | 'fr' = 'en') {
  const phone = uniquePhone();
  expect((await post('/user/send-phone-pin', form({ phone }))).status).toBe(200);
  const pin = /\b(\d{4})\b/.exec((await lastSmsTo(database.handle(), phone)).text)![1];
  const { phone_token } = (await post('/user/verify-phone-pin', form({ phone, pin }))).json;
  const res = await signUp({ email: undefined, phone, phone_token, locale }, locale);
  expect(res.status, res.text).toBe(200);
  const [row] = await db().select().from(users).where(eq(users.phone, phone));
  return { phone, id: row.id, auth: { Authorization: `Bearer ${res.json.access_token}` } };
}

/** A phone-only member with the silver tier and a maize lot (KES 3,600 a bag). */
async function phoneSeller(locale: 'en' | 'sw' | 'fr' = 'en') {
  const seller = await phoneMember(locale);
  await setTier(db(), { userId: seller.id }, 'silver');
  return { ...seller, lotId: await sellMaize(seller.auth) };
}

/** The SMS notices queued for a member, oldest first. */
const noticesOf = (userId: number) =>
  db()
    .select()
    .from(smsOutbox)
    .where(and(eq(smsOutbox.userId, userId), eq(smsOutbox.purpose, 'notice')))
    .orderBy(smsOutbox.id);

const offerOn = (auth: Record<string, string>, lotId: number, extra: Record<string, unknown> = {}) =>
  makeOffer(auth, { order_id: lotId, order_type: 'board_list', price: 3500, volume: 10, ...extra });

const dealLink = (id: number, prefix = '') => `${getEnv().publicUrl}${prefix}/user/offer/${id}`;

describe('deal notices by SMS', () => {
  it('tell a phone-only member of an offer on their lot, in their language, in GSM-7, with the deal’s link', async () => {
    const seller = await phoneSeller('sw');
    const settings = await apiRequest('/user/profile-settings-data/', { headers: seller.auth });
    expect(settings.json.user_main_info).toMatchObject({ email: null, sms_notification: true, sms_stopped: false });
    const buyer = await signedUpUser();
    const offer = await offerOn(buyer.auth, seller.lotId);
    expect(offer.status, offer.text).toBe(200);

    const [notice] = await noticesOf(seller.id);
    expect(notice).toMatchObject({ to: seller.phone, purpose: 'notice', userId: seller.id });
    expect(notice.text).toBe(
      `Mavuno: mpango #${offer.json.id} (Dry white maize, grade 1): umepokea ofa mpya. ${dealLink(offer.json.id, '/sw')}`,
    );
    expect(isGsm7(notice.text)).toBe(true);
    // The buyer made the offer: nothing to tell them, and a web account has SMS notices off anyway.
    const [buyerRow] = await db().select().from(users).where(eq(users.email, buyer.email));
    expect(buyerRow.smsNotification).toBe(false);
    expect(await noticesOf(buyerRow.id)).toEqual([]);
  });

  it('stop with STOP, with the deal switch off, and with the SMS switch off; the switch is saved by update-main-info', async () => {
    const seller = await phoneSeller();
    const buyer = await signedUpUser();
    await db().update(users).set({ smsStoppedAt: new Date() }).where(eq(users.id, seller.id));
    expect((await offerOn(buyer.auth, seller.lotId)).status).toBe(200);
    expect(await noticesOf(seller.id)).toEqual([]);

    await db().update(users).set({ smsStoppedAt: null, dealNotification: false }).where(eq(users.id, seller.id));
    expect((await offerOn((await signedUpUser()).auth, seller.lotId)).status).toBe(200);
    expect(await noticesOf(seller.id)).toEqual([]);

    await db().update(users).set({ dealNotification: true }).where(eq(users.id, seller.id));
    const off = await apiRequest('/user/update-main-info', {
      method: 'POST',
      headers: { ...seller.auth, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form({ 'User[sms_notification]': 0 }),
    });
    expect(off.status, off.text).toBe(200);
    const settings = await apiRequest('/user/profile-settings-data/', { headers: seller.auth });
    expect(settings.json.user_main_info.sms_notification).toBe(false);
    expect((await offerOn((await signedUpUser()).auth, seller.lotId)).status).toBe(200);
    expect(await noticesOf(seller.id)).toEqual([]);

    // All on again: the next offer is told.
    await db().update(users).set({ smsNotification: true }).where(eq(users.id, seller.id));
    expect((await offerOn((await signedUpUser()).auth, seller.lotId)).status).toBe(200);
    expect(await noticesOf(seller.id)).toHaveLength(1);
  });

  it(`hold at ${SMS_NOTICE_DAILY_CAP} a member’s day (UTC); the next day counts afresh`, async () => {
    const seller = await phoneSeller();
    for (let i = 0; i < SMS_NOTICE_DAILY_CAP - 1; i++)
      expect(await queueSmsNotice(db(), seller.id, `notice ${i}`)).toBe('queued');
    expect((await offerOn((await signedUpUser()).auth, seller.lotId)).status).toBe(200);
    expect(await noticesOf(seller.id)).toHaveLength(SMS_NOTICE_DAILY_CAP);
    // The cap is reached: the next offer is told on the site and not by SMS, and the offer itself goes through.
    expect((await offerOn((await signedUpUser()).auth, seller.lotId)).status).toBe(200);
    expect(await noticesOf(seller.id)).toHaveLength(SMS_NOTICE_DAILY_CAP);
    expect(await queueSmsNotice(db(), seller.id, 'one more')).toBe('capped');
    const tomorrow = new Date(Date.now() + 86_400_000);
    expect(await queueSmsNotice(db(), seller.id, 'tomorrow', { now: tomorrow })).toBe('queued');
  });

  it('say how much money is held for a wallet deal and how much is released to the seller, in one SMS per step', async () => {
    const seller = await phoneSeller();
    const buyer = await phoneMember('fr');
    await topUp(database.handle(), buyer.id, TOTAL);
    const offer = await offerOn(buyer.auth, seller.lotId, { payment_type: 2 });
    expect(offer.status, offer.text).toBe(200);
    const id = offer.json.id as number;

    expect((await act(seller.auth, 'approve-offer', id)).status).toBe(200);
    const [held] = await noticesOf(buyer.id);
    const heldAmount = toGsm7(formatMoney(TOTAL, KES, 'fr'));
    expect(held.text).toBe(
      `Mavuno : transaction #${id} (Dry white maize, grade 1) : votre offre a été acceptée. Une somme de ${heldAmount} est bloquée pour la transaction #${id}. ${dealLink(id, '/fr')}`,
    );

    expect((await act(seller.auth, 'delivery-send', id)).status).toBe(200);
    // The buyer confirms with deal notices off: they no longer hear of steps, but still of their money.
    await db().update(users).set({ dealNotification: false }).where(eq(users.id, buyer.id));
    const sellerBefore = (await noticesOf(seller.id)).length;
    const buyerBefore = (await noticesOf(buyer.id)).length;
    expect((await act(buyer.auth, 'delivery-get', id)).status).toBe(200);
    const [pocket] = await db()
      .select({ balance: walletAccounts.balance })
      .from(walletAccounts)
      .where(and(eq(walletAccounts.userId, seller.id), eq(walletAccounts.kind, 'member_available')));
    const sellerNotices = await noticesOf(seller.id);
    expect(sellerNotices).toHaveLength(sellerBefore + 1);
    expect(sellerNotices.at(-1)!.text).toBe(
      `Mavuno: deal #${id} (Dry white maize, grade 1): the deal is done. ${toGsm7(formatMoney(pocket.balance, KES, 'en'))} from deal #${id} is now in your Mavuno wallet. ${dealLink(id)}`,
    );
    // The deal is done for the buyer too, but they turned deal notices off, and none of their money moved.
    expect(await noticesOf(buyer.id)).toHaveLength(buyerBefore);
  });

  it('tell a member a payout’s outcome by SMS, e-mail or not', async () => {
    const member = await phoneMember();
    const payout = {
      status: 'failed',
      userId: member.id,
      amountMinor: 500_000,
      currency: 'KES',
      destinationMasked: 'M-Pesa ••••5678',
      reference: 'po_test',
    } as PayoutRow;
    await notifyPayoutOutcome(db(), payout);
    const [notice] = await noticesOf(member.id);
    expect(notice.text).toBe(
      `Mavuno: we could not send ${toGsm7(formatMoney(500_000, KES, 'en'))} to M-Pesa ----5678. The money is back in your wallet.`,
    );
  });
});

describe('price alerts by SMS', () => {
  const MAIZE = 3;
  async function smsAlert(userId: number) {
    const [alert] = await db()
      .insert(priceAlerts)
      .values({
        userId,
        categoryId: MAIZE,
        currencyId: 1,
        kind: 'above',
        thresholdMinor: 100_000,
        byEmail: false,
        bySms: true,
        unsubscribeTokenHash: `replaced when it fires ${crypto.randomUUID()}`,
      })
      .returning();
    return alert;
  }
  const fire = async (alert: typeof priceAlerts.$inferSelect) =>
    deliverPriceAlert(db(), alert, { kind: 'price', priceMinor: 400_000 }, await chartCurrency(db(), 1), {
      today: new Date().toISOString().slice(0, 10),
      basis: { byMass: false, unitId: 4 },
    });
  const claimed = async (id: number) =>
    (await db().select().from(priceAlerts).where(eq(priceAlerts.id, id)))[0].lastFiredOn !== null;

  it('go as a notice whatever the general SMS switch says, respect STOP and the daily cap, and claim only what was sent', async () => {
    const member = await signedUpUser();
    const phone = uniquePhone();
    await db().update(users).set({ phone, phoneVerifiedAt: new Date() }).where(eq(users.email, member.email));
    const [row] = await db().select().from(users).where(eq(users.email, member.email));
    // A web account: notices by SMS off; the alert's own by_sms is the member's choice.
    expect(row.smsNotification).toBe(false);

    const first = await smsAlert(row.id);
    expect(await fire(first)).toBe(true);
    const sms = await lastSmsTo(database.handle(), phone);
    expect(sms).toMatchObject({ userId: row.id, purpose: 'notice' });
    expect(sms.text).toContain('/price-alerts/unsubscribe?token=');

    await db().update(users).set({ smsStoppedAt: new Date() }).where(eq(users.id, row.id));
    const stopped = await smsAlert(row.id);
    expect(await fire(stopped)).toBe(false);
    expect(await claimed(stopped.id)).toBe(false);
    expect((await lastSmsTo(database.handle(), phone)).id).toBe(sms.id);

    await db().update(users).set({ smsStoppedAt: null }).where(eq(users.id, row.id));
    const [{ n }] = await db()
      .select({ n: count() })
      .from(smsOutbox)
      .where(and(eq(smsOutbox.userId, row.id), eq(smsOutbox.purpose, 'notice')));
    for (let i = n; i < SMS_NOTICE_DAILY_CAP; i++)
      await queueSmsNotice(db(), row.id, `notice ${i}`, { chosenBySms: true });
    const capped = await smsAlert(row.id);
    expect(await fire(capped)).toBe(false);
    expect(await claimed(capped.id)).toBe(false);
  });
});
