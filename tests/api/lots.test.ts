import sharp from 'sharp';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, installStorage } from '~/server/storage';
import { apiRequest, form, get } from '../fixtures/api';
import { useTestDatabase } from '../fixtures/database';
import { maizeLot, memberWithTier, nakuru, postAs, wrapped } from '../fixtures/lots';

const database = useTestDatabase();
const storageRoot = mkdtempSync(path.join(tmpdir(), 'mavuno-lots-'));
beforeAll(() => installStorage(createLocalStorage(storageRoot)));
afterAll(() => {
  installStorage(undefined);
  rmSync(storageRoot, { recursive: true, force: true });
});

const create = async (
  auth: Record<string, string>,
  fields: Record<string, unknown>,
  prefix = 'board-list',
  wrapper = 'BoardList',
) => postAs(auth, `/${prefix}/create-quote`, wrapped(wrapper, fields));

describe('publishing lots', () => {
  it('lets silver publish an agro lot, refuses basic with a link to the tiers, and opens machinery to everyone', async () => {
    const silver = await memberWithTier(database.handle(), 'silver');
    const basic = await memberWithTier(database.handle(), 'basic');
    const created = await create(silver.auth, await maizeLot());
    expect(created.status).toBe(200);
    const refused = await create(basic.auth, await maizeLot());
    expect(refused.status).toBe(403);
    expect(refused.json.message).toContain('/user/pro');
    const place = await nakuru();
    const tractor = await create(
      basic.auth,
      {
        type: 'rent',
        category_id: 2,
        title: 'Massey Ferguson 375 with plough',
        volume: 1,
        per_unit_id: 13,
        price: 6500,
        currency_id: 1,
        country_id: place.countryId,
        latitude: -0.3,
        longitude: 36.07,
        maker: 'Massey Ferguson',
        model: '375',
        rent_per: 'day',
        working_radius_km: 40,
      },
      'technic-list',
      'TechnicList',
    );
    expect(tractor.status).toBe(200);
    const anonymous = await apiRequest('/board-list/create-quote', {
      method: 'POST',
      body: wrapped('BoardList', await maizeLot()),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.message).toBe('You must be logged in to perform this action');
  });

  it('answers 422 with field errors for broken rules, and keeps nothing', async () => {
    const silver = await memberWithTier(database.handle(), 'silver');
    const bad = await create(
      silver.auth,
      await maizeLot({
        price: '12.345',
        min_volume: 150,
        max_volume: 100,
        volume: 'lots',
        village_id: undefined,
        region_id: undefined,
      }),
    );
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors)).toEqual(expect.arrayContaining(['price', 'volume']));
    const order = await create(silver.auth, await maizeLot({ min_volume: 150, max_volume: 100 }));
    expect(order.json.errors.min_volume).toEqual(['The minimum must not be above the maximum.']);
    const above = await create(silver.auth, await maizeLot({ max_volume: 500 }));
    expect(above.json.errors.max_volume).toEqual(['Offer limits must not be above the volume.']);
    const nowhere = await create(silver.auth, await maizeLot({ village_id: undefined }));
    expect(nowhere.json.errors.village_id).toEqual(['Choose a village or pick the place on the map.']);
    const wrongUnit = await create(silver.auth, await maizeLot({ per_unit_id: 12 }));
    expect(wrongUnit.json.errors.per_unit_id).toBeDefined();
    const ugx = await create(silver.auth, await maizeLot({ currency_id: 2, price: '1000.5' }));
    expect(ugx.json.errors.price).toEqual(['UGX prices have no cents: enter a whole amount.']);
    const comma = await create(silver.auth, await maizeLot({ price: '3600,50' }));
    expect(comma.status).toBe(200);
    const mine = await get(
      `/board-list/index?BoardQuoteSearch[user_id]=${(await apiRequest('/user/index', { headers: silver.auth })).json.id}`,
    );
    expect(mine.json._meta.totalCount).toBe(1);
  });

  it('keeps other users’ lots out of reach: update and delete are the owner’s alone', async () => {
    const owner = await memberWithTier(database.handle(), 'silver');
    const other = await memberWithTier(database.handle(), 'gold');
    const { id } = (await create(owner.auth, await maizeLot())).json;
    const update = await postAs(
      other.auth,
      '/board-list/update-quote',
      wrapped('BoardList', { ...(await maizeLot({ title: 'Stolen' })), id }),
    );
    expect(update.status).toBe(403);
    expect((await postAs(other.auth, '/board-list/delete-quote', form({ id }))).status).toBe(403);
    expect((await get(`/board-list/view?id=${id}`)).json.title).toBe('Dry white maize, grade 1');
    expect(
      (
        await postAs(
          owner.auth,
          '/board-list/update-quote',
          wrapped('BoardList', { ...(await maizeLot({ title: 'Yellow maize' })), id }),
        )
      ).status,
    ).toBe(200);
    expect((await get(`/board-list/view?id=${id}`)).json.title).toBe('Yellow maize');
    expect((await postAs(owner.auth, '/board-list/delete-quote', form({ id }))).status).toBe(200);
    expect((await get(`/board-list/view?id=${id}`)).status).toBe(404);
  });

  it('answers every field of a lot, with the total cost derived and the seller’s public card', async () => {
    const silver = await memberWithTier(database.handle(), 'silver');
    const { id } = (await create(silver.auth, await maizeLot({ delivery_price_per_km: 45, organic: 1 }))).json;
    const lot = (await get(`/board-list/view?id=${id}`, 'sw')).json;
    expect(lot).toMatchObject({
      id,
      kind: 'board',
      order_type: 'board_list',
      type: 'sell',
      status: 'active',
      price: 3600,
      currency: 'KES',
      volume: 200,
      total_cost: 720000,
      category: 'Mahindi',
      region: 'Nakuru',
      organic: true,
      delivery_price_per_km: 45,
      crop_variety: 'H614',
    });
    expect(lot.user).toMatchObject({ name: 'Amina W.', tier: 'silver' });
    expect(lot.user.email).toBeUndefined();
  });

  it('closes, re-adds and bulk-updates prices of the owner’s lots', async () => {
    const gold = await memberWithTier(database.handle(), 'gold');
    const basic = await memberWithTier(database.handle(), 'basic');
    const { id } = (await create(gold.auth, await maizeLot())).json;
    expect((await postAs(gold.auth, '/board-list/close-quote', form({ id }))).status).toBe(200);
    expect((await get(`/board-list/view?id=${id}`)).status).toBe(404);
    const copy = await postAs(gold.auth, '/board-list/re-add-quote', form({ id }));
    expect(copy.status).toBe(200);
    expect((await get(`/board-list/view?id=${copy.json.id}`)).json.copied_from_id).toBe(id);
    expect((await postAs(gold.auth, '/board-list/re-add-quote', form({ id: copy.json.id }))).status).toBe(409);
    const bulk = await postAs(
      gold.auth,
      '/board-list/update-prices',
      form({ 'prices[0][id]': copy.json.id, 'prices[0][price]': '3900' }),
    );
    expect(bulk.status).toBe(200);
    expect((await get(`/board-list/view?id=${copy.json.id}`)).json.price).toBe(3900);
    expect(
      (
        await postAs(
          basic.auth,
          '/board-list/update-prices',
          form({ 'prices[0][id]': copy.json.id, 'prices[0][price]': '1' }),
        )
      ).status,
    ).toBe(403);
    const stranger = await memberWithTier(database.handle(), 'gold');
    expect(
      (
        await postAs(
          stranger.auth,
          '/board-list/update-prices',
          form({ 'prices[0][id]': copy.json.id, 'prices[0][price]': '1' }),
        )
      ).status,
    ).toBe(403);
    expect((await get(`/board-list/view?id=${copy.json.id}`)).json.price).toBe(3900);
  });
});

