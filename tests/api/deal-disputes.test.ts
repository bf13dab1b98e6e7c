import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { dealDisputes, lots, offerEvents, offers, users, walletAccounts, walletPending } from '~/server/db/schema';
import { getEnv } from '~/server/env';
import { autoReleaseDeals } from '~/server/services/deals/auto-release-deals';
import { verifyStoredDeal } from '~/server/services/deals/history';
import { loadOfferViews } from '~/server/services/deals/offer-view';
import { platformFeeOf } from '~/server/services/deals/platform-fee';
import { resolveDispute } from '~/server/services/deals/resolve-dispute';
import { checkLedger } from '~/server/services/wallet/check-ledger';
import { findAccount } from '~/server/services/wallet/find-account';
import { lastMailTo, signedUpUser } from '../fixtures/accounts';
import { act, makeOffer, sellMaize } from '../fixtures/deals';
import { postAs, memberWithTier } from '../fixtures/lots';
import { form } from '../fixtures/api';
import { useTestDatabase } from '../fixtures/database';
import { TestCookies, formRequest } from '../fixtures/forms';
import { getDb } from '~/server/db';
import { formTokenFor } from '~/server/http/form-token';
import { loadDealPage, postOpenDispute } from '~/server/loaders/deal-page';
import { resolveUser } from '~/server/services/accounts/authenticate';
import { topUp, userId } from '../fixtures/wallet';

const database = useTestDatabase();
const db = () => database.handle().db;

/** KES 3,500 a bag × 10 bags, picked up: the deal's total in cents. */
const TOTAL = 3_500_000;

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
const actions = async (id: number) =>
  (await db().select().from(offerEvents).where(eq(offerEvents.offerId, id)).orderBy(offerEvents.seq)).map(
    (e) => e.action,
  );
const pendingOf = async (offerId: number) =>
  (
    await db()
      .select({ status: walletPending.status })
      .from(walletPending)
      .innerJoin(walletAccounts, eq(walletAccounts.id, walletPending.holdAccountId))
      .where(inArray(walletAccounts.offerId, [offerId]))
  ).map((p) => p.status);
const ledgerClean = async () => expect(await checkLedger(db())).toEqual({ ok: true, problems: [] });
const openDispute = (auth: Record<string, string>, id: number, fields: Record<string, string> = {}) =>
  postAs(auth, '/offer/open-dispute', form({ id, reason: 'not_received', comment: 'Nothing came', ...fields }));

/** An administrator to decide disputes. */
async function administrator() {
  const admin = await signedUpUser();
  const id = await userId(database.handle(), admin.email);
  await db().update(users).set({ role: 'admin' }).where(eq(users.id, id));
  return id;
}

/** A wallet deal of 10 bags at KES 3,500, approved (money frozen) and, unless told, the goods sent. */
async function frozenDeal(options: { sent?: boolean } = {}) {
  const seller = await memberWithTier(database.handle(), 'silver');
  const sellerId = await userId(database.handle(), seller.email);
  const lotId = await sellMaize(seller.auth);
  const buyer = await signedUpUser();
  const buyerId = await userId(database.handle(), buyer.email);
  await topUp(database.handle(), buyerId, TOTAL);
  const res = await makeOffer(buyer.auth, {
    order_id: lotId,
    order_type: 'board_list',
    price: 3500,
    volume: 10,
    payment_type: 2,
  });
  expect(res.status, res.text).toBe(200);
  const offerId = res.json.id as number;
  expect((await act(seller.auth, 'approve-offer', offerId)).status).toBe(200);
  if (options.sent !== false) expect((await act(seller.auth, 'delivery-send', offerId)).status).toBe(200);
  return {
    seller: { ...seller, id: sellerId },
    buyer: { ...buyer, id: buyerId },
    lotId,
    offerId,
  };
}

afterEach(() => {
  getEnv().platformFeeBps = 0;
});

