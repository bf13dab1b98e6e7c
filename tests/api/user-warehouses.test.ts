import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  categories,
  countries,
  lots,
  memberWarehouses,
  perUnits,
  regions,
  systemWarehouses,
  users,
  villages,
} from '~/server/db/schema';
import { apiRequest, form } from '../fixtures/api';
import { signedUpUser } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';
import { act, getAs, makeOffer, sellMaize } from '../fixtures/deals';
import { maizeLot, memberWithTier, nakuru, wrapped } from '../fixtures/lots';
import { userId } from '../fixtures/wallet';

/** Members' warehouses, their stock, and lots placed at a warehouse (docs/warehouses.md "Members' warehouses"). */
const database = useTestDatabase();
const db = () => database.handle().db;

type Auth = Record<string, string>;
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const call = (auth: Auth, path: string, fields: Record<string, string | number> = {}, locale?: string) =>
  apiRequest(path, { method: 'POST', body: form(fields), headers: { ...FORM, ...auth }, locale });
const callJson = (auth: Auth, path: string, body: Record<string, unknown>) =>
  apiRequest(path, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', ...auth },
  });

let kenya: number;
let nakuruRegion: number;
let village: { id: number; regionId: number; latitude: number | null; longitude: number | null };
let otherRegion: number;
let depot: { id: number; title: string; latitude: number | null; longitude: number | null; regionId: number | null };
let retiredId: number;

beforeAll(async () => {
  const place = await nakuru();
  kenya = place.countryId;
  nakuruRegion = place.regionId;
  [village] = await db()
    .select({
      id: villages.id,
      regionId: villages.regionId,
      latitude: villages.latitude,
      longitude: villages.longitude,
    })
    .from(villages)
    .where(eq(villages.id, place.villageId));
  [{ id: otherRegion }] = await db()
    .select({ id: regions.id })
    .from(regions)
    .where(and(eq(regions.countryId, kenya), eq(regions.name, 'Trans-Nzoia')));
  [depot] = await db()
    .select({
      id: systemWarehouses.id,
      title: systemWarehouses.title,
      latitude: systemWarehouses.latitude,
      longitude: systemWarehouses.longitude,
      regionId: systemWarehouses.regionId,
    })
    .from(systemWarehouses)
    .where(eq(systemWarehouses.countryId, kenya))
    .limit(1);
  [{ id: retiredId }] = await db()
    .insert(systemWarehouses)
    .values({ title: 'Closed Member Depot', kind: 'village_store', countryId: kenya, retiredAt: new Date() })
    .returning({ id: systemWarehouses.id });
  expect((await db().select().from(countries).where(eq(countries.id, kenya))).length).toBe(1);
});

/** A warehouse of `auth` in Nakuru at a point of its own; answers its id. */
async function warehouseOf(auth: Auth, fields: Record<string, string | number> = {}) {
  const res = await call(auth, '/user-warehouse/create', {
    description: 'Farm store by the main road',
    address: 'Plot 14, Njoro road',
    phone: '0712 345 678',
    email: 'Store@Example.com',
    country_id: kenya,
    region_id: nakuruRegion,
    latitude: -0.35,
    longitude: 36.1,
    ...fields,
  });
  expect(res.status, res.text).toBe(200);
  return res.json.id as number;
}

const maize = { category_kind: 'board', category_id: 3, per_unit_id: 4 };