describe('catalogue filters', () => {
  it('narrows by each filter, treats an empty price_from as 0, and searches text in any language', async () => {
    const silver = await memberWithTier(database.handle(), 'silver');
    const place = await nakuru();
    const beans = (
      await create(
        silver.auth,
        await maizeLot({ category_id: 7, title: 'Rosecoco beans', price: 12000, organic: 1, crop_name: 'Beans' }),
      )
    ).json.id;
    const buy = (
      await create(
        silver.auth,
        await maizeLot({
          type: 'buy',
          title: 'Buying sorghum',
          category_id: 5,
          village_id: undefined,
          latitude: -0.28,
          longitude: 36.06,
        }),
      )
    ).json.id;
    const ids = async (query: string) =>
      (await get(`/board-list/index?per-page=100&${query}`)).json.items.map((l: { id: number }) => l.id);
    expect(await ids('BoardQuoteSearch[boards_category_id]=7')).toContain(beans);
    expect(await ids('BoardQuoteSearch[boards_category_id]=7')).not.toContain(buy);
    expect(await ids('BoardQuoteSearch[boards_category_id]=6')).toContain(beans);
    expect(await ids('BoardQuoteSearch[type]=buy')).toEqual([buy]);
    expect(await ids('BoardQuoteSearch[organic]=1')).toContain(beans);
    expect(await ids('BoardQuoteSearch[organic]=1')).not.toContain(buy);
    // A lot placed by its village is on the map at the village.
    expect(await ids('BoardQuoteSearch[have_geolocation]=1')).toEqual(expect.arrayContaining([buy, beans]));
    expect(await ids(`BoardQuoteSearch[region_id]=${place.regionId}`)).toEqual(expect.arrayContaining([beans, buy]));
    expect(await ids('BoardQuoteSearch[region_id]=1')).not.toContain(beans);
    expect(
      await ids('BoardQuoteSearch[price_from]=&BoardQuoteSearch[price_to]=50&BoardQuoteSearch[currency_id]=3'),
    ).toContain(buy);
    expect(
      await ids('BoardQuoteSearch[price_from]=&BoardQuoteSearch[price_to]=50&BoardQuoteSearch[currency_id]=3'),
    ).not.toContain(beans);
    expect(await ids('BoardQuoteSearch[price_from]=90&BoardQuoteSearch[currency_id]=3')).toContain(beans);
    expect(await ids('q=rosec')).toEqual([beans]);
    expect(await ids('q=maharagwe')).toContain(beans);
    expect(await ids('q=haricots')).toContain(beans);
    expect(await ids('BoardQuoteSearch[company_type][]=trader')).not.toContain(beans);
    expect(await ids('BoardQuoteSearch[company_type][]=farmer')).toContain(beans);
    const sorted = (await get('/board-list/index?per-page=100&sort=-price')).json.items.map(
      (l: { price: number; currency: string }) => l,
    );
    expect(sorted.length).toBeGreaterThan(1);
    const defaults = await get('/board-list/index');
    expect(defaults.json._meta.perPage).toBe(12);
    expect((await get('/board-list/index?sort=-password')).status).toBe(422);
  });

  it('keeps favourites per user', async () => {
    const silver = await memberWithTier(database.handle(), 'silver');
    const a = await memberWithTier(database.handle(), 'basic');
    const b = await memberWithTier(database.handle(), 'basic');
    const { id } = (await create(silver.auth, await maizeLot())).json;
    expect((await postAs(a.auth, '/board-list/add-favorites-board-list', form({ board_id: id }))).json.items).toEqual([
      id,
    ]);
    expect((await apiRequest('/board-list/favorites-list-ids', { headers: b.auth })).json.items).toEqual([]);
    const favs = (await apiRequest('/board-list/index?BoardQuoteSearch[favorites]=1', { headers: a.auth })).json.items;
    expect(favs.map((l: { id: number; is_favorite: boolean }) => [l.id, l.is_favorite])).toEqual([[id, true]]);
    expect(
      (await apiRequest('/board-list/index?BoardQuoteSearch[favorites]=1', { headers: b.auth })).json.items,
    ).toEqual([]);
    expect(
      (await postAs(a.auth, '/board-list/remove-favorites-board-list', form({ board_id: id }))).json.items,
    ).toEqual([]);
    expect((await postAs(a.auth, '/board-list/add-favorites-board-list', form({ board_id: 999999 }))).status).toBe(404);
    expect((await get('/board-list/favorites-list-ids')).status).toBe(401);
  });
});

