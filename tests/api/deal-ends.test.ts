import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lots } from '~/server/db/schema';
import { form, get } from '../fixtures/api';
import { signedUpUser } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';
import { act, dayFromToday, getAs, makeOffer, sellMaize, tractorForHire, sprayerForSale } from '../fixtures/deals';
import { maizeLot, memberWithTier, nakuru, postAs, wrapped } from '../fixtures/lots';

/**
 * A deal that ends frees its lot (docs/deals.md "Volume and the lot's status"): a lot is locked only while one
 * of its approved deals is under way; when the last one is done it is back on the market for what remains, or
 * sold out when nothing remains, and its owner may change it again. Every path a lot can take is here.
 */
const database = useTestDatabase();
const db = () => database.handle().db;
const lotRow = async (id: number) => (await db().select().from(lots).where(eq(lots.id, id)))[0];

type Auth = Record<string, string>;

/** Runs an approved deal to done: goods sent and received, money sent and received (the last step finishes it). */
async function finish(seller: Auth, buyer: Auth, offerId: number) {
  expect((await act(seller, 'delivery-send', offerId)).status).toBe(200);
  expect((await act(buyer, 'delivery-get', offerId)).status).toBe(200);
  expect((await act(buyer, 'payment-send', offerId)).status).toBe(200);
  const done = await act(seller, 'payment-get', offerId);
  expect(done.json.status).toBe(9);
  return done;
}

/** An approved offer of `volume` bags on a maize lot. */
async function approvedOffer(seller: Auth, buyer: Auth, lotId: number, volume: number) {
  const made = await makeOffer(buyer, { order_id: lotId, order_type: 'board_list', price: 3500, volume });
  expect(made.status).toBe(200);
  expect((await act(seller, 'approve-offer', made.json.id)).json.status).toBe(3);
  return made.json.id as number;
}

const editMaize = async (auth: Auth, id: number, fields: Record<string, string | number> = {}) =>
  postAs(auth, '/board-list/update-quote', wrapped('BoardList', { ...(await maizeLot(fields)), id }));
const reprice = (auth: Auth, id: number, price: number) =>
  postAs(auth, '/board-list/update-prices', form({ 'prices[0][id]': id, 'prices[0][price]': price }));
const lotAction = (auth: Auth, prefix: string, action: string, id: number) =>
  postAs(auth, `/${prefix}/${action}`, form({ id }));
const ownerState = async (auth: Auth, prefix: string, id: number) =>
  (await getAs(auth, `/${prefix}/view?id=${id}`)).json.owner_state;

async function editTractor(auth: Auth, id: number, title: string) {
  const place = await nakuru();
  return postAs(
    auth,
    '/technic-list/update-quote',
    wrapped('TechnicList', {
      id,
      type: 'rent',
      category_id: 2,
      title,
      volume: 1,
      per_unit_id: 13,
      price: 7000,
      currency_id: 1,
      country_id: place.countryId,
      latitude: -0.3,
      longitude: 36.07,
      maker: 'Massey Ferguson',
      model: '375',
      rent_per: 'day',
    }),
  );
}

const booking = (auth: Auth, tractor: number, from: number, to: number) =>
  makeOffer(auth, {
    order_id: tractor,
    order_type: 'technic_list',
    date_from: dayFromToday(from),
    date_to: dayFromToday(to),
  });