describe('members’ warehouses: create, read, update, delete', () => {
  it('creates a warehouse (form or JSON), reads it back and lists it with its products', async () => {
    const owner = await signedUpUser();
    const id = await warehouseOf(owner.auth);
    const view = await getAs(owner.auth, `/user-warehouse/view?id=${id}`);
    expect(view.status, view.text).toBe(200);
    expect(view.headers.get('cache-control')).toContain('no-store');
    expect(view.json).toMatchObject({
      id,
      description: 'Farm store by the main road',
      address: 'Plot 14, Njoro road',
      email: 'store@example.com',
      country_id: kenya,
      region_id: nakuruRegion,
      region_name: 'Nakuru',
      latitude: -0.35,
      longitude: 36.1,
      system_warehouse_id: null,
      may_edit: true,
      products: [],
    });
    expect(view.json.phone).toMatch(/712/);

    const json = await callJson(owner.auth, '/user-warehouse/create', {
      description: 'Second store',
      village_id: village.id,
    });
    expect(json.status, json.text).toBe(200);
    const second = await getAs(owner.auth, `/user-warehouse/view?id=${json.json.id}`);
    // A village alone names its region and country, and its point is the warehouse's.
    expect(second.json).toMatchObject({ region_id: village.regionId, country_id: kenya, village_id: village.id });
    expect(second.json.latitude).toBe(village.latitude);

    const added = await call(owner.auth, '/user-warehouse/add-product', {
      warehouse_id: id,
      ...maize,
      quantity: '1,250.5',
      quality_notes: 'Grade 1, 13% moisture',
    });
    expect(added.status, added.text).toBe(200);
    const list = await getAs(owner.auth, '/user-warehouse/index?per-page=1');
    expect(list.status).toBe(200);
    expect(list.json._meta).toMatchObject({ totalCount: 2, pageCount: 2, perPage: 1 });
    // Newest first: the second warehouse, then (page 2) the first with its product.
    expect(list.json.items[0].id).toBe(json.json.id);
    const page2 = await getAs(owner.auth, '/user-warehouse/index?per-page=1&page=2');
    expect(page2.json.items[0].products).toEqual([
      expect.objectContaining({
        id: added.json.id,
        category_kind: 'board',
        category_id: 3,
        category_name: 'Maize',
        quantity: '1250.50',
        per_unit_id: 4,
        unit_name: 'Bag of 90 kg',
        quality_notes: 'Grade 1, 13% moisture',
      }),
    ]);
  });

  it('reads quantities as the caller’s language writes them, and names categories in it', async () => {
    const owner = await signedUpUser();
    const id = await warehouseOf(owner.auth);
    const french = await call(
      owner.auth,
      '/user-warehouse/add-product',
      { warehouse_id: id, ...maize, quantity: '1 250,5' },
      'fr',
    );
    expect(french.status, french.text).toBe(200);
    const view = await getAs(owner.auth, `/user-warehouse/view?id=${id}`, 'sw');
    expect(view.json.products[0]).toMatchObject({ quantity: '1250.50', category_name: 'Mahindi' });
    const word = await call(owner.auth, '/user-warehouse/add-product', {
      warehouse_id: id,
      ...maize,
      quantity: 'many',
    });
    expect(word.status).toBe(422);
    expect(word.json.errors.quantity).toBeDefined();
    const negative = await call(owner.auth, '/user-warehouse/add-product', {
      warehouse_id: id,
      ...maize,
      quantity: '-3',
    });
    expect(negative.status).toBe(422);
  });

  it('updates every field (a blank optional one is cleared) and products; deletes products and the warehouse', async () => {
    const owner = await signedUpUser();
    const id = await warehouseOf(owner.auth);
    const updated = await call(owner.auth, '/user-warehouse/update', {
      id,
      description: 'Renamed store',
      address: '',
      country_id: kenya,
      region_id: otherRegion,
    });
    expect(updated.status, updated.text).toBe(200);
    const view = await getAs(owner.auth, `/user-warehouse/view?id=${id}`);
    expect(view.json).toMatchObject({
      description: 'Renamed store',
      address: null,
      phone: null,
      region_id: otherRegion,
      latitude: null,
    });

    const added = await call(owner.auth, '/user-warehouse/add-product', { warehouse_id: id, ...maize, quantity: 40 });
    const changed = await call(owner.auth, '/user-warehouse/update-product', {
      id: added.json.id,
      category_kind: 'seed',
      category_id: (await firstCategory('seed')).id,
      quantity: 12,
      per_unit_id: (await unitFor('seed')).id,
    });
    expect(changed.status, changed.text).toBe(200);
    const after = await getAs(owner.auth, `/user-warehouse/view?id=${id}`);
    expect(after.json.products[0]).toMatchObject({ category_kind: 'seed', quantity: '12.00', quality_notes: null });
    expect((await call(owner.auth, '/user-warehouse/delete-product', { id: added.json.id })).status).toBe(200);
    expect((await getAs(owner.auth, `/user-warehouse/view?id=${id}`)).json.products).toEqual([]);
    expect((await call(owner.auth, '/user-warehouse/delete-product', { id: added.json.id })).status).toBe(404);

    const deleted = await call(owner.auth, '/user-warehouse/delete', { id });
    expect(deleted.status, deleted.text).toBe(200);
    expect((await getAs(owner.auth, `/user-warehouse/view?id=${id}`)).status).toBe(404);
  });

  it('refuses bad input per field: no description, half a point, a region of another country, a village elsewhere', async () => {
    const owner = await signedUpUser();
    const none = await call(owner.auth, '/user-warehouse/create', { description: '' });
    expect(none.status).toBe(422);
    expect(none.json.errors.description).toBeDefined();
    const half = await call(owner.auth, '/user-warehouse/create', { description: 'Store', latitude: -1 });
    expect(half.status).toBe(422);
    expect(half.json.errors.latitude).toBeDefined();
    const phone = await call(owner.auth, '/user-warehouse/create', { description: 'Store', phone: '12' });
    expect(phone.json.errors.phone).toBeDefined();
    const [uganda] = await db().select({ id: countries.id }).from(countries).where(eq(countries.code, 'UG'));
    const region = await call(owner.auth, '/user-warehouse/create', {
      description: 'Store',
      country_id: uganda.id,
      region_id: nakuruRegion,
    });
    expect(region.status).toBe(422);
    expect(region.json.errors.region_id).toBeDefined();
    const elsewhere = await call(owner.auth, '/user-warehouse/create', {
      description: 'Store',
      region_id: otherRegion,
      village_id: village.id,
    });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.json.errors.village_id).toBeDefined();
    expect((await call(owner.auth, '/user-warehouse/view')).status).toBe(405);
    expect((await getAs(owner.auth, '/user-warehouse/view')).status).toBe(422);
    expect((await getAs({}, '/user-warehouse/index')).status).toBe(401);
  });
});

