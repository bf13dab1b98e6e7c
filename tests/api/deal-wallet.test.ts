import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lots, offerEvents, offers, walletAccounts, walletPending } from '~/server/db/schema';
import { getDb } from '~/server/db';
import { loadDealPage } from '~/server/loaders/deal-page';
import { resolveUser } from '~/server/services/accounts/authenticate';
import { checkLedger } from '~/server/services/wallet/check-ledger';
import { findAccount } from '~/server/services/wallet/find-account';
import { useTestDatabase } from '../fixtures/database';
import { signedUpUser } from '../fixtures/accounts';
import { act, makeOffer, sellMaize, sprayerForSale } from '../fixtures/deals';
import { memberWithTier } from '../fixtures/lots';
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
const events = (id: number) =>
  db().select().from(offerEvents).where(eq(offerEvents.offerId, id)).orderBy(offerEvents.seq);
/** The pending transfers held for these deals (the file's deals share one database). */
const pendingsOf = (...offerIds: number[]) =>
  db()
    .select({ status: walletPending.status })
    .from(walletPending)
    .innerJoin(walletAccounts, eq(walletAccounts.id, walletPending.holdAccountId))
    .where(inArray(walletAccounts.offerId, offerIds));
const ledgerClean = async () => expect(await checkLedger(db())).toEqual({ ok: true, problems: [] });

/** What the deal page (/user/offer/{id}) loads for this member: where the money is, or the status answered. */
async function pageMoney(member: { access: string }, offerId: number) {
  const user = await resolveUser(await getDb(), { bearer: member.access });
  if (!user) throw new Error('no session');
  const page = await loadDealPage(user, 'en', String(offerId), { check: false });
  return page.status === 200 ? page.money : page.status;
}