describe('a deal that ends frees its lot', () => {
  it('puts a lot back on the market for what remains when its only deal is done, and its owner can edit, re-price and close it', async () => {
    const seller = await memberWithTier(database.handle(), 'silver');
    const buyer = await signedUpUser();
    const lotId = await sellMaize(seller.auth, { volume: 200, min_volume: 10, max_volume: 100 });
    const offerId = await approvedOffer(seller.auth, buyer.auth, lotId, 50);
    expect((await lotRow(lotId)).status).toBe('in_process');
    const locked = await editMaize(seller.auth, lotId, { title: 'Changed under the deal' });
    expect(locked.status).toBe(409);
    expect(locked.json.reason).toBe('lots.locked_by_deal');
    expect((await reprice(seller.auth, lotId, 3000)).json.reason).toBe('lots.locked_by_deal');

    await finish(seller.auth, buyer.auth, offerId);
    expect((await get(`/board-list/view?id=${lotId}`)).json).toMatchObject({
      status: 'active',
      reserved_volume: 50,
      available_volume: 150,
    });
    expect(await ownerState(seller.auth, 'board-list', lotId)).toMatchObject({
      status: 'active',
      hasRunningDeal: false,
      hasOffers: true,
    });
    const edited = await editMaize(seller.auth, lotId, { title: 'Dry white maize, the rest of the harvest' });
    expect(edited.status).toBe(200);
    expect((await reprice(seller.auth, lotId, 3400)).status).toBe(200);
    expect((await get(`/board-list/view?id=${lotId}`)).json).toMatchObject({
      title: 'Dry white maize, the rest of the harvest',
      price: 3400,
      status: 'active',
    });
    // What remains takes new offers, and the lot can be closed again.
    const next = await makeOffer(buyer.auth, { order_id: lotId, order_type: 'board_list', price: 3400, volume: 100 });
    expect(next.json.status).toBe(2);
    expect((await lotAction(seller.auth, 'board-list', 'close-quote', lotId)).status).toBe(200);
    expect((await lotRow(lotId)).status).toBe('closed');
  });

  it('keeps a sold-out lot sold when its last deal is done: no longer in a deal, with nothing left to change', async () => {
    const seller = await memberWithTier(database.handle(), 'silver');
    const [first, second] = await Promise.all([signedUpUser(), signedUpUser()]);
    const lotId = await sellMaize(seller.auth, { volume: 100, min_volume: 10, max_volume: 60 });
    const a = await approvedOffer(seller.auth, first.auth, lotId, 60);
    const b = await approvedOffer(seller.auth, second.auth, lotId, 40);
    expect((await lotRow(lotId)).status).toBe('success');

    await finish(seller.auth, first.auth, a);
    expect(await ownerState(seller.auth, 'board-list', lotId)).toMatchObject({
      status: 'success',
      hasRunningDeal: true,
    });
    expect((await editMaize(seller.auth, lotId)).json.reason).toBe('lots.locked_by_deal');

    await finish(seller.auth, second.auth, b);
    expect(await ownerState(seller.auth, 'board-list', lotId)).toMatchObject({
      status: 'success',
      hasRunningDeal: false,
      hasVolumeLeft: false,
    });
    const edit = await editMaize(seller.auth, lotId);
    expect(edit.status).toBe(409);
    expect(edit.json.reason).toBe('lots.sold_out');
    expect((await reprice(seller.auth, lotId, 3000)).json.reason).toBe('lots.sold_out');
    expect((await lotAction(seller.auth, 'board-list', 'close-quote', lotId)).json.reason).toBe('lots.wrong_status');
    expect((await lotAction(seller.auth, 'board-list', 'delete-quote', lotId)).status).toBe(409);
    expect((await lotRow(lotId)).status).toBe('success');
  });

  it('keeps the lot locked while another of its deals runs, and frees it when that one is done too', async () => {
    const seller = await memberWithTier(database.handle(), 'silver');
    const [first, second, third] = await Promise.all([signedUpUser(), signedUpUser(), signedUpUser()]);
    const lotId = await sellMaize(seller.auth, { volume: 200, min_volume: 10, max_volume: 100 });
    const a = await approvedOffer(seller.auth, first.auth, lotId, 30);
    const b = await approvedOffer(seller.auth, second.auth, lotId, 40);
    // A waiting offer that is then declined never held the lot.
    const waiting = await makeOffer(third.auth, { order_id: lotId, order_type: 'board_list', price: 3300, volume: 20 });

    await finish(seller.auth, first.auth, a);
    expect((await lotRow(lotId)).status).toBe('in_process');
    expect(await ownerState(seller.auth, 'board-list', lotId)).toMatchObject({ hasRunningDeal: true });
    expect((await editMaize(seller.auth, lotId)).json.reason).toBe('lots.locked_by_deal');
    expect((await lotAction(seller.auth, 'board-list', 'deactivate-quote', lotId)).status).toBe(409);
    expect((await act(seller.auth, 'decline-offer', waiting.json.id)).json.status).toBe(1);
    expect((await lotRow(lotId)).status).toBe('in_process');

    await finish(seller.auth, second.auth, b);
    expect((await get(`/board-list/view?id=${lotId}`)).json).toMatchObject({ status: 'active', available_volume: 130 });
    expect((await editMaize(seller.auth, lotId, { volume: 200, max_volume: 100 })).status).toBe(200);
  });

  it('frees a lot when the last of two deals finishing at the same moment is done', async () => {
    const seller = await memberWithTier(database.handle(), 'silver');
    const [first, second] = await Promise.all([signedUpUser(), signedUpUser()]);
    const lotId = await sellMaize(seller.auth, { volume: 200, min_volume: 10, max_volume: 100 });
    const a = await approvedOffer(seller.auth, first.auth, lotId, 30);
    const b = await approvedOffer(seller.auth, second.auth, lotId, 40);
    for (const [buyer, id] of [
      [first, a],
      [second, b],
    ] as const) {
      await act(seller.auth, 'delivery-send', id);
      await act(buyer.auth, 'delivery-get', id);
      await act(buyer.auth, 'payment-send', id);
    }
    const done = await Promise.all([act(seller.auth, 'payment-get', a), act(seller.auth, 'payment-get', b)]);
    expect(done.map((r) => r.json.status)).toEqual([9, 9]);
    expect((await lotRow(lotId)).status).toBe('active');
  });

  it('frees a machine whose booking is done: it can be edited, hidden and booked again', async () => {
    const owner = await signedUpUser();
    const renter = await signedUpUser();
    const tractor = await tractorForHire(owner.auth);
    const first = await booking(renter.auth, tractor, 2, 3);
    await act(owner.auth, 'approve-offer', first.json.id);
    expect((await editTractor(owner.auth, tractor, 'Tractor, new rate')).json.reason).toBe('lots.locked_by_deal');
    expect((await lotAction(owner.auth, 'technic-list', 'deactivate-quote', tractor)).status).toBe(409);

    await finish(owner.auth, renter.auth, first.json.id);
    expect(await ownerState(owner.auth, 'technic-list', tractor)).toMatchObject({
      status: 'active',
      hasRunningDeal: false,
    });
    expect((await editTractor(owner.auth, tractor, 'Tractor, new rate')).status).toBe(200);
    expect((await lotAction(owner.auth, 'technic-list', 'deactivate-quote', tractor)).status).toBe(200);
    expect((await lotAction(owner.auth, 'technic-list', 'activate-quote', tractor)).status).toBe(200);
    // The done booking keeps its days; other days can be booked and approved.
    expect((await booking(renter.auth, tractor, 3, 3)).status).toBe(409);
    const again = await booking(renter.auth, tractor, 5, 6);
    expect((await act(owner.auth, 'approve-offer', again.json.id)).json.status).toBe(3);
    expect((await lotRow(tractor)).status).toBe('active');
  });

  it('keeps a lot closed during a deal closed when the deal is done, and lets its owner edit and re-add it', async () => {
    const seller = await memberWithTier(database.handle(), 'silver');
    const buyer = await signedUpUser();
    const lotId = await sellMaize(seller.auth, { volume: 200, min_volume: 10, max_volume: 100 });
    const offerId = await approvedOffer(seller.auth, buyer.auth, lotId, 30);
    expect((await lotAction(seller.auth, 'board-list', 'close-quote', lotId)).status).toBe(200);
    expect((await editMaize(seller.auth, lotId)).json.reason).toBe('lots.locked_by_deal');

    await finish(seller.auth, buyer.auth, offerId);
    expect(await ownerState(seller.auth, 'board-list', lotId)).toMatchObject({
      status: 'closed',
      hasRunningDeal: false,
    });
    expect((await editMaize(seller.auth, lotId, { title: 'Maize, closed for now' })).status).toBe(200);
    expect((await lotRow(lotId)).status).toBe('closed');
    const copy = await lotAction(seller.auth, 'board-list', 're-add-quote', lotId);
    expect(copy.status).toBe(200);
    expect(await lotRow(copy.json.id)).toMatchObject({ status: 'active', volume: '170.00' });

    // A machine closed while booked cannot be re-added until its booking is done.
    const owner = await signedUpUser();
    const renter = await signedUpUser();
    const tractor = await tractorForHire(owner.auth);
    const { json: booked } = await booking(renter.auth, tractor, 2, 2);
    await act(owner.auth, 'approve-offer', booked.id);
    expect((await lotAction(owner.auth, 'technic-list', 'close-quote', tractor)).status).toBe(200);
    expect((await lotAction(owner.auth, 'technic-list', 're-add-quote', tractor)).status).toBe(409);
    await finish(owner.auth, renter.auth, booked.id);
    expect((await lotRow(tractor)).status).toBe('closed');
    expect((await lotAction(owner.auth, 'technic-list', 're-add-quote', tractor)).status).toBe(200);
  });

  it('frees a machine bought directly at its fixed price once the purchase is done, or leaves it sold when it was the last one', async () => {
    const owner = await signedUpUser();
    const buyer = await signedUpUser();
    const machine = (volume: number) => sprayerForSale(owner.auth, volume);
    /** Paid in cash at pick-up: the seller confirms the money (direct payment), then the buyer the goods. */
    const buyDirectly = async (lotId: number) => {
      const order = await makeOffer(buyer.auth, { order_id: lotId, order_type: 'technic_list', volume: 1 });
      expect(order.json).toMatchObject({ status: 3, is_direct_buy: true });
      return order.json.id as number;
    };

    const three = await machine(3);
    const order = await buyDirectly(three);
    expect((await lotRow(three)).status).toBe('in_process');
    await act(owner.auth, 'approve-direct-payment', order);
    await act(owner.auth, 'delivery-send', order);
    expect((await act(buyer.auth, 'delivery-get', order)).json.status).toBe(9);
    expect((await get(`/technic-list/view?id=${three}`)).json).toMatchObject({ status: 'active', available_volume: 2 });
    expect(await ownerState(owner.auth, 'technic-list', three)).toMatchObject({ hasRunningDeal: false });

    const one = await machine(1);
    const last = await buyDirectly(one);
    expect((await lotRow(one)).status).toBe('success');
    await finish(owner.auth, buyer.auth, last);
    expect(await ownerState(owner.auth, 'technic-list', one)).toMatchObject({
      status: 'success',
      hasRunningDeal: false,
    });
  });
});