async function firstCategory(kind: 'board' | 'seed' | 'fertilizer' | 'technic') {
  const [row] = await db().select({ id: categories.id }).from(categories).where(eq(categories.kind, kind)).limit(1);
  return row;
}

async function unitFor(kind: 'seed' | 'fertilizer') {
  const flag = kind === 'seed' ? perUnits.forSeed : perUnits.forFertilizer;
  const [row] = await db().select({ id: perUnits.id }).from(perUnits).where(eq(flag, true)).limit(1);
  return row;
}

describe('members’ warehouses: privacy', () => {
  it('a stranger neither reads nor changes someone else’s warehouse or its products: 404 as for none', async () => {
    const owner = await signedUpUser();
    const stranger = await signedUpUser();
    const id = await warehouseOf(owner.auth);
    const product = await call(owner.auth, '/user-warehouse/add-product', { warehouse_id: id, ...maize, quantity: 5 });
    const missing = await getAs(stranger.auth, '/user-warehouse/view?id=999999');
    const view = await getAs(stranger.auth, `/user-warehouse/view?id=${id}`);
    expect(view.status).toBe(404);
    expect(view.json).toEqual(missing.json);
    expect(view.text).not.toContain('Njoro');
    for (const [path, fields] of [
      ['/user-warehouse/update', { id, description: 'Mine now' }],
      ['/user-warehouse/delete', { id }],
      ['/user-warehouse/add-product', { warehouse_id: id, ...maize, quantity: 1 }],
      ['/user-warehouse/update-product', { id: product.json.id, ...maize, quantity: 1 }],
      ['/user-warehouse/delete-product', { id: product.json.id }],
    ] as const) {
      const res = await call(stranger.auth, path, fields as Record<string, string | number>);
      expect(res.status, `${path}: ${res.text}`).toBe(404);
      expect(res.json.code).toBe('not_found');
    }
    expect((await getAs(stranger.auth, '/user-warehouse/index')).json.items).toEqual([]);
    const [row] = await db().select().from(memberWarehouses).where(eq(memberWarehouses.id, id));
    expect(row.description).toBe('Farm store by the main road');
    expect((await getAs(owner.auth, `/user-warehouse/view?id=${id}`)).json.products).toHaveLength(1);
  });

  it('a company’s warehouse: its team reads it, its administrators change it, a manager may not', async () => {
    const admin = await signedUpUser();
    const manager = await signedUpUser();
    const place = await nakuru();
    const company = await call(admin.auth, '/company/create', {
      title: 'Njoro Grain Growers',
      entity_number: `WH/${Date.now().toString(36)}`,
      type_id: 1,
      country_id: place.countryId,
    });
    expect(company.status, company.text).toBe(200);
    const managerId = await userId(database.handle(), manager.email);
    const [{ code }] = await db().select({ code: users.referralCode }).from(users).where(eq(users.id, managerId));
    const invited = await call(admin.auth, '/company/invite', { referral_code: code });
    expect(invited.status, invited.text).toBe(200);
    expect((await call(manager.auth, '/company/accept-invite', { id: invited.json.id })).status).toBe(200);

    const kept = await warehouseOf(admin.auth, { company_id: company.json.id });
    const read = await getAs(manager.auth, `/user-warehouse/view?id=${kept}`);
    expect(read.status).toBe(200);
    expect(read.json.may_edit).toBe(false);
    expect((await getAs(manager.auth, '/user-warehouse/index')).json.items.map((w: { id: number }) => w.id)).toEqual([
      kept,
    ]);
    const refused = await call(manager.auth, '/user-warehouse/update', { id: kept, description: 'Changed' });
    expect(refused.status).toBe(403);
    // The manager's own warehouse kept for the company: the administrator may change it.
    const managers = await warehouseOf(manager.auth, { company_id: company.json.id });
    const edited = await call(admin.auth, '/user-warehouse/update', { id: managers, description: 'Checked by admin' });
    expect(edited.status, edited.text).toBe(200);
    // Nobody keeps a warehouse for a company they are not in.
    const outsider = await signedUpUser();
    const foreign = await call(outsider.auth, '/user-warehouse/create', {
      description: 'Store',
      company_id: company.json.id,
    });
    expect(foreign.status).toBe(422);
    expect(foreign.json.errors.company_id).toBeDefined();

    // A team member who may only read a colleague's warehouse may not show it on a lot page by placing a lot there.
    await db().update(users).set({ tier: 'silver' }).where(eq(users.id, managerId));
    const placed = await apiRequest('/board-list/create-quote', {
      method: 'POST',
      headers: { ...FORM, ...manager.auth },
      body: wrapped('BoardList', { ...(await maizeLot()), warehouse_id: kept }),
    });
    expect(placed.status).toBe(422);
    expect(placed.json.errors.warehouse_id).toBeDefined();

    // An owner who leaves the company takes their warehouse back: the old team neither reads nor changes it.
    expect((await call(manager.auth, '/company/leave', {})).status).toBe(200);
    expect((await getAs(admin.auth, `/user-warehouse/view?id=${managers}`)).status).toBe(404);
    expect((await call(admin.auth, '/user-warehouse/update', { id: managers, description: 'Mine now' })).status).toBe(
      404,
    );
    expect((await getAs(manager.auth, `/user-warehouse/view?id=${managers}`)).status).toBe(200);
  });
});

