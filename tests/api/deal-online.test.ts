import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lots, mailOutbox, offerEvents, offers, payments, walletAccounts, walletTransfers } from '~/server/db/schema';
import { getDb } from '~/server/db';
import { observeSandboxWebhooks, getSandboxProvider } from '~/server/payments/registry';
import type { SandboxWebhook } from '~/server/payments/sandbox';
import { loadDealPage } from '~/server/loaders/deal-page';
import { resolveUser } from '~/server/services/accounts/authenticate';
import { checkLedger } from '~/server/services/wallet/check-ledger';
import { findAccount } from '~/server/services/wallet/find-account';
import { useTestDatabase } from '../fixtures/database';
import { signedUpUser } from '../fixtures/accounts';
import { act, getAs, makeOffer, sellMaize } from '../fixtures/deals';
import { memberWithTier } from '../fixtures/lots';
import { TestCookies, formRequest } from '../fixtures/forms';
import { topUp, userId } from '../fixtures/wallet';
import { payForDealFromPage } from '~/server/loaders/deal-pay';
import { formTokenFor } from '~/server/http/form-token';

const database = useTestDatabase();
const db = () => database.handle().db;

/** KES 3,500 a bag × 10 bags, picked up: the deal's total in cents. */
const TOTAL = 3_500_000;
const PAID = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';

const balanceOf = async (spec: Parameters<typeof findAccount>[1]) => {
  const account = await findAccount(db(), spec);
  if (!account) return null;
  const [row] = await db()
    .select({ b: walletAccounts.balance })
    .from(walletAccounts)
    .where(eq(walletAccounts.id, account.id));
  return row.b;
};
const offerRow = async (id: number) => (await db().select().from(offers).where(eq(offers.id, id)))[0];
const paymentRow = async (reference: string) =>
  (await db().select().from(payments).where(eq(payments.reference, reference)))[0];
const events = (id: number) =>
  db().select().from(offerEvents).where(eq(offerEvents.offerId, id)).orderBy(offerEvents.seq);
/** The deal e-mails a member received, oldest first. */
const mailsTo = async (email: string) =>
  (await db().select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(mailOutbox.id)).filter((m) =>
    m.text.includes('/user/offer/'),
  );
const ledgerClean = async () => expect(await checkLedger(db())).toEqual({ ok: true, problems: [] });
const available = (id: number) => balanceOf({ kind: 'member_available', userId: id, currency: 'KES' });
const frozen = (offerId: number) => balanceOf({ kind: 'deal_frozen', offerId, currency: 'KES' });

/** A seller's maize lot and a buyer's offer of 10 bags at KES 3,500 on it, paid as `paymentType`. */
async function dealPaidBy(paymentType: number) {
  const seller = await memberWithTier(database.handle(), 'silver');
  const sellerId = await userId(database.handle(), seller.email);
  const lotId = await sellMaize(seller.auth);
  const buyer = await signedUpUser();
  const buyerId = await userId(database.handle(), buyer.email);
  const res = await makeOffer(buyer.auth, {
    order_id: lotId,
    order_type: 'board_list',
    price: 3500,
    volume: 10,
    payment_type: paymentType,
  });
  expect(res.status, res.text).toBe(200);
  expect(res.json.payment_type).toBe(paymentType);
  return { seller: { ...seller, id: sellerId }, buyer: { ...buyer, id: buyerId }, offerId: res.json.id as number };
}

/** An approved online deal. */
async function approvedOnlineDeal() {
  const deal = await dealPaidBy(3);
  const approved = await act(deal.seller.auth, 'approve-offer', deal.offerId);
  expect(approved.status, approved.text).toBe(200);
  return deal;
}

const tokenOf = (checkoutUrl: string) => new URL(checkoutUrl).pathname.split('/').pop()!;

/** Runs the hosted checkout's form with a test number; answers the webhooks the sandbox delivered meanwhile. */
async function checkout(checkoutUrl: string, number: string) {
  const delivered: SandboxWebhook[] = [];
  const stop = observeSandboxWebhooks((webhook) => delivered.push(webhook));
  try {
    const result = await getSandboxProvider()!.submit(tokenOf(checkoutUrl), { number });
    return { result, delivered };
  } finally {
    stop();
  }
}

async function sendSigned(webhook: SandboxWebhook) {
  const { getApiApp } = await import('~/server/api/app');
  const response = await getApiApp().request('/api-v2/payments/webhooks/sandbox', {
    method: 'POST',
    body: webhook.body,
    headers: webhook.headers,
  });
  return { status: response.status, json: (await response.json()) as { code?: string; outcome?: string } };
}