describe('lots left in a deal by an earlier version', () => {
  it('are freed by migration 0005: active with volume left, sold out without, locked while a deal still runs', async () => {
    const seller = await memberWithTier(database.handle(), 'silver');
    const buyer = await signedUpUser();
    const [stale, staleSoldOut, running] = await Promise.all([
      sellMaize(seller.auth, { volume: 200, min_volume: 10, max_volume: 100 }),
      sellMaize(seller.auth, { volume: 50, min_volume: 10, max_volume: 50 }),
      sellMaize(seller.auth, { volume: 200, min_volume: 10, max_volume: 100 }),
    ]);
    await finish(seller.auth, buyer.auth, await approvedOffer(seller.auth, buyer.auth, stale, 50));
    await finish(seller.auth, buyer.auth, await approvedOffer(seller.auth, buyer.auth, staleSoldOut, 50));
    await approvedOffer(seller.auth, buyer.auth, running, 50);
    // What the earlier version left behind: the status of a lot whose deals are all done was never changed back.
    await db().execute(sql`update lots set status = 'in_process' where id in (${stale}, ${staleSoldOut})`);

    const migration = readFileSync('src/server/db/migrations/0005_free_lots_of_finished_deals.sql', 'utf8');
    await db().execute(sql.raw(migration));
    expect((await lotRow(stale)).status).toBe('active');
    expect((await lotRow(staleSoldOut)).status).toBe('success');
    expect((await lotRow(running)).status).toBe('in_process');
  });
});