describe('members’ warehouses: from a public warehouse', () => {
  it('copies the live public warehouse (title, point, place, contacts); the fields given override', async () => {
    const owner = await signedUpUser();
    const res = await call(owner.auth, '/user-warehouse/create-from-system', { system_warehouse_id: depot.id });
    expect(res.status, res.text).toBe(200);
    const view = await getAs(owner.auth, `/user-warehouse/view?id=${res.json.id}`);
    expect(view.json).toMatchObject({
      system_warehouse_id: depot.id,
      system_warehouse_title: depot.title,
      country_id: kenya,
      region_id: depot.regionId,
      latitude: depot.latitude,
      longitude: depot.longitude,
    });
    expect(view.json.description).toContain(depot.title);
    const named = await call(owner.auth, '/user-warehouse/create-from-system', {
      system_warehouse_id: depot.id,
      description: 'Our bay at the depot',
    });
    expect((await getAs(owner.auth, `/user-warehouse/view?id=${named.json.id}`)).json.description).toBe(
      'Our bay at the depot',
    );
    expect(
      (await call(owner.auth, '/user-warehouse/create-from-system', { system_warehouse_id: retiredId })).status,
    ).toBe(404);
    expect((await call(owner.auth, '/user-warehouse/create-from-system', { system_warehouse_id: 999999 })).status).toBe(
      404,
    );
  });
});