/** A seller's maize lot and `buyers` members, each with a wallet-paid offer of 10 bags at KES 3,500 on it. */
async function walletDeal(buyers = 1, funds = TOTAL) {
  const seller = await memberWithTier(database.handle(), 'silver');
  const sellerId = await userId(database.handle(), seller.email);
  const lotId = await sellMaize(seller.auth);
  const made = [];
  for (let i = 0; i < buyers; i++) {
    const buyer = await signedUpUser();
    const id = await userId(database.handle(), buyer.email);
    if (funds > 0) await topUp(database.handle(), id, funds);
    const res = await makeOffer(buyer.auth, {
      order_id: lotId,
      order_type: 'board_list',
      price: 3500,
      volume: 10,
      payment_type: 2,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.payment_type).toBe(2);
    made.push({ ...buyer, id, offerId: res.json.id as number });
  }
  return { seller: { ...seller, id: sellerId }, lotId, buyers: made };
}

describe('deals paid from the wallet', () => {
  it('freezes the total on approval, marks the money sent, and releases it to the seller on goods received', async () => {
    const { seller, buyers } = await walletDeal();
    const [buyer] = buyers;
    const approved = await act(seller.auth, 'approve-offer', buyer.offerId);
    expect(approved.status, approved.text).toBe(200);
    expect(approved.json.payment_status).toBe(1);
    expect(await balanceOf({ kind: 'member_available', userId: buyer.id, currency: 'KES' })).toBe(0);
    expect(await balanceOf({ kind: 'deal_frozen', offerId: buyer.offerId, currency: 'KES' })).toBe(TOTAL);
    await ledgerClean();

    // Money is received only with the goods: the seller cannot mark it received by word.
    expect((await act(seller.auth, 'payment-get', buyer.offerId)).status).toBe(409);
    expect((await act(seller.auth, 'approve-direct-payment', buyer.offerId)).status).toBe(409);
    // The buyer's "money sent" is already there: nothing changes.
    expect((await act(buyer.auth, 'payment-send', buyer.offerId)).status).toBe(200);

    expect((await act(seller.auth, 'delivery-send', buyer.offerId)).status).toBe(200);
    // Only the buyer confirms goods received; a stranger is not a party.
    expect((await act(seller.auth, 'delivery-get', buyer.offerId)).status).toBe(403);
    const stranger = await signedUpUser();
    expect((await act(stranger.auth, 'delivery-get', buyer.offerId)).status).toBe(403);
    const received = await act(buyer.auth, 'delivery-get', buyer.offerId);
    expect(received.status, received.text).toBe(200);
    expect(received.json.status).toBe(9);
    expect(received.json.payment_status).toBe(2);
    expect(await balanceOf({ kind: 'member_available', userId: seller.id, currency: 'KES' })).toBe(TOTAL);
    expect(await balanceOf({ kind: 'deal_frozen', offerId: buyer.offerId, currency: 'KES' })).toBe(0);
    await ledgerClean();

    // Each movement is in the deal's chain with its transfer; a repeated step moves nothing again.
    expect((await act(buyer.auth, 'delivery-get', buyer.offerId)).status).toBe(200);
    const chain = await events(buyer.offerId);
    const moves = chain.map((e) => (e.data as { wallet?: { step: string; transfer_id: number } } | null)?.wallet);
    expect(moves.filter(Boolean).map((m) => m?.step)).toEqual(['freeze', 'release']);
    expect(moves.every((m) => !m || Number.isInteger(m.transfer_id))).toBe(true);
    expect(await pendingsOf(buyer.offerId)).toEqual([{ status: 'posted' }]);
    expect(await balanceOf({ kind: 'member_available', userId: seller.id, currency: 'KES' })).toBe(TOTAL);
    await ledgerClean();
  });

  it('returns the money to the buyer, once, when the seller calls the deal off before sending the goods', async () => {
    const { seller, lotId, buyers } = await walletDeal();
    const [buyer] = buyers;
    expect((await act(seller.auth, 'approve-offer', buyer.offerId)).status).toBe(200);
    const [lotBefore] = await db().select().from(lots).where(eq(lots.id, lotId));
    expect(Number(lotBefore.reservedVolume)).toBe(10);
    // The buyer cannot call it off alone; a stranger cannot either.
    expect((await act(buyer.auth, 'decline-offer', buyer.offerId)).status).toBe(403);
    const declined = await act(seller.auth, 'decline-offer', buyer.offerId);
    expect(declined.status, declined.text).toBe(200);
    expect(declined.json.status).toBe(1);
    expect(await balanceOf({ kind: 'member_available', userId: buyer.id, currency: 'KES' })).toBe(TOTAL);
    expect(await balanceOf({ kind: 'deal_frozen', offerId: buyer.offerId, currency: 'KES' })).toBe(0);
    expect(await balanceOf({ kind: 'member_available', userId: seller.id, currency: 'KES' })).toBeNull();
    // The reserved volume is back on the market.
    const [lotAfter] = await db().select().from(lots).where(eq(lots.id, lotId));
    expect(Number(lotAfter.reservedVolume)).toBe(0);
    expect(lotAfter.status).toBe('active');
    // Declining again changes nothing; the pending transfer was voided exactly once.
    expect((await act(seller.auth, 'decline-offer', buyer.offerId)).status).toBe(200);
    expect(await pendingsOf(buyer.offerId)).toEqual([{ status: 'voided' }]);
    const steps = (await events(buyer.offerId))
      .map((e) => (e.data as { wallet?: { step: string } } | null)?.wallet?.step)
      .filter(Boolean);
    expect(steps).toEqual(['freeze', 'return']);
    await ledgerClean();
  });

  it('cannot be called off once the goods are sent', async () => {
    const { seller, buyers } = await walletDeal();
    const [buyer] = buyers;
    expect((await act(seller.auth, 'approve-offer', buyer.offerId)).status).toBe(200);
    expect((await act(seller.auth, 'delivery-send', buyer.offerId)).status).toBe(200);
    expect((await act(seller.auth, 'decline-offer', buyer.offerId)).status).toBe(409);
    expect(await balanceOf({ kind: 'deal_frozen', offerId: buyer.offerId, currency: 'KES' })).toBe(TOTAL);
    await ledgerClean();
  });

  it('refuses the approval with 409 and changes nothing when the buyer cannot cover the deal', async () => {
    const { seller, lotId, buyers } = await walletDeal(1, TOTAL - 1);
    const [buyer] = buyers;
    const before = await offerRow(buyer.offerId);
    const eventsBefore = (await events(buyer.offerId)).length;
    const res = await act(seller.auth, 'approve-offer', buyer.offerId);
    expect(res.status).toBe(409);
    expect(res.json.code).toBe('wallet.insufficient_funds');
    expect(typeof res.json.message).toBe('string');
    expect(await offerRow(buyer.offerId)).toEqual(before);
    expect((await events(buyer.offerId)).length).toBe(eventsBefore);
    const [lot] = await db().select().from(lots).where(eq(lots.id, lotId));
    expect(Number(lot.reservedVolume)).toBe(0);
    expect(await balanceOf({ kind: 'member_available', userId: buyer.id, currency: 'KES' })).toBe(TOTAL - 1);
    expect(await pendingsOf(buyer.offerId)).toEqual([]);
    expect(await findAccount(db(), { kind: 'deal_frozen', offerId: buyer.offerId, currency: 'KES' })).toBeUndefined();
    await ledgerClean();
  });

  it('freezes at most what is available when two approvals compete for the same buyer money', async () => {
    // One buyer, two lots of two sellers, a wallet offer on each; money for one deal only.
    const buyer = await signedUpUser();
    const buyerId = await userId(database.handle(), buyer.email);
    await topUp(database.handle(), buyerId, TOTAL + 1000);
    const deals = [];
    for (let i = 0; i < 2; i++) {
      const seller = await memberWithTier(database.handle(), 'silver');
      const lotId = await sellMaize(seller.auth);
      const res = await makeOffer(buyer.auth, {
        order_id: lotId,
        order_type: 'board_list',
        price: 3500,
        volume: 10,
        payment_type: 2,
      });
      expect(res.status, res.text).toBe(200);
      deals.push({ seller, offerId: res.json.id as number });
    }
    const answers = await Promise.all(deals.map((d) => act(d.seller.auth, 'approve-offer', d.offerId)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await balanceOf({ kind: 'member_available', userId: buyerId, currency: 'KES' })).toBe(1000);
    const statuses = await Promise.all(deals.map(async (d) => (await offerRow(d.offerId)).status));
    expect(statuses.sort()).toEqual([2, 3]);
    expect(await pendingsOf(...deals.map((d) => d.offerId))).toEqual([{ status: 'pending' }]);
    await ledgerClean();
  });

  it('shows both parties where the money is at each step, and nobody else', async () => {
    const { seller, buyers } = await walletDeal(2);
    const [kept, called] = buyers;
    expect(await pageMoney(kept, kept.offerId)).toEqual({ where: 'not_moved', amount: null, online: false });
    expect((await act(seller.auth, 'approve-offer', kept.offerId)).status).toBe(200);
    expect(await pageMoney(kept, kept.offerId)).toEqual({ where: 'frozen', amount: TOTAL, online: false });
    expect(await pageMoney(seller, kept.offerId)).toEqual({ where: 'frozen', amount: TOTAL, online: false });
    // The other buyer on the same lot, and a stranger, learn nothing of this deal's money.
    expect(await pageMoney(called, kept.offerId)).toBe(403);
    expect(await pageMoney(await signedUpUser(), kept.offerId)).toBe(403);
    expect((await act(seller.auth, 'delivery-send', kept.offerId)).status).toBe(200);
    expect((await act(kept.auth, 'delivery-get', kept.offerId)).status).toBe(200);
    expect(await pageMoney(kept, kept.offerId)).toEqual({ where: 'released', amount: TOTAL, online: false });
    expect((await act(seller.auth, 'approve-offer', called.offerId)).status).toBe(200);
    expect((await act(seller.auth, 'decline-offer', called.offerId)).status).toBe(200);
    expect(await pageMoney(called, called.offerId)).toEqual({ where: 'returned', amount: TOTAL, online: false });
    await ledgerClean();
  });

  it('freezes a wallet direct buy at once, on a fixed-price machine, and refuses it without the money', async () => {
    const owner = await signedUpUser();
    const ownerId = await userId(database.handle(), owner.email);
    const buyer = await signedUpUser();
    const buyerId = await userId(database.handle(), buyer.email);
    const machine = await sprayerForSale(owner.auth);
    const order = { order_id: machine, order_type: 'technic_list', volume: 1, payment_type: 2 };
    const refused = await makeOffer(buyer.auth, order);
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('wallet.insufficient_funds');
    expect(await db().select().from(offers).where(eq(offers.lotId, machine))).toEqual([]);
    await topUp(database.handle(), buyerId, 450_000);
    const res = await makeOffer(buyer.auth, order);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ status: 3, is_direct_buy: true, payment_status: 1 });
    expect(await balanceOf({ kind: 'deal_frozen', offerId: res.json.id, currency: 'KES' })).toBe(450_000);
    expect(await balanceOf({ kind: 'member_available', userId: buyerId, currency: 'KES' })).toBe(0);
    const [created] = await events(res.json.id);
    expect((created.data as { wallet?: { step: string } }).wallet?.step).toBe('freeze');
    expect((await act(owner.auth, 'delivery-send', res.json.id)).status).toBe(200);
    expect((await act(buyer.auth, 'delivery-get', res.json.id)).json.status).toBe(9);
    expect(await balanceOf({ kind: 'member_available', userId: ownerId, currency: 'KES' })).toBe(450_000);
    await ledgerClean();
  });

  it('still takes direct payment as before', async () => {
    const seller = await memberWithTier(database.handle(), 'silver');
    const lotId = await sellMaize(seller.auth);
    const buyer = await signedUpUser();
    const res = await makeOffer(buyer.auth, { order_id: lotId, order_type: 'board_list', price: 3500, volume: 10 });
    expect(res.json.payment_type).toBe(1);
    const approved = await act(seller.auth, 'approve-offer', res.json.id);
    expect(approved.json.payment_status).toBe(0);
    expect(await pendingsOf(res.json.id)).toEqual([]);
  });
});