describe('lot photos', () => {
  it('stores an uploaded photo in three WebP sizes and attaches only the uploader’s own photos', async () => {
    const silver = await memberWithTier(database.handle(), 'silver');
    const other = await memberWithTier(database.handle(), 'silver');
    const body = new FormData();
    body.append(
      'photo',
      new File(
        [
          new Uint8Array(
            await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#6a4' } })
              .jpeg()
              .toBuffer(),
          ),
        ],
        'field.jpg',
      ),
    );
    const up = await postAs(silver.auth, '/board-list/upload-photo', body);
    expect(up.status).toBe(200);
    expect(up.json.srcset).toContain('1600w');
    expect((await sharp(path.join(storageRoot, `${up.json.key}-320.webp`)).metadata()).width).toBe(320);
    const theft = await postAs(
      other.auth,
      '/board-list/create-quote',
      wrapped('BoardList', { ...(await maizeLot()), photos: [up.json.key] }),
    );
    expect(theft.status).toBe(422);
    const ok = await postAs(
      silver.auth,
      '/board-list/create-quote',
      wrapped('BoardList', { ...(await maizeLot()), photos: [up.json.key] }),
    );
    expect(ok.status).toBe(200);
    const lot = (await get(`/board-list/view?id=${ok.json.id}`)).json;
    expect(lot.photos).toHaveLength(1);
    expect(lot.photos[0]).toMatchObject({ width: 1600, height: 1200 });
    expect(
      (
        await get(`/board-list/index?BoardQuoteSearch[with_photo]=1&BoardQuoteSearch[user_id]=${lot.user_id}`)
      ).json.items.map((l: { id: number }) => l.id),
    ).toEqual([ok.json.id]);
  });
});