describe('members’ warehouses: product types', () => {
  it('machinery is not stock: valid-product-type says so, and adding it is a 422 on category_id', async () => {
    const owner = await signedUpUser();
    const id = await warehouseOf(owner.auth);
    const tractor = await firstCategory('technic');
    expect(
      (await getAs(owner.auth, '/user-warehouse/valid-product-type?category_kind=board&category_id=3')).json,
    ).toEqual({ valid: true });
    expect(
      (await getAs(owner.auth, `/user-warehouse/valid-product-type?category_kind=technic&category_id=${tractor.id}`))
        .json,
    ).toEqual({ valid: false });
    expect(
      (await getAs(owner.auth, '/user-warehouse/valid-product-type?category_kind=board&category_id=99999')).json,
    ).toEqual({
      valid: false,
    });
    expect(
      (await getAs(owner.auth, '/user-warehouse/valid-product-type?category_kind=rocks&category_id=1')).status,
    ).toBe(422);
    const machinery = await call(owner.auth, '/user-warehouse/add-product', {
      warehouse_id: id,
      category_kind: 'technic',
      category_id: tractor.id,
      quantity: 1,
      per_unit_id: 13,
    });
    expect(machinery.status).toBe(422);
    expect(machinery.json.reason).toBe('warehouses.invalid_product_type');
    expect(machinery.json.errors.category_id[0]).toMatch(/machinery/i);
    const product = await call(owner.auth, '/user-warehouse/add-product', { warehouse_id: id, ...maize, quantity: 1 });
    const update = await call(owner.auth, '/user-warehouse/update-product', {
      id: product.json.id,
      category_kind: 'technic',
      category_id: tractor.id,
      quantity: 1,
      per_unit_id: 13,
    });
    expect(update.status).toBe(422);
    expect(update.json.reason).toBe('warehouses.invalid_product_type');
    // A unit lots of the kind are not counted in (a day, for maize) is refused too.
    const day = await call(owner.auth, '/user-warehouse/add-product', {
      warehouse_id: id,
      ...maize,
      per_unit_id: 13,
      quantity: 1,
    });
    expect(day.status).toBe(422);
    expect(day.json.errors.per_unit_id).toBeDefined();
  });

  it('the dropdown groups the stock categories by kind in the caller’s language, without machinery', async () => {
    const owner = await signedUpUser();
    const res = await getAs(owner.auth, '/user-warehouse/product-types-categories-dropdown', 'sw');
    expect(res.status).toBe(200);
    expect(res.json.items.map((g: { category_kind: string }) => g.category_kind)).toEqual([
      'board',
      'seed',
      'fertilizer',
    ]);
    const board = res.json.items[0];
    expect(board.items.find((c: { id: number }) => c.id === 3).name).toBe('Mahindi');
    expect(board.name).not.toBe('');
  });
});