describe('POST /offer/open-dispute', () => {
  it('lets either party of a deal with frozen money open one dispute, and nobody else', async () => {
    const { seller, buyer, offerId } = await frozenDeal();
    const stranger = await signedUpUser();
    expect((await openDispute(stranger.auth, offerId)).status).toBe(403);
    const bad = await openDispute(buyer.auth, offerId, { reason: 'bored' });
    expect(bad.status).toBe(422);
    expect(await db().select().from(dealDisputes).where(eq(dealDisputes.offerId, offerId))).toEqual([]);

    const opened = await openDispute(buyer.auth, offerId, { reason: 'quantity_short', comment: 'Only 8 bags' });
    expect(opened.status, opened.text).toBe(200);
    expect(opened.json).toMatchObject({ id: offerId, status: 3 });
    const [row] = await db().select().from(dealDisputes).where(eq(dealDisputes.offerId, offerId));
    expect(row).toMatchObject({ openedBy: buyer.id, reason: 'quantity_short', comment: 'Only 8 bags', status: 'open' });

    // One open dispute per deal: the other party's second one is refused with a stable code.
    const again = await openDispute(seller.auth, offerId);
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('offers.in_dispute');
    expect(await db().select().from(dealDisputes).where(eq(dealDisputes.offerId, offerId))).toHaveLength(1);
    // Its event is in the deal's chain, which still verifies; the seller is told.
    expect(await actions(offerId)).toContain('open-dispute');
    expect((await verifyStoredDeal(db(), offerId)).valid).toBe(true);
    expect((await lastMailTo(database.handle(), seller.email))?.text).toContain('dispute');
  });

  it('refuses a deal whose money is not frozen: not approved, paid directly, or already released', async () => {
    const seller = await memberWithTier(database.handle(), 'silver');
    const lotId = await sellMaize(seller.auth);
    const buyer = await signedUpUser();
    const direct = await makeOffer(buyer.auth, { order_id: lotId, order_type: 'board_list', price: 3500, volume: 10 });
    const waiting = await openDispute(buyer.auth, direct.json.id);
    expect(waiting.status).toBe(409);
    expect(waiting.json.code).toBe('conflict');
    expect((await act(seller.auth, 'approve-offer', direct.json.id)).status).toBe(200);
    const paidDirectly = await openDispute(buyer.auth, direct.json.id);
    expect(paidDirectly.status).toBe(409);
    expect(paidDirectly.json.message).toBeTruthy();

    const done = await frozenDeal();
    expect((await act(done.buyer.auth, 'delivery-get', done.offerId)).status).toBe(200);
    expect((await openDispute(done.buyer.auth, done.offerId)).status).toBe(409);
    expect((await openDispute(done.buyer.auth, 999_999)).status).toBe(404);
  });

  it('holds the money while open: no goods-received release, no return, no automatic release', async () => {
    const { seller, buyer, offerId } = await frozenDeal();
    expect((await openDispute(seller.auth, offerId)).status).toBe(200);
    const received = await act(buyer.auth, 'delivery-get', offerId);
    expect(received.status).toBe(409);
    expect(received.json.code).toBe('offers.in_dispute');
    const later = new Date(Date.now() + 60 * 86_400_000);
    expect((await autoReleaseDeals(db(), later, 7)).released).not.toContain(offerId);
    expect(await pendingOf(offerId)).toEqual(['pending']);
    expect(await balanceOf({ kind: 'deal_frozen', offerId, currency: 'KES' })).toBe(TOTAL);

    // Before delivery the seller may call a deal off, but not a disputed one.
    const early = await frozenDeal({ sent: false });
    expect((await openDispute(early.buyer.auth, early.offerId)).status).toBe(200);
    const declined = await act(early.seller.auth, 'decline-offer', early.offerId);
    expect(declined.status).toBe(409);
    expect(declined.json.code).toBe('offers.in_dispute');
    expect((await offerRow(early.offerId)).status).toBe(3);
    await ledgerClean();
  });

  it('shows neither party a step the dispute holds back: the deal waits for the platform, not for "your turn"', async () => {
    const { seller, buyer, offerId } = await frozenDeal();
    const view = async (viewerId: number) => (await loadOfferViews(db(), viewerId, [offerId], 'en'))[0];
    const before = await view(buyer.id);
    expect(before.allowed_actions).toContain('delivery-get');
    expect(before.your_turn).toBe(true);
    expect((await openDispute(buyer.auth, offerId)).status).toBe(200);
    for (const viewerId of [buyer.id, seller.id]) {
      const during = await view(viewerId);
      expect(during.allowed_actions).not.toContain('delivery-get');
      expect(during.allowed_actions).not.toContain('decline-offer');
      expect(during.your_turn).toBe(false);
      expect(during.waiting_for).toBeNull();
    }
  });
});

