import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lots, mailOutbox, offerEvents, users } from '~/server/db/schema';
import { createLocalStorage, installStorage } from '~/server/storage';
import { toSessionUser } from '~/server/services/accounts/users';
import { listOffers } from '~/server/services/deals/list-offers';
import { listLotsOnSale } from '~/server/services/deals/cabinet';
import { apiRequest, get } from '../fixtures/api';
import { signedUpUser } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';
import { act, dayFromToday, getAs, makeOffer, sellMaize, tractorForHire, sprayerForSale } from '../fixtures/deals';
import { memberWithTier, nakuru } from '../fixtures/lots';

const database = useTestDatabase();
const storageRoot = mkdtempSync(path.join(tmpdir(), 'mavuno-offers-'));
beforeAll(() => installStorage(createLocalStorage(storageRoot)));
afterAll(() => {
  installStorage(undefined);
  rmSync(storageRoot, { recursive: true, force: true });
});

const db = () => database.handle().db;
const eventCount = async (offerId: number) =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(offerEvents)
      .where(eq(offerEvents.offerId, offerId))
  )[0].n;
const lotRow = async (id: number) => (await db().select().from(lots).where(eq(lots.id, id)))[0];
/** The deal e-mails a member received (sign-up sends a confirmation first), oldest first. */
const mailsTo = async (email: string) =>
  (await db().select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(mailOutbox.id)).filter((m) =>
    m.text.includes('/user/offer/'),
  );
const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();

async function parties() {
  const seller = await memberWithTier(database.handle(), 'silver');
  const buyer = await signedUpUser();
  const stranger = await signedUpUser();
  return { seller, buyer, stranger };
}