describe('review fixes', () => {
  it('refuses a rent lot without its rent unit, and accepts large two-decimal prices', async () => {
    const basic = await memberWithTier(database.handle(), 'basic');
    const place = await nakuru();
    const rent = {
      type: 'rent',
      category_id: 2,
      title: 'Tractor for hire',
      volume: 1,
      per_unit_id: 13,
      price: 6500,
      currency_id: 1,
      country_id: place.countryId,
      village_id: place.villageId,
    };
    const missing = await create(basic.auth, rent, 'technic-list', 'TechnicList');
    expect(missing.status).toBe(422);
    expect(missing.json.errors.rent_per).toBeDefined();
    expect((await create(basic.auth, { ...rent, rent_per: 'day' }, 'technic-list', 'TechnicList')).status).toBe(200);
    const silver = await memberWithTier(database.handle(), 'silver');
    // Far above the usual maize price of the lots above: the seller confirms it.
    expect((await create(silver.auth, await maizeLot({ price: '555490948.68', price_confirmed: 1 }))).status).toBe(200);
  });

  it('places a lot by its village alone, taking the region from it', async () => {
    const silver = await memberWithTier(database.handle(), 'silver');
    const place = await nakuru();
    const res = await create(silver.auth, await maizeLot({ region_id: undefined }));
    expect(res.status).toBe(200);
    expect((await get(`/board-list/view?id=${res.json.id}`)).json.region_id).toBe(place.regionId);
  });

  it('bulk-updates a lot priced 0 with a USD reference, refuses duplicates, and re-adds a closed lot only once', async () => {
    const gold = await memberWithTier(database.handle(), 'gold');
    const { id } = (await create(gold.auth, await maizeLot({ price: 0, title: 'Free sample maize' }))).json;
    await postAs(gold.auth, '/board-list/update-prices', form({ 'prices[0][id]': id, 'prices[0][price]': '5000' }));
    const ids = (
      await get('/board-list/index?per-page=100&BoardQuoteSearch[price_from]=1&BoardQuoteSearch[currency_id]=3')
    ).json.items.map((l: { id: number }) => l.id);
    expect(ids).toContain(id);
    const dupes = await postAs(
      gold.auth,
      '/board-list/update-prices',
      form({ 'prices[0][id]': id, 'prices[0][price]': '1', 'prices[1][id]': id, 'prices[1][price]': '2' }),
    );
    expect(dupes.status).toBe(422);
    await postAs(gold.auth, '/board-list/close-quote', form({ id }));
    expect((await postAs(gold.auth, '/board-list/re-add-quote', form({ id }))).status).toBe(200);
    expect((await postAs(gold.auth, '/board-list/re-add-quote', form({ id }))).status).toBe(409);
  });

  it('counts a filtered catalogue exactly, even right after a new lot', async () => {
    const silver = await memberWithTier(database.handle(), 'silver');
    const word = `memo${Date.now().toString(36)}`;
    expect((await get(`/board-list/index?q=${word}`)).json._meta.totalCount).toBe(0);
    await create(silver.auth, await maizeLot({ title: `Maize ${word}` }));
    const after = (await get(`/board-list/index?q=${word}`)).json;
    expect(after._meta.totalCount).toBe(1);
    expect(after.items).toHaveLength(1);
  });

  it('will not favourite someone else’s lot that is not on offer, and re-activation follows the tier rule', async () => {
    const owner = await memberWithTier(database.handle(), 'silver');
    const other = await memberWithTier(database.handle(), 'basic');
    const { id } = (await create(owner.auth, await maizeLot())).json;
    await postAs(owner.auth, '/board-list/deactivate-quote', form({ id }));
    expect((await postAs(other.auth, '/board-list/add-favorites-board-list', form({ board_id: id }))).status).toBe(404);
    const { setTier } = await import('~/server/services/accounts/tiers');
    await setTier(database.handle().db, owner.email, 'basic');
    expect((await postAs(owner.auth, '/board-list/activate-quote', form({ id }))).status).toBe(403);
  });

  it('answers the map points of every matching located lot', async () => {
    const silver = await memberWithTier(database.handle(), 'silver');
    const word = `pin${Date.now().toString(36)}`;
    const { id } = (await create(silver.auth, await maizeLot({ title: `Maize ${word}` }))).json;
    const points = (await get(`/board-list/map-points?q=${word}`)).json.items;
    expect(points).toEqual([expect.objectContaining({ id, currency: 'KES' })]);
    expect(typeof points[0].latitude).toBe('number');
  });
});