describe('a dispute racing a release', () => {
  it('either the dispute holds the money or the release happened first, never both', async () => {
    const { buyer, seller, offerId } = await frozenDeal();
    const [opened, received] = await Promise.all([
      openDispute(seller.auth, offerId),
      act(buyer.auth, 'delivery-get', offerId),
    ]);
    const statuses = [opened.status, received.status].sort();
    expect(statuses).toEqual([200, 409]);
    const [pending] = await pendingOf(offerId);
    const disputes = await db().select().from(dealDisputes).where(eq(dealDisputes.offerId, offerId));
    if (opened.status === 200) {
      expect(received.json.code).toBe('offers.in_dispute');
      expect(pending).toBe('pending');
      expect(disputes).toHaveLength(1);
    } else {
      expect(pending).toBe('posted');
      expect(disputes).toHaveLength(0);
    }
    await ledgerClean();
  });
});

describe('resolving a dispute', () => {
  it('release: the seller gets the money less the fee, the deal is done, once', async () => {
    getEnv().platformFeeBps = 250;
    const deciderId = await administrator();
    const { seller, buyer, offerId } = await frozenDeal();
    expect((await openDispute(buyer.auth, offerId)).status).toBe(200);
    const fee = platformFeeOf(TOTAL, 250);
    expect(fee).toBe(87_500);
    const feesBefore = (await balanceOf({ kind: 'fees', currency: 'KES' })) ?? 0;
    const done = await resolveDispute(db(), { offerId, decision: 'release', deciderId, note: 'Delivery proven' });
    expect(done).toMatchObject({ decision: 'release', held: TOTAL, sellerAmount: TOTAL, fee, buyerAmount: 0 });
    expect(await balanceOf({ kind: 'member_available', userId: seller.id, currency: 'KES' })).toBe(TOTAL - fee);
    expect(await balanceOf({ kind: 'fees', currency: 'KES' })).toBe(feesBefore + fee);
    expect(await balanceOf({ kind: 'deal_frozen', offerId, currency: 'KES' })).toBe(0);
    expect(await balanceOf({ kind: 'member_available', userId: buyer.id, currency: 'KES' })).toBe(0);
    expect(await offerRow(offerId)).toMatchObject({ status: 9, deliveryStatus: 2, paymentStatus: 2 });
    const [dispute] = await db().select().from(dealDisputes).where(eq(dealDisputes.offerId, offerId));
    expect(dispute).toMatchObject({
      status: 'resolved',
      decision: 'release',
      sellerAmount: TOTAL,
      decidedBy: deciderId,
    });
    // A second decision finds no open dispute and moves nothing.
    await expect(resolveDispute(db(), { offerId, decision: 'refund', deciderId })).rejects.toMatchObject({
      code: 'conflict',
      messageKey: 'offers.no_open_dispute',
    });
    expect(await pendingOf(offerId)).toEqual(['posted']);
    expect(await actions(offerId)).toEqual([
      'create',
      'approve-offer',
      'delivery-send',
      'open-dispute',
      'resolve-dispute',
    ]);
    expect((await verifyStoredDeal(db(), offerId)).valid).toBe(true);
    // Both parties are told, each in their language.
    expect((await lastMailTo(database.handle(), buyer.email))?.text).toContain('the money goes to the seller');
    expect((await lastMailTo(database.handle(), seller.email))?.text).toContain('the money goes to the seller');
    await ledgerClean();
  });

  it('refund: the whole money back to the buyer, the deal declined and its lot free again', async () => {
    const deciderId = await administrator();
    const { seller, buyer, lotId, offerId } = await frozenDeal();
    expect((await openDispute(buyer.auth, offerId)).status).toBe(200);
    const done = await resolveDispute(db(), { offerId, decision: 'refund', deciderId });
    expect(done).toMatchObject({ sellerAmount: 0, fee: 0, buyerAmount: TOTAL });
    expect(await balanceOf({ kind: 'member_available', userId: buyer.id, currency: 'KES' })).toBe(TOTAL);
    expect(await balanceOf({ kind: 'member_available', userId: seller.id, currency: 'KES' })).toBeNull();
    expect(await offerRow(offerId)).toMatchObject({ status: 1, paymentStatus: 0 });
    const [lot] = await db().select().from(lots).where(eq(lots.id, lotId));
    // Declined like a call-off: the volume it reserved is on the market again.
    expect(lot).toMatchObject({ status: 'active', reservedVolume: '0.00' });
    expect(await pendingOf(offerId)).toEqual(['voided']);
    expect((await verifyStoredDeal(db(), offerId)).valid).toBe(true);
    await ledgerClean();
  });

  it('split: the seller part (less the fee) to the seller, the rest back to the buyer; bad parts refused', async () => {
    getEnv().platformFeeBps = 250;
    const deciderId = await administrator();
    const { seller, buyer, offerId } = await frozenDeal();
    expect((await openDispute(buyer.auth, offerId, { reason: 'not_as_described' })).status).toBe(200);
    for (const sellerAmount of [0, TOTAL, TOTAL + 1, -5, 1.5])
      await expect(resolveDispute(db(), { offerId, decision: 'split', sellerAmount, deciderId })).rejects.toMatchObject(
        {
          code: 'validation_failed',
        },
      );
    await expect(resolveDispute(db(), { offerId, decision: 'split', deciderId })).rejects.toMatchObject({
      code: 'validation_failed',
    });
    const part = 2_000_001;
    const fee = platformFeeOf(part, 250);
    expect(fee).toBe(50_000); // 50,000.025 rounds down
    const done = await resolveDispute(db(), { offerId, decision: 'split', sellerAmount: part, deciderId });
    expect(done).toMatchObject({ sellerAmount: part, fee, buyerAmount: TOTAL - part });
    expect(await balanceOf({ kind: 'member_available', userId: seller.id, currency: 'KES' })).toBe(part - fee);
    expect(await balanceOf({ kind: 'member_available', userId: buyer.id, currency: 'KES' })).toBe(TOTAL - part);
    expect(await balanceOf({ kind: 'deal_frozen', offerId, currency: 'KES' })).toBe(0);
    expect((await offerRow(offerId)).status).toBe(9);
    expect((await verifyStoredDeal(db(), offerId)).valid).toBe(true);
    await ledgerClean();
  });

  it('two decisions at once: exactly one moves the money', async () => {
    const deciderId = await administrator();
    const { buyer, offerId } = await frozenDeal();
    expect((await openDispute(buyer.auth, offerId)).status).toBe(200);
    const results = await Promise.allSettled([
      resolveDispute(db(), { offerId, decision: 'release', deciderId }),
      resolveDispute(db(), { offerId, decision: 'refund', deciderId }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [failed] = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(failed.reason).toMatchObject({ messageKey: 'offers.no_open_dispute' });
    expect(
      await db()
        .select()
        .from(dealDisputes)
        .where(and(eq(dealDisputes.offerId, offerId), eq(dealDisputes.status, 'resolved'))),
    ).toHaveLength(1);
    expect((await pendingOf(offerId)).length).toBe(1);
    await ledgerClean();
  });
});

describe('the platform fee', () => {
  it('rounds half up in minor units, once', () => {
    expect(platformFeeOf(100, 250)).toBe(3);
    expect(platformFeeOf(99, 250)).toBe(2);
    expect(platformFeeOf(101, 250)).toBe(3);
    expect(platformFeeOf(TOTAL, 0)).toBe(0);
    expect(platformFeeOf(Number.MAX_SAFE_INTEGER, 10_000)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('takes 2.5 % of a release on goods received as its own posting; 0 % posts none', async () => {
    getEnv().platformFeeBps = 250;
    const charged = await frozenDeal();
    const feesBefore = (await balanceOf({ kind: 'fees', currency: 'KES' })) ?? 0;
    expect((await act(charged.buyer.auth, 'delivery-get', charged.offerId)).json.status).toBe(9);
    expect(await balanceOf({ kind: 'member_available', userId: charged.seller.id, currency: 'KES' })).toBe(
      TOTAL - 87_500,
    );
    expect(await balanceOf({ kind: 'fees', currency: 'KES' })).toBe(feesBefore + 87_500);
    await ledgerClean();

    getEnv().platformFeeBps = 0;
    const free = await frozenDeal();
    expect((await act(free.buyer.auth, 'delivery-get', free.offerId)).json.status).toBe(9);
    expect(await balanceOf({ kind: 'member_available', userId: free.seller.id, currency: 'KES' })).toBe(TOTAL);
    expect(await balanceOf({ kind: 'fees', currency: 'KES' })).toBe(feesBefore + 87_500);
    await ledgerClean();
  });
});

describe('the deal page', () => {
  const userOf = async (member: { access: string }) => (await resolveUser(await getDb(), { bearer: member.access }))!;
  const pageOf = async (member: { access: string }, offerId: number) => {
    const page = await loadDealPage(await userOf(member), 'en', String(offerId), { check: false });
    if (page.status !== 200) throw new Error(`status ${page.status}`);
    return page.dispute;
  };

  it('tells when the money goes by itself, shows the seller the fee, and opens a dispute by a plain form', async () => {
    getEnv().platformFeeBps = 250;
    const { seller, buyer, offerId } = await frozenDeal();
    const [sent] = await db()
      .select()
      .from(offerEvents)
      .where(and(eq(offerEvents.offerId, offerId), eq(offerEvents.action, 'delivery-send')));
    const forBuyer = await pageOf(buyer, offerId);
    expect(forBuyer).toMatchObject({ can_open: true, dispute: null, fee: null });
    expect(new Date(forBuyer.auto_release_at!).getTime()).toBe(
      sent.createdAt.getTime() + getEnv().DEAL_AUTO_RELEASE_DAYS * 86_400_000,
    );
    expect((await pageOf(seller, offerId)).fee).toEqual({
      basis_points: 250,
      amount: TOTAL,
      fee: 87_500,
      net: TOTAL - 87_500,
    });

    // The form, without JavaScript: a wrong reason is shown again with why; a good one opens it and redirects.
    const cookies = new TestCookies();
    formTokenFor(cookies);
    const post = async (fields: Record<string, string>) => {
      const request = formRequest(`/user/offer/${offerId}`, { cookies, fields });
      return postOpenDispute({ ...request, user: await userOf(buyer) }, String(offerId));
    };
    const refused = await post({ reason: 'bored', comment: '' });
    expect(refused).toMatchObject({ status: 422 });
    expect('form' in refused && refused.form.errors.reason).toBeTruthy();
    const forged = formRequest(`/user/offer/${offerId}`, { cookies, fields: { reason: 'other' }, token: 'nope' });
    expect(await postOpenDispute({ ...forged, user: await userOf(buyer) }, String(offerId))).toMatchObject({
      status: 403,
    });
    const done = await post({ reason: 'not_as_described', comment: 'Wet maize' });
    expect(done).toEqual({ redirect: `/user/offer/${offerId}`, status: 303 });
    const after = await pageOf(seller, offerId);
    expect(after).toMatchObject({ can_open: false, auto_release_at: null });
    expect(after.dispute).toMatchObject({ status: 'open', reason: 'not_as_described' });
    // A stranger's page is refused.
    const stranger = await signedUpUser();
    const strangerPage = await loadDealPage(await userOf(stranger), 'en', String(offerId), { check: false });
    expect(strangerPage.status).toBe(403);
  });
});