describe('a deal from offer to done', () => {
  it('runs offer → approval → goods and money sent and received → done, with the right party at each step', async () => {
    const { seller, buyer, stranger } = await parties();
    const lotId = await sellMaize(seller.auth);

    const made = await makeOffer(buyer.auth, {
      order_id: lotId,
      order_type: 'board_list',
      offer_type: 1,
      price: '3500.50',
      volume: '12.5',
      delivery_type: 2,
      delivery_distance: '42.3',
      delivery_to: 'Njoro market',
      comment: 'Can collect Friday',
    });
    expect(made.status).toBe(200);
    const offer = made.json;
    expect(offer).toMatchObject({
      status: 2,
      offer_type: 1,
      role: 'buyer',
      order_type: 'board_list',
      order_id: lotId,
      currency: 'KES',
      price_per_unit: 3600,
      offer_price_per_unit: 3500.5,
      volume: 12.5,
      offer_price: 43756.25,
      delivery_price_per_km: 50,
      delivery_distance: 42.3,
      delivery_price: 2115,
      total_price: 43756.25,
      total_price_with_delivery: 45871.25,
      price_per_unit_with_delivery: 3669.7,
      is_direct_buy: false,
      waiting_for: 'seller',
      allowed_actions: ['delete-offer'],
    });
    expect(offer.seller_id).not.toBe(offer.buyer_id);

    // The badge counts it for the seller only; the seller got an e-mail with a link to the deal.
    expect((await getAs(seller.auth, '/offer/user-offer-count')).json).toEqual({ count: 1 });
    expect((await getAs(buyer.auth, '/offer/user-offer-count')).json).toEqual({ count: 0 });
    const [mail] = await mailsTo(seller.email);
    expect(mail.subject).toContain(`#${offer.id}`);
    expect(mail.text).toContain(`/user/offer/${offer.id}`);

    // A stranger can neither see nor act; the buyer cannot approve their own offer.
    expect((await getAs(stranger.auth, `/offer/view?id=${offer.id}`)).status).toBe(403);
    expect((await getAs(stranger.auth, `/offer/history?id=${offer.id}`)).status).toBe(403);
    const strangerApproves = await act(stranger.auth, 'approve-offer', offer.id);
    expect(strangerApproves.status).toBe(403);
    expect(strangerApproves.json.code).toBe('forbidden');
    expect((await act(buyer.auth, 'approve-offer', offer.id)).status).toBe(403);
    expect((await getAs(stranger.auth, '/offer')).json.items).toEqual([]);

    const approved = await act(seller.auth, 'approve-offer', offer.id, { comment: 'Deal' });
    expect(approved.status).toBe(200);
    expect(approved.json).toMatchObject({
      status: 3,
      role: 'seller',
      allowed_actions: ['delivery-send', 'approve-direct-payment'],
    });
    const lot = await lotRow(lotId);
    expect(lot.status).toBe('in_process');
    expect(lot.reservedVolume).toBe('12.50');

    // Repeating is harmless: no second event, no second reservation. The wrong step in this state is a 409.
    const events = await eventCount(offer.id);
    expect((await act(seller.auth, 'approve-offer', offer.id)).json.status).toBe(3);
    expect(await eventCount(offer.id)).toBe(events);
    expect((await lotRow(lotId)).reservedVolume).toBe('12.50');
    expect((await act(seller.auth, 'decline-offer', offer.id)).status).toBe(409);
    expect((await act(buyer.auth, 'delete-offer', offer.id)).status).toBe(409);
    const early = await act(buyer.auth, 'delivery-get', offer.id);
    expect(early.status).toBe(409);
    expect(early.json.message).toContain('sent');

    const sent = await act(seller.auth, 'delivery-send', offer.id, {
      photo: new File([await png()], 'loaded.png', { type: 'image/png' }),
      comment: 'Loaded on the truck',
    });
    expect(sent.status).toBe(200);
    expect(sent.json.delivery_status).toBe(1);
    expect(sent.json.photos).toHaveLength(1);
    // The photo is the parties' alone.
    expect((await getAs(buyer.auth, sent.json.photos[0].url.replace('/api-v2', ''))).status).toBe(200);
    expect((await getAs(stranger.auth, sent.json.photos[0].url.replace('/api-v2', ''))).status).toBe(403);

    expect((await act(buyer.auth, 'delivery-get', offer.id)).json.delivery_status).toBe(2);
    expect((await act(buyer.auth, 'payment-send', offer.id)).json.payment_status).toBe(1);
    // A reported payment is answered with "money received", not a second way to say it.
    expect((await act(seller.auth, 'approve-direct-payment', offer.id)).status).toBe(409);
    const feedbackTooEarly = await apiRequest('/user/set-feedback', {
      method: 'POST',
      headers: { ...buyer.auth, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `UserFeedback[offer_id]=${offer.id}&UserFeedback[rating]=5`,
    });
    expect(feedbackTooEarly.status).toBe(409);
    const done = await act(seller.auth, 'payment-get', offer.id);
    expect(done.json).toMatchObject({
      status: 9,
      delivery_status: 2,
      payment_status: 2,
      waiting_for: null,
      allowed_actions: [],
      can_leave_feedback: true,
    });
    // Done: both parties hear of it.
    expect((await mailsTo(buyer.email)).some((m) => m.subject.includes('done'))).toBe(true);

    // Feedback: once per party, only a party.
    const feedback = (auth: Record<string, string>, rating: number | string) =>
      apiRequest('/user/set-feedback', {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: `UserFeedback[offer_id]=${offer.id}&UserFeedback[rating]=${rating}&UserFeedback[comment]=Honest+seller`,
      });
    expect((await feedback(buyer.auth, 6)).status).toBe(422);
    expect((await feedback(buyer.auth, 5)).status).toBe(200);
    expect((await feedback(buyer.auth, 4)).status).toBe(409);
    expect((await feedback(stranger.auth, 1)).status).toBe(403);
    expect((await feedback(seller.auth, 4)).status).toBe(200);
    const summary = await get(`/user/feedback?user_id=${offer.seller_id}`);
    expect(summary.json).toMatchObject({ average: 5, count: 1, items: [{ rating: 5, comment: 'Honest seller' }] });

    // The history verifies, as stored and as saved by a party.
    const history = await getAs(buyer.auth, `/offer/history?id=${offer.id}`);
    expect(history.json.valid).toBe(true);
    expect(history.json.events.map((e: { action: string }) => e.action)).toEqual([
      'create',
      'approve-offer',
      'delivery-send',
      'delivery-get',
      'payment-send',
      'payment-get',
      'feedback',
      'feedback',
    ]);
    const verified = await apiRequest('/offer/verify-history', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(history.json),
    });
    expect(verified.json).toMatchObject({ valid: true, broken_at: null, head_hash: history.json.head_hash });
  });

  it('detects a tampered history, stored or saved', async () => {
    const { seller, buyer } = await parties();
    const lotId = await sellMaize(seller.auth);
    const { json: offer } = await makeOffer(buyer.auth, {
      order_id: lotId,
      order_type: 'board_list',
      price: 3400,
      volume: 20,
    });
    await act(seller.auth, 'approve-offer', offer.id);
    await act(seller.auth, 'delivery-send', offer.id);
    const saved = (await getAs(buyer.auth, `/offer/history?id=${offer.id}`)).json;
    expect(saved.valid).toBe(true);

    // Someone with database access lowers the agreed price in the creation event.
    await db().execute(
      sql`update offer_events set data = jsonb_set(data, '{price_minor}', '100') where offer_id = ${offer.id} and seq = 1`,
    );
    const stored = await getAs(seller.auth, `/offer/verify?id=${offer.id}`);
    expect(stored.json).toMatchObject({ valid: false, broken_at: 1 });

    const edited = structuredClone(saved);
    edited.events[1].comment = 'changed afterwards';
    const check = await apiRequest('/offer/verify-history', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(edited),
    });
    expect(check.json).toMatchObject({ valid: false, broken_at: 2 });
    const dropped = { events: [saved.events[0], saved.events[2]] };
    expect(
      (
        await apiRequest('/offer/verify-history', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(dropped),
        })
      ).json.valid,
    ).toBe(false);
  });

  it('lets the maker withdraw and the recipient decline a waiting offer, and confirms direct payment without "money sent"', async () => {
    const { seller, buyer } = await parties();
    const lotId = await sellMaize(seller.auth);
    const first = (await makeOffer(buyer.auth, { order_id: lotId, order_type: 'board_list', price: 3000, volume: 10 }))
      .json;
    const second = (await makeOffer(buyer.auth, { order_id: lotId, order_type: 'board_list', price: 3100, volume: 10 }))
      .json;
    expect((await act(seller.auth, 'delete-offer', first.id)).status).toBe(403);
    expect((await act(buyer.auth, 'delete-offer', first.id)).json.status).toBe(0);
    expect((await act(seller.auth, 'decline-offer', second.id)).json.status).toBe(1);
    expect((await act(seller.auth, 'approve-offer', second.id)).status).toBe(409);
    expect((await lotRow(lotId)).reservedVolume).toBe('0.00');

    const third = (await makeOffer(buyer.auth, { order_id: lotId, order_type: 'board_list', price: 3200, volume: 10 }))
      .json;
    await act(seller.auth, 'approve-offer', third.id);
    expect((await act(seller.auth, 'payment-get', third.id)).status).toBe(409);
    expect((await act(seller.auth, 'approve-direct-payment', third.id)).json.payment_status).toBe(2);
    // Lists: deals under way first, then closed ones.
    const list = (await getAs(buyer.auth, `/offer?order_id=${lotId}&order_type=board_list`)).json;
    expect(list.items.map((o: { id: number }) => o.id)).toEqual([third.id, second.id, first.id]);
    expect(list._meta.totalCount).toBe(3);
    const byOrder = await apiRequest('/offer/user-offer-by-order', {
      method: 'POST',
      headers: { ...seller.auth, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `order_id=${lotId}&order_type=board_list`,
    });
    expect(byOrder.json.items).toHaveLength(3);
    // My deals (the page lists approved and done offers only).
    const [buyerRow] = await db().select().from(users).where(eq(users.email, buyer.email));
    const deals = await listOffers(db(), toSessionUser(buyerRow, 0), { statuses: [3, 9] }, 'en');
    expect(deals.items.map((o) => o.id)).toEqual([third.id]);
    expect((await getAs(buyer.auth, '/offer?order_id=1')).status).toBe(422);
  });
});