describe('lots placed at a warehouse', () => {
  it('takes its point and place from the warehouse and shows it; someone else’s warehouse is refused', async () => {
    const seller = await memberWithTier(database.handle(), 'silver');
    const stranger = await signedUpUser();
    const fromDepot = await call(seller.auth, '/user-warehouse/create-from-system', { system_warehouse_id: depot.id });
    const warehouseId = fromDepot.json.id as number;
    const lotId = await sellMaize(seller.auth, {
      warehouse_id: warehouseId,
      region_id: otherRegion,
      village_id: undefined,
    });
    const [lot] = await db().select().from(lots).where(eq(lots.id, lotId));
    expect(lot).toMatchObject({
      warehouseId,
      countryId: kenya,
      regionId: depot.regionId,
      latitude: depot.latitude,
      longitude: depot.longitude,
    });
    const view = await getAs({}, `/board-list/view?id=${lotId}`);
    expect(view.json.warehouse).toEqual({
      id: warehouseId,
      description: expect.stringContaining(depot.title),
      address: null,
      system_warehouse_id: depot.id,
      system_warehouse_title: depot.title,
    });

    const theirs = await warehouseOf(stranger.auth);
    const refused = await apiRequest('/board-list/create-quote', {
      method: 'POST',
      headers: { ...FORM, ...seller.auth },
      body: wrapped('BoardList', { ...(await maizeLot()), warehouse_id: theirs }),
    });
    expect(refused.status).toBe(422);
    expect(refused.json.errors.warehouse_id).toBeDefined();
    expect(refused.text).not.toContain('Njoro');
  });

  it('a warehouse holding a lot in a running deal cannot be deleted until the deal is done', async () => {
    const seller = await memberWithTier(database.handle(), 'silver');
    const buyer = await signedUpUser();
    const warehouseId = await warehouseOf(seller.auth);
    const lotId = await sellMaize(seller.auth, { warehouse_id: warehouseId });
    const offer = await makeOffer(buyer.auth, { order_id: lotId, order_type: 'board_list', price: 3500, volume: 10 });
    expect(offer.status, offer.text).toBe(200);
    expect((await act(seller.auth, 'approve-offer', offer.json.id)).json.status).toBe(3);

    // Moving the warehouse leaves the lot in the deal where it was agreed.
    expect(
      (
        await call(seller.auth, '/user-warehouse/update', {
          id: warehouseId,
          description: 'Moved',
          latitude: 1,
          longitude: 35,
        })
      ).status,
    ).toBe(200);
    expect((await db().select().from(lots).where(eq(lots.id, lotId)))[0].latitude).toBe(-0.35);

    const refused = await call(seller.auth, '/user-warehouse/delete', { id: warehouseId });
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('warehouses.in_running_deal');
    expect(refused.json.message).toMatch(/deal/);

    for (const [who, step] of [
      [seller.auth, 'delivery-send'],
      [buyer.auth, 'delivery-get'],
      [buyer.auth, 'payment-send'],
      [seller.auth, 'payment-get'],
    ] as const)
      expect((await act(who, step, offer.json.id)).status).toBe(200);
    const deleted = await call(seller.auth, '/user-warehouse/delete', { id: warehouseId });
    expect(deleted.status, deleted.text).toBe(200);
    const [lot] = await db().select().from(lots).where(eq(lots.id, lotId));
    // The lot stays, no longer placed at a warehouse, where it was.
    expect(lot.warehouseId).toBeNull();
    expect(lot.latitude).toBe(-0.35);
  });

  it('the lots placed at a warehouse follow it when it moves', async () => {
    const seller = await memberWithTier(database.handle(), 'silver');
    const warehouseId = await warehouseOf(seller.auth);
    const lotId = await sellMaize(seller.auth, { warehouse_id: warehouseId });
    const moved = await call(seller.auth, '/user-warehouse/update', {
      id: warehouseId,
      description: 'Moved',
      country_id: kenya,
      region_id: otherRegion,
      latitude: 1.02,
      longitude: 35.0,
    });
    expect(moved.status, moved.text).toBe(200);
    const [lot] = await db().select().from(lots).where(eq(lots.id, lotId));
    expect(lot).toMatchObject({ regionId: otherRegion, villageId: null, latitude: 1.02, longitude: 35 });
  });
});