async function startPay(auth: Record<string, string>, offerId: number, method = 'card') {
  const res = await act(auth, 'pay', offerId, { method });
  expect(res.status, res.text).toBe(200);
  return res.json as { reference: string; checkout_url: string; amount_minor: number; currency: string };
}

describe('POST /offer/pay: an online deal (payment_type 3) paid through the sandbox', () => {
  it('moves nothing on approval; the paid checkout credits the buyer and freezes the total for the deal, once', async () => {
    const { seller, buyer, offerId } = await approvedOnlineDeal();
    const row = await offerRow(offerId);
    expect(row.paymentStatus).toBe(0);
    expect(await frozen(offerId)).toBeNull();
    // The buyer's turn, to pay; no step of the machine for the buyer. Not the seller's: the goods wait for the money,
    // and calling the deal off is no turn (docs/deals.md "Actions", nextActor).
    const view = await getAs(buyer.auth, `/offer/view?id=${offerId}`);
    expect(view.json).toMatchObject({ your_turn: true, waiting_for: 'buyer', allowed_actions: [] });

    const started = await startPay(buyer.auth, offerId);
    expect(started).toMatchObject({ amount_minor: TOTAL, currency: 'KES', offer_id: offerId, status: 'pending' });
    expect(started.reference).toMatch(/^dp_[0-9a-f]{24}$/);
    expect(started.checkout_url).toMatch(/\/sandbox-checkout\/cs_[0-9a-f]+\.[0-9a-f]+$/);
    expect(await paymentRow(started.reference)).toMatchObject({ purpose: 'deal', offerId, status: 'pending' });

    const mailsBefore = (await mailsTo(seller.email)).length;
    const { result, delivered } = await checkout(started.checkout_url, PAID);
    expect(result).toMatchObject({ ok: true, status: 'succeeded' });
    expect(delivered).toHaveLength(1);
    // The seller hears that the money is sent (held), once.
    expect((await mailsTo(seller.email)).length).toBe(mailsBefore + 1);

    // Held for the deal: nothing left in the buyer's available pocket, the total frozen, the money sent.
    expect(await available(buyer.id)).toBe(0);
    expect(await frozen(offerId)).toBe(TOTAL);
    expect((await offerRow(offerId)).paymentStatus).toBe(1);
    const payment = await paymentRow(started.reference);
    expect(payment).toMatchObject({ status: 'succeeded', dealOutcome: 'held' });
    const [credit] = await db().select().from(walletTransfers).where(eq(walletTransfers.id, payment.transferId!));
    expect(credit).toMatchObject({
      cause: 'top_up',
      offerId,
      idempotencyKey: `deal-payment:sandbox:${started.reference}`,
    });
    const chain = await events(offerId);
    const last = chain.at(-1)!;
    expect(last.action).toBe('payment-send');
    expect(last.actorId).toBe(buyer.id);
    expect(last.data).toMatchObject({
      wallet: { step: 'freeze', amount: TOTAL, currency: 'KES' },
      payment: { provider: 'sandbox', reference: started.reference, transfer_id: credit.id },
    });
    await ledgerClean();

    // The same webhook again: nothing more moves.
    expect((await sendSigned(delivered[0])).json.outcome).toBe('duplicate');
    expect((await mailsTo(seller.email)).length).toBe(mailsBefore + 1);
    expect(await frozen(offerId)).toBe(TOTAL);
    expect(await available(buyer.id)).toBe(0);

    // Both parties see it held on the deal page; the seller's "to be paid" no longer counts it.
    const seen = await getAs(seller.auth, '/offer/money?view=have-to-be-paid');
    expect(seen.json.items).toEqual([]);
    const owed = await getAs(buyer.auth, '/offer/money?view=have-to-pay');
    expect(owed.json.items).toEqual([]);
    const user = await resolveUser(await getDb(), { bearer: buyer.access });
    const page = await loadDealPage(user!, 'en', String(offerId), { check: false });
    expect(page.status === 200 && page.money).toEqual({ where: 'frozen', amount: TOTAL, online: true });

    // Paying again is refused: the deal no longer waits for money.
    const again = await act(buyer.auth, 'pay', offerId, { method: 'card' });
    expect(again.status).toBe(409);
    expect(again.text).toContain('offers.wrong_state');
  });

  it('releases the held money to the seller on goods received', async () => {
    const { seller, buyer, offerId } = await approvedOnlineDeal();
    // The goods wait for the money: neither sent nor confirmed received before it is held.
    const early = await act(seller.auth, 'delivery-send', offerId);
    expect(early.status).toBe(409);
    expect(early.text).toContain('offers.not_paid');
    expect((await act(buyer.auth, 'delivery-get', offerId)).status).toBe(409);

    const started = await startPay(buyer.auth, offerId, 'mobile_money');
    await checkout(started.checkout_url, '+254 700 000 001');
    expect(await frozen(offerId)).toBe(TOTAL);
    expect((await act(seller.auth, 'delivery-send', offerId)).status).toBe(200);
    // The seller's word never marks the money received.
    expect((await act(seller.auth, 'payment-get', offerId)).status).toBe(409);
    const received = await act(buyer.auth, 'delivery-get', offerId);
    expect(received.status, received.text).toBe(200);
    expect(received.json).toMatchObject({ status: 9, payment_status: 2, delivery_status: 2 });
    expect(await available(seller.id)).toBe(TOTAL);
    expect(await frozen(offerId)).toBe(0);
    expect(await available(buyer.id)).toBe(0);
    await ledgerClean();
  });

  it('returns the held money to the buyer when the seller calls the deal off before sending the goods', async () => {
    const { seller, buyer, offerId } = await approvedOnlineDeal();
    const started = await startPay(buyer.auth, offerId);
    await checkout(started.checkout_url, PAID);
    const declined = await act(seller.auth, 'decline-offer', offerId);
    expect(declined.status, declined.text).toBe(200);
    expect(declined.json).toMatchObject({ status: 1, payment_status: 0 });
    expect(await available(buyer.id)).toBe(TOTAL);
    expect(await frozen(offerId)).toBe(0);
    expect(await available(seller.id)).toBeNull();
    await ledgerClean();
  });

  it('leaves a payment arriving after the seller declined in the buyer’s available pocket, never lost', async () => {
    const { seller, buyer, offerId } = await approvedOnlineDeal();
    const started = await startPay(buyer.auth, offerId);
    // Called off before the money came: nothing to return, the deal just ends.
    const declined = await act(seller.auth, 'decline-offer', offerId);
    expect(declined.status, declined.text).toBe(200);
    expect(await frozen(offerId)).toBeNull();
    // The volume the approval reserved is on the market again.
    const [lot] = await db()
      .select()
      .from(lots)
      .where(eq(lots.id, (await offerRow(offerId)).lotId));
    expect(Number(lot.reservedVolume)).toBe(0);
    expect(lot.status).toBe('active');

    const mailsBefore = (await mailsTo(seller.email)).length;
    const { result } = await checkout(started.checkout_url, PAID);
    expect(result).toMatchObject({ ok: true, status: 'succeeded' });
    expect((await mailsTo(seller.email)).length).toBe(mailsBefore);
    expect(await available(buyer.id)).toBe(TOTAL);
    expect(await frozen(offerId)).toBeNull();
    expect(await paymentRow(started.reference)).toMatchObject({ status: 'succeeded', dealOutcome: 'left_available' });
    const row = await offerRow(offerId);
    expect(row).toMatchObject({ status: 1, paymentStatus: 0 });
    expect((await events(offerId)).some((e) => e.action === 'payment-send')).toBe(false);
    await ledgerClean();
  });

  it('holds only the first of two paid checkouts; the second stays in the buyer’s pocket', async () => {
    const { buyer, offerId } = await approvedOnlineDeal();
    const first = await startPay(buyer.auth, offerId);
    const second = await startPay(buyer.auth, offerId, 'mobile_money');
    await checkout(first.checkout_url, PAID);
    await checkout(second.checkout_url, '+254 700 000 001');
    expect(await frozen(offerId)).toBe(TOTAL);
    expect(await available(buyer.id)).toBe(TOTAL);
    expect(await paymentRow(first.reference)).toMatchObject({ dealOutcome: 'held' });
    expect(await paymentRow(second.reference)).toMatchObject({ dealOutcome: 'left_available' });
    await ledgerClean();
  });

  it('records a declined card and moves nothing; the buyer may pay again', async () => {
    const { buyer, offerId } = await approvedOnlineDeal();
    const started = await startPay(buyer.auth, offerId);
    const { result } = await checkout(started.checkout_url, DECLINED);
    expect(result).toMatchObject({ ok: true, status: 'failed' });
    expect(await paymentRow(started.reference)).toMatchObject({
      status: 'failed',
      failure: 'declined',
      dealOutcome: null,
    });
    expect(await available(buyer.id)).toBeNull();
    expect((await offerRow(offerId)).paymentStatus).toBe(0);
    expect((await act(buyer.auth, 'pay', offerId, { method: 'card' })).status).toBe(200);
  });

  it('refuses the buyer’s own "money sent" on an online deal with a stable reason', async () => {
    const { buyer, offerId } = await approvedOnlineDeal();
    const res = await act(buyer.auth, 'payment-send', offerId);
    expect(res.status).toBe(409);
    expect(res.text).toContain('offers.paid_online');
    expect((await offerRow(offerId)).paymentStatus).toBe(0);
  });

  it('refuses anyone but the buyer, a deal not approved yet, and deals not paid online', async () => {
    const deal = await dealPaidBy(3);
    // Not approved yet: nothing to pay.
    const early = await act(deal.buyer.auth, 'pay', deal.offerId, { method: 'card' });
    expect(early.status).toBe(409);
    expect(early.text).toContain('offers.wrong_state');
    expect((await act(deal.seller.auth, 'approve-offer', deal.offerId)).status).toBe(200);
    // The seller and a stranger cannot pay it; an unknown deal is a 404.
    expect((await act(deal.seller.auth, 'pay', deal.offerId, { method: 'card' })).status).toBe(403);
    const stranger = await signedUpUser();
    expect((await act(stranger.auth, 'pay', deal.offerId, { method: 'card' })).status).toBe(403);
    expect((await act(deal.buyer.auth, 'pay', 99_999_999, { method: 'card' })).status).toBe(404);
    // A bad method is a field error.
    const bad = await act(deal.buyer.auth, 'pay', deal.offerId, { method: 'cheque' });
    expect(bad.status).toBe(422);
    expect(bad.json.errors.method).toHaveLength(1);
    expect(await db().select().from(payments).where(eq(payments.offerId, deal.offerId))).toEqual([]);

    // A direct deal is never paid here.
    const direct = await dealPaidBy(1);
    expect((await act(direct.seller.auth, 'approve-offer', direct.offerId)).status).toBe(200);
    const refused = await act(direct.buyer.auth, 'pay', direct.offerId, { method: 'card' });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('offers.not_online_payment');
  });

  it('needs a signed-in member', async () => {
    const { getApiApp } = await import('~/server/api/app');
    const res = await getApiApp().request('/api-v2/offer/pay', {
      method: 'POST',
      body: new URLSearchParams({ id: '1', method: 'card' }),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(401);
  });

  it('counts a wallet deal whose money is frozen as paid on the money cards', async () => {
    // A wallet offer is made without money; its approval freezes the buyer's funds.
    const deal = await dealPaidBy(2);
    await topUp(database.handle(), deal.buyer.id, TOTAL);
    expect((await act(deal.seller.auth, 'approve-offer', deal.offerId)).status).toBe(200);
    expect((await getAs(deal.buyer.auth, '/offer/money?view=have-to-pay')).json.items).toEqual([]);
    expect((await getAs(deal.seller.auth, '/offer/money?view=have-to-be-paid')).json.items).toEqual([]);
    // An online deal waiting for its money is still to pay.
    const online = await approvedOnlineDeal();
    const owed = await getAs(online.buyer.auth, '/offer/money?view=have-to-pay');
    expect(owed.json.items).toMatchObject([{ currency: 'KES', amount: 35_000, count: 1 }]);
  });
});

describe('the deal page’s "Pay now" form (no JavaScript)', () => {
  async function browserOf(member: { access: string }) {
    const user = await resolveUser(await getDb(), { bearer: member.access });
    if (!user) throw new Error('no session');
    const cookies = new TestCookies();
    formTokenFor(cookies);
    return { user, cookies };
  }

  it('posts to the deal page and goes on to the checkout; a refusal is shown with the API’s status', async () => {
    const { seller, buyer, offerId } = await approvedOnlineDeal();
    const browser = await browserOf(buyer);
    const path = `/sw/user/offer/${offerId}`;
    const paid = await payForDealFromPage(
      {
        ...formRequest(path, { locale: 'sw', cookies: browser.cookies, fields: { method: 'card' } }),
        user: browser.user,
      },
      String(offerId),
    );
    expect(paid).toMatchObject({ status: 303 });
    if (!('redirect' in paid)) throw new Error('expected a redirect');
    expect(paid.redirect).toMatch(/\/sandbox-checkout\/cs_[0-9a-f]+\.[0-9a-f]+$/);
    expect(await db().select().from(payments).where(eq(payments.offerId, offerId))).toHaveLength(1);

    // Without the form token: refused, nothing started.
    const forged = await payForDealFromPage(
      {
        ...formRequest(path, { locale: 'sw', cookies: browser.cookies, token: null, fields: { method: 'card' } }),
        user: browser.user,
      },
      String(offerId),
    );
    expect(forged).toMatchObject({ status: 403 });
    // The seller cannot pay: the page says why.
    const sellerBrowser = await browserOf(seller);
    const refused = await payForDealFromPage(
      {
        ...formRequest(path, { cookies: sellerBrowser.cookies, fields: { method: 'card' } }),
        user: sellerBrowser.user,
      },
      String(offerId),
    );
    expect(refused).toMatchObject({ status: 403 });
    expect('problem' in refused && refused.problem.length > 0).toBe(true);
    expect(await db().select().from(payments).where(eq(payments.offerId, offerId))).toHaveLength(1);
  });
});