describe('offer rules', () => {
  it('refuses offers on your own lot, on lots off the market, outside the volume limits, and anonymous ones', async () => {
    const { seller, buyer } = await parties();
    const lotId = await sellMaize(seller.auth);
    const own = await makeOffer(seller.auth, { order_id: lotId, order_type: 'board_list', price: 3500, volume: 20 });
    expect(own.status).toBe(403);
    const below = await makeOffer(buyer.auth, { order_id: lotId, order_type: 'board_list', price: 3500, volume: 5 });
    expect(below.status).toBe(422);
    expect(below.json.errors.volume[0]).toContain('10');
    expect(
      (await makeOffer(buyer.auth, { order_id: lotId, order_type: 'board_list', price: 3500, volume: 101 })).status,
    ).toBe(422);
    const decimals = await makeOffer(buyer.auth, {
      order_id: lotId,
      order_type: 'board_list',
      price: '3500.123',
      volume: '10.555',
    });
    expect(Object.keys(decimals.json.errors).sort()).toEqual(['price', 'volume']);
    expect(
      (await makeOffer(buyer.auth, { order_id: lotId, order_type: 'seeds_list', price: 3500, volume: 20 })).status,
    ).toBe(404);
    expect(
      (
        await makeOffer(buyer.auth, {
          order_id: lotId,
          order_type: 'board_list',
          offer_type: 3,
          price: 3500,
          volume: 20,
        })
      ).json.errors.offer_type,
    ).toBeDefined();
    const anonymous = await apiRequest('/offer/create-offer', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `Offer[order_id]=${lotId}&Offer[order_type]=board_list&Offer[volume]=20`,
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.message).toBe('You must be logged in to perform this action');

    await apiRequest('/board-list/close-quote', {
      method: 'POST',
      headers: { ...seller.auth, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `id=${lotId}`,
    });
    const closed = await makeOffer(buyer.auth, { order_id: lotId, order_type: 'board_list', price: 3500, volume: 20 });
    expect(closed.status).toBe(409);
    expect(closed.json.code).toBe('conflict');
  });

  it('reserves volume on approval: the lot goes in process, then success when nothing remains, and approvals over the remainder fail', async () => {
    const { seller, buyer } = await parties();
    const other = await signedUpUser();
    const lotId = await sellMaize(seller.auth, { volume: 100, min_volume: 10, max_volume: 60 });
    const a = (await makeOffer(buyer.auth, { order_id: lotId, order_type: 'board_list', price: 3500, volume: 60 }))
      .json;
    const b = (await makeOffer(other.auth, { order_id: lotId, order_type: 'board_list', price: 3550, volume: 50 }))
      .json;
    const c = (await makeOffer(other.auth, { order_id: lotId, order_type: 'board_list', price: 3550, volume: 40 }))
      .json;
    expect((await act(seller.auth, 'approve-offer', a.id)).json.status).toBe(3);
    // A lot in process stays on the market for what remains.
    const view = await get(`/board-list/view?id=${lotId}`);
    expect(view.json).toMatchObject({ status: 'in_process', available_volume: 40 });
    const tooMuch = await act(seller.auth, 'approve-offer', b.id);
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.json.message).toContain('40');
    expect((await act(seller.auth, 'approve-offer', c.id)).json.status).toBe(3);
    expect((await lotRow(lotId)).status).toBe('success');
    expect(
      (await makeOffer(buyer.auth, { order_id: lotId, order_type: 'board_list', price: 3500, volume: 10 })).status,
    ).toBe(409);
    // The lot cannot be deleted any more: its deals keep their history.
    expect(
      (
        await apiRequest('/board-list/delete-quote', {
          method: 'POST',
          headers: { ...seller.auth, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: `id=${lotId}`,
        })
      ).status,
    ).toBe(409);
  });

  /**
   * Three buyers offer 70 on a fresh lot of `volume` and the seller approves all three at once, three times over.
   * On PostgreSQL (CI's API run) the approvals run on separate pool connections at the same moment.
   */
  async function approveAtOnce(
    volume: number,
    check: (lotId: number, offerIds: number[], seller: { auth: Record<string, string> }) => Promise<void>,
  ) {
    const seller = await memberWithTier(database.handle(), 'silver');
    const buyers = await Promise.all([signedUpUser(), signedUpUser(), signedUpUser()]);
    for (let round = 0; round < 3; round++) {
      const lotId = await sellMaize(seller.auth, { volume, min_volume: 10, max_volume: 70 });
      const offers = await Promise.all(
        buyers.map(
          async (b) =>
            (await makeOffer(b.auth, { order_id: lotId, order_type: 'board_list', price: 3500, volume: 70 })).json,
        ),
      );
      const results = await Promise.all(offers.map((o) => act(seller.auth, 'approve-offer', o.id)));
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
      await check(
        lotId,
        offers.map((o) => o.id),
        seller,
      );
    }
  }

  it('lets only one of several concurrent approvals take the last volume', async () => {
    await approveAtOnce(100, async (lotId) => expect((await lotRow(lotId)).reservedVolume).toBe('70.00'));
  });

  // The winner sells the lot out and declines the offers still waiting while the losers' approvals wait for the
  // lot: on PostgreSQL that is a deadlock unless every step takes the lot before the offer.
  it('lets concurrent approvals that sell the lot out end in one deal and declines, never a fault', async () => {
    await approveAtOnce(70, async (lotId, offerIds, seller) => {
      expect(await lotRow(lotId)).toMatchObject({ status: 'success', reservedVolume: '70.00' });
      const statuses = await Promise.all(
        offerIds.map(async (id) => (await getAs(seller.auth, `/offer/view?id=${id}`)).json.status),
      );
      expect(statuses.sort()).toEqual([1, 1, 3]);
    });
  });

  it('approves a buyer at a fixed-price machine at once (direct buy) and refuses another price', async () => {
    const owner = await signedUpUser();
    const buyer = await signedUpUser();
    const machine = await sprayerForSale(owner.auth);
    expect(
      (await makeOffer(buyer.auth, { order_id: machine, order_type: 'technic_list', price: 4000, volume: 1 })).json
        .errors.price,
    ).toBeDefined();
    const order = await makeOffer(buyer.auth, { order_id: machine, order_type: 'technic_list', volume: 1 });
    expect(order.json).toMatchObject({ status: 3, is_direct_buy: true, offer_price: 4500 });
    expect((await lotRow(machine)).reservedVolume).toBe('1.00');
  });

  it('takes offers to sell on a buy request: the buyer who posted it answers them', async () => {
    const { seller: requester, buyer: farmer } = await parties();
    const request = await sellMaize(requester.auth, { type: 'buy' });
    const offer = await makeOffer(farmer.auth, {
      order_id: request,
      order_type: 'board_list',
      price: 3300,
      volume: 30,
      delivery_type: 2,
      delivery_distance: 10,
      delivery_price_per_km: 40,
    });
    expect(offer.json).toMatchObject({ offer_type: 3, role: 'seller', waiting_for: 'buyer', delivery_price: 400 });
    expect((await getAs(requester.auth, '/offer/user-offer-count')).json.count).toBe(1);
    expect((await act(farmer.auth, 'approve-offer', offer.json.id)).status).toBe(403);
    expect((await act(requester.auth, 'approve-offer', offer.json.id)).json).toMatchObject({
      status: 3,
      role: 'buyer',
    });
  });

  it('checks attachments by content and size', async () => {
    const { seller, buyer } = await parties();
    const lotId = await sellMaize(seller.auth);
    const { json: offer } = await makeOffer(buyer.auth, {
      order_id: lotId,
      order_type: 'board_list',
      price: 3500,
      volume: 10,
    });
    await act(seller.auth, 'approve-offer', offer.id);
    const fakeImage = await act(seller.auth, 'delivery-send', offer.id, {
      photo: new File(['%PDF-1.4 not an image'], 'truck.jpg', { type: 'image/jpeg' }),
    });
    expect(fakeImage.status).toBe(422);
    expect(fakeImage.json.errors.photo[0]).toContain('photo');
    const notPdf = await act(seller.auth, 'delivery-send', offer.id, {
      document: new File([await png()], 'waybill.pdf', { type: 'application/pdf' }),
    });
    expect(notPdf.json.errors.document).toEqual(['Choose a PDF file.']);
    const big = await act(seller.auth, 'delivery-send', offer.id, {
      photo: new File([new Uint8Array(20 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }),
    });
    expect(big.status).toBe(422);
    // Nothing happened on refusals.
    expect((await getAs(seller.auth, `/offer/view?id=${offer.id}`)).json.delivery_status).toBe(0);
    const waybill = await act(seller.auth, 'delivery-send', offer.id, {
      document: new File(['%PDF-1.4\n1 0 obj\n<<>>\nendobj\n'], 'waybill.pdf', { type: 'application/pdf' }),
    });
    expect(waybill.status).toBe(200);
    const history = (await getAs(buyer.auth, `/offer/history?id=${offer.id}`)).json;
    const withDocument = history.events.find((e: { document_url: string | null }) => e.document_url);
    expect(withDocument.document_sha256).toMatch(/^[0-9a-f]{64}$/);
    const file = await getAs(buyer.auth, withDocument.document_url.replace('/api-v2', ''));
    expect(file.headers.get('content-type')).toBe('application/pdf');
  });
});

describe('machinery bookings', () => {
  it('prices a booking by the rent rate, refuses overlapping approved bookings, and publishes the taken dates', async () => {
    const owner = await signedUpUser();
    const [renterA, renterB] = await Promise.all([signedUpUser(), signedUpUser()]);
    const tractor = await tractorForHire(owner.auth);
    const booking = (auth: Record<string, string>, from: number, to: number) =>
      makeOffer(auth, {
        order_id: tractor,
        order_type: 'technic_list',
        date_from: dayFromToday(from),
        date_to: dayFromToday(to),
      });

    const first = await booking(renterA.auth, 3, 5);
    expect(first.json).toMatchObject({
      offer_type: 2,
      status: 2,
      volume: 3,
      offer_price: 19500,
      booking: { date_from: dayFromToday(3), date_to: dayFromToday(5), rent_per: 'day' },
    });
    // Two requests for overlapping days may wait side by side; only one can be approved.
    const overlapping = await booking(renterB.auth, 5, 6);
    expect(overlapping.status).toBe(200);
    expect((await act(owner.auth, 'approve-offer', first.json.id)).json.status).toBe(3);
    const clash = await act(owner.auth, 'approve-offer', overlapping.json.id);
    expect(clash.status).toBe(409);
    expect(clash.json).toMatchObject({ code: 'conflict', reason: 'offers.dates_taken' });
    expect((await booking(renterB.auth, 4, 4)).status).toBe(409);
    expect((await booking(renterB.auth, 6, 7)).status).toBe(200);
    expect((await booking(renterB.auth, -1, 1)).json.errors.date_from).toBeDefined();
    expect((await booking(renterB.auth, 9, 8)).json.errors.date_to).toBeDefined();
    // The owner's rate is fixed.
    expect(
      (
        await makeOffer(renterB.auth, {
          order_id: tractor,
          order_type: 'technic_list',
          price: 5000,
          date_from: dayFromToday(20),
          date_to: dayFromToday(20),
        })
      ).json.errors.price,
    ).toBeDefined();

    const taken = await get(`/offer/bookings?order_id=${tractor}`);
    expect(taken.json.items).toEqual([
      { date_from: dayFromToday(3), date_to: dayFromToday(5), hour_from: null, hour_to: null },
    ]);
    // The tractor stays on the market.
    expect((await lotRow(tractor)).status).toBe('active');
  });

  it('books by the hour within one day without overlapping hours', async () => {
    const owner = await signedUpUser();
    const renter = await signedUpUser();
    const tractor = await tractorForHire(owner.auth, 'hour', 1200);
    const hours = (from: number, to: number) =>
      makeOffer(renter.auth, {
        order_id: tractor,
        order_type: 'technic_list',
        date_from: dayFromToday(2),
        hour_from: from,
        hour_to: to,
      });
    const morning = await hours(8, 12);
    expect(morning.json).toMatchObject({ volume: 4, offer_price: 4800, booking: { hour_from: 8, hour_to: 12 } });
    await act(owner.auth, 'approve-offer', morning.json.id);
    expect((await hours(11, 14)).status).toBe(409);
    expect((await hours(12, 16)).status).toBe(200);
    expect((await hours(14, 13)).json.errors.hour_to).toBeDefined();
  });
});

describe('cabinet and e-mail', () => {
  it('groups deals into the cabinet cards and sums what is owed per currency', async () => {
    const { seller, buyer } = await parties();
    const lotId = await sellMaize(seller.auth);
    const { json: offer } = await makeOffer(buyer.auth, {
      order_id: lotId,
      order_type: 'board_list',
      price: 3500,
      volume: 10,
      delivery_type: 2,
      delivery_distance: 10,
    });
    await act(seller.auth, 'approve-offer', offer.id);
    const counts = (await getAs(buyer.auth, '/offer/cabinet-counts')).json;
    expect(counts).toMatchObject({
      'bought-not-paid': 1,
      'bought-not-delivered': 1,
      'bought-paid-delivered': 0,
      'sold-not-paid': 0,
    });
    expect((await getAs(seller.auth, '/offer/cabinet-counts')).json).toMatchObject({
      'sold-not-paid': 1,
      'sold-not-delivered': 1,
      'on-sale': 1,
    });
    // The card lists what it counts: the lot in process is still on sale; a buy request is not.
    await sellMaize(seller.auth, { type: 'buy' });
    const [sellerRow] = await db().select().from(users).where(eq(users.email, seller.email));
    const onSale = await listLotsOnSale(db(), toSessionUser(sellerRow, 0), 'en');
    expect(onSale.flatMap((group) => group.lots.map((lot) => lot.id))).toEqual([lotId]);
    expect((await getAs(seller.auth, '/offer/money?view=have-to-be-paid')).json.items).toEqual([
      { currency_id: 1, currency: 'KES', decimals: 2, amount: 35500, count: 1 },
    ]);
    expect((await getAs(buyer.auth, '/offer/money?view=have-to-pay')).json.items[0].amount).toBe(35500);
    expect((await getAs(buyer.auth, '/offer/money?view=have-to-be-paid')).json.items).toEqual([]);
    await act(seller.auth, 'delivery-send', offer.id);
    await act(buyer.auth, 'delivery-get', offer.id);
    const page = (await getAs(buyer.auth, '/offer/cabinet?view=bought-not-delivered')).json;
    expect(page.items).toEqual([]);
    expect((await getAs(buyer.auth, '/offer/cabinet?view=bought-not-paid')).json.items[0].id).toBe(offer.id);
  });

  it('writes to the party who must act in their language, unless they turned deal e-mails off', async () => {
    const seller = await memberWithTier(database.handle(), 'silver');
    const buyer = await signedUpUser();
    await db().update(users).set({ locale: 'fr' }).where(eq(users.email, seller.email));
    const lotId = await sellMaize(seller.auth);
    const { json: offer } = await makeOffer(buyer.auth, {
      order_id: lotId,
      order_type: 'board_list',
      price: 3500,
      volume: 10,
    });
    const [mail] = await mailsTo(seller.email);
    expect(mail.subject).toBe(`Transaction n° ${offer.id}\u00a0: vous avez reçu une nouvelle offre`);
    expect(mail.text).toContain('/fr/user/offer/');
    expect(mail.text).toMatch(/SHA-256\)\u00a0: [0-9a-f]{64}/);
    // The link's line in French typography too, and a name ending in a full stop is not given a second one.
    expect(mail.text).toMatch(/Ouvrir la transaction\u00a0: http:\/\/\S+\/fr\/user\/offer\/\d+/);
    expect(mail.text).not.toContain('..');

    await db().update(users).set({ dealNotification: false }).where(eq(users.email, buyer.email));
    const before = (await mailsTo(buyer.email)).length;
    await act(seller.auth, 'approve-offer', offer.id);
    expect((await mailsTo(buyer.email)).length).toBe(before);
  });
});

describe('deals keep their integrity', () => {
  const postForm = (auth: Record<string, string>, path: string, body: string) =>
    apiRequest(path, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
    });

  it('refuses half an emoji (it would be stored differently from what is hashed), and the chain stays valid', async () => {
    const { seller, buyer } = await parties();
    const lotId = await sellMaize(seller.auth);
    const { json: offer } = await makeOffer(buyer.auth, {
      order_id: lotId,
      order_type: 'board_list',
      price: 3500,
      volume: 10,
    });
    const broken = await apiRequest('/offer/approve-offer', {
      method: 'POST',
      headers: { ...seller.auth, 'Content-Type': 'application/json' },
      body: `{"id":${offer.id},"comment":"ok \\ud83c"}`,
    });
    expect(broken.status).toBe(400);
    expect((await act(seller.auth, 'approve-offer', offer.id, { comment: 'Karibu 🌽' })).status).toBe(200);
    expect((await getAs(buyer.auth, `/offer/verify?id=${offer.id}`)).json.valid).toBe(true);
  });

  it('keeps a lot with a deal under way unchanged, a booked machine included', async () => {
    const owner = await signedUpUser();
    const renter = await signedUpUser();
    const tractor = await tractorForHire(owner.auth);
    const { json: booking } = await makeOffer(renter.auth, {
      order_id: tractor,
      order_type: 'technic_list',
      date_from: dayFromToday(2),
      date_to: dayFromToday(3),
    });
    await act(owner.auth, 'approve-offer', booking.id);
    // The owner's view says why: the one rule of owner actions then offers closing only.
    const view = await getAs(owner.auth, `/technic-list/view?id=${tractor}`);
    expect(view.json.owner_state).toMatchObject({
      status: 'active',
      hasRunningDeal: true,
      hasOffers: true,
      isRental: true,
    });
    expect((await getAs(renter.auth, `/technic-list/view?id=${tractor}`)).json.owner_state).toBeNull();
    const place = await nakuru();
    const edit = await postForm(
      owner.auth,
      '/technic-list/update-quote',
      `TechnicList[id]=${tractor}&TechnicList[type]=sell&TechnicList[category_id]=2&TechnicList[title]=Cheap+tractor&TechnicList[volume]=1&TechnicList[per_unit_id]=13&TechnicList[price]=1&TechnicList[currency_id]=1&TechnicList[country_id]=${place.countryId}&TechnicList[village_id]=${place.villageId}`,
    );
    expect(edit.status).toBe(409);
    expect((await postForm(owner.auth, '/technic-list/deactivate-quote', `id=${tractor}`)).status).toBe(409);
    expect((await postForm(owner.auth, '/technic-list/delete-quote', `id=${tractor}`)).status).toBe(409);
    // Closing takes it off the market for new bookings; the booking under way goes on.
    expect((await postForm(owner.auth, '/technic-list/close-quote', `id=${tractor}`)).status).toBe(200);
    expect((await get(`/offer/bookings?order_id=${tractor}`)).status).toBe(404);
    expect((await postForm(owner.auth, '/technic-list/re-add-quote', `id=${tractor}`)).status).toBe(409);
    expect((await act(owner.auth, 'delivery-send', booking.id)).json.delivery_status).toBe(1);
  });

  it('declines the waiting offers of a lot that leaves the market, and tells their makers', async () => {
    const { seller, buyer } = await parties();
    const lotId = await sellMaize(seller.auth, { volume: 100, min_volume: 10, max_volume: 80 });
    const approved = (
      await makeOffer(buyer.auth, { order_id: lotId, order_type: 'board_list', price: 3500, volume: 30 })
    ).json;
    const waiting = (
      await makeOffer(buyer.auth, { order_id: lotId, order_type: 'board_list', price: 3400, volume: 20 })
    ).json;
    await act(seller.auth, 'approve-offer', approved.id);
    expect((await getAs(seller.auth, '/offer/user-offer-count')).json.count).toBe(1);
    expect((await postForm(seller.auth, '/board-list/close-quote', `id=${lotId}`)).status).toBe(200);
    const declined = (await getAs(buyer.auth, `/offer/view?id=${waiting.id}`)).json;
    expect(declined).toMatchObject({ status: 1, allowed_actions: [] });
    expect((await getAs(seller.auth, '/offer/user-offer-count')).json.count).toBe(0);
    expect(
      (await mailsTo(buyer.email)).some(
        (m) => m.text.includes(`/user/offer/${waiting.id}`) && m.subject.includes('declined'),
      ),
    ).toBe(true);
    expect((await getAs(buyer.auth, `/offer/verify?id=${waiting.id}`)).json.valid).toBe(true);
    // The deal under way goes on; a re-added copy offers only what is left.
    expect((await act(seller.auth, 'delivery-send', approved.id)).status).toBe(200);
    const copy = await postForm(seller.auth, '/board-list/re-add-quote', `id=${lotId}`);
    expect((await lotRow(copy.json.id)).volume).toBe('70.00');
    expect((await lotRow(copy.json.id)).maxVolume).toBe('70.00');
  });

  it('declines what still waits when an approval sells the lot out', async () => {
    const { seller, buyer } = await parties();
    const other = await signedUpUser();
    const lotId = await sellMaize(seller.auth, { volume: 50, min_volume: 10, max_volume: 50 });
    const all = (await makeOffer(buyer.auth, { order_id: lotId, order_type: 'board_list', price: 3500, volume: 50 }))
      .json;
    const late = (await makeOffer(other.auth, { order_id: lotId, order_type: 'board_list', price: 3600, volume: 10 }))
      .json;
    await act(seller.auth, 'approve-offer', all.id);
    expect((await lotRow(lotId)).status).toBe('success');
    expect((await getAs(other.auth, `/offer/view?id=${late.id}`)).json.status).toBe(1);
    // The approval that sold the lot out is not among the offers it declined: its history is its own two steps.
    const history = (await getAs(buyer.auth, `/offer/history?id=${all.id}`)).json;
    expect(history.events.map((e: { action: string }) => e.action)).toEqual(['create', 'approve-offer']);
    expect(history.valid).toBe(true);
    const lateHistory = (await getAs(other.auth, `/offer/history?id=${late.id}`)).json;
    expect(lateHistory.events.at(-1)).toMatchObject({ action: 'decline-offer', data: { reason: 'sold_out' } });
  });

  it('refuses a booking approved after its first day has passed', async () => {
    const owner = await signedUpUser();
    const renter = await signedUpUser();
    const tractor = await tractorForHire(owner.auth);
    const { json: booking } = await makeOffer(renter.auth, {
      order_id: tractor,
      order_type: 'technic_list',
      date_from: dayFromToday(1),
      date_to: dayFromToday(1),
    });
    await db().execute(
      sql`update offers set booking_from = ${dayFromToday(-2)}, booking_to = ${dayFromToday(-2)} where id = ${booking.id}`,
    );
    const late = await act(owner.auth, 'approve-offer', booking.id);
    expect(late.status).toBe(409);
  });

  it('tells a saved history Mavuno holds from one computed by anyone, and refuses deep or malformed input', async () => {
    const { seller, buyer } = await parties();
    const lotId = await sellMaize(seller.auth);
    const { json: offer } = await makeOffer(buyer.auth, {
      order_id: lotId,
      order_type: 'board_list',
      price: 3500,
      volume: 10,
    });
    const saved = (await getAs(buyer.auth, `/offer/history?id=${offer.id}`)).json;
    // A party learns whether a copy is the stored record (docs/deals.md; strangers: tests/api/deal-record-share.test.ts).
    const verify = (body: unknown) =>
      apiRequest('/offer/verify-history', {
        method: 'POST',
        headers: { ...buyer.auth, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await verify(saved)).json).toMatchObject({ valid: true, matches_stored: true });
    // A chain computed from scratch is consistent but is not the deal's.
    const { hashEvent, GENESIS_HASH } = await import('~/server/services/deals/chain');
    const forged = { ...saved.events[0], data: { ...saved.events[0].data, price_minor: 1 } };
    forged.prev_hash = GENESIS_HASH;
    forged.hash = hashEvent(GENESIS_HASH, forged);
    expect((await verify({ events: [forged] })).json).toMatchObject({ valid: true, matches_stored: false });
    const event = JSON.stringify({ ...saved.events[0], data: null });
    const deep = `{"events":[${event.replace('"data":null', `"data":${'{"d":'.repeat(20_000)}1${'}'.repeat(20_000)}`)}]}`;
    const refused = await apiRequest('/offer/verify-history', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: deep,
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);

    expect(
      (
        await makeOffer(buyer.auth, {
          order_id: lotId,
          order_type: 'board_list',
          price: 3500,
          volume: 10,
          delivery_type: 2,
          delivery_distance: 50_000,
        })
      ).json.errors.delivery_distance,
    ).toBeDefined();
    const tractor = await tractorForHire(seller.auth);
    expect(
      (
        await makeOffer(buyer.auth, {
          order_id: tractor,
          order_type: 'technic_list',
          date_from: '2027-02-30',
          date_to: '2027-03-01',
        })
      ).json.errors.date_from,
    ).toBeDefined();
  });

  it('says a photo is too large before reading it, and a repeated step e-mails no one', async () => {
    const { seller, buyer } = await parties();
    const lotId = await sellMaize(seller.auth);
    const { json: offer } = await makeOffer(buyer.auth, {
      order_id: lotId,
      order_type: 'board_list',
      price: 3500,
      volume: 10,
    });
    const big = Buffer.concat([await png(), Buffer.alloc(20 * 1024 * 1024)]);
    const tooBig = await act(seller.auth, 'approve-offer', offer.id, {
      photo: new File([big], 'big.png', { type: 'image/png' }),
    });
    expect(tooBig.status).toBe(422);
    expect(tooBig.json.errors.photo[0]).toContain('20 MB');
    await act(seller.auth, 'approve-offer', offer.id);
    const mails = (await mailsTo(buyer.email)).length;
    expect((await act(seller.auth, 'approve-offer', offer.id)).status).toBe(200);
    expect((await mailsTo(buyer.email)).length).toBe(mails);
    // A stranger's upload is refused before it is read.
    const stranger = await signedUpUser();
    expect(
      (
        await act(stranger.auth, 'delivery-send', offer.id, {
          photo: new File([big], 'big.png', { type: 'image/png' }),
        })
      ).status,
    ).toBe(403);
  });
});
