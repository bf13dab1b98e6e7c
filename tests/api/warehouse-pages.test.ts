import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '~/i18n/t';
import { getDb } from '~/server/db';
import { memberWarehouseProducts, memberWarehouses, perUnits, systemWarehouses } from '~/server/db/schema';
import type { PageOutcome } from '~/server/loaders/form-post';
import {
  loadNewWarehouse,
  loadPublicDepotPicker,
  loadWarehouseEdit,
  loadWarehouseList,
  quantityFieldText,
  understoodQuantity,
} from '~/server/loaders/warehouses-member';
import { loadCabinetPage } from '~/server/loaders/cabinet';
import { parseWarehouseQuery } from '~/server/loaders/warehouses';
import { resolveUser } from '~/server/services/accounts/authenticate';
import { countMemberStock } from '~/server/services/warehouses/count-member-stock';
import { signedUpUser } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';
import { act, makeOffer, sellMaize } from '../fixtures/deals';
import { TestCookies, formRequest } from '../fixtures/forms';
import { memberWithTier, nakuru } from '../fixtures/lots';

/**
 * The member's warehouse pages (docs/warehouses.md "Members' pages"): their loaders driven with plain form posts
 * as a browser without JavaScript sends them — create (with the place lists shown step by step), create from a
 * public depot, the stock forms with numbers typed the page's way, the delete confirmation and its refusal while
 * a lot of the warehouse is in a running deal, strangers, and the cabinet card's figures.
 */
const database = useTestDatabase();
const db = () => database.handle().db;
const BASE = '/user/profile/warehouse';

type Account = Awaited<ReturnType<typeof signedUpUser>>;

/** A member with a browser: `get` and `post` run a loader as the page would, with the page's form token. */
async function browser(account: Account, locale: 'en' | 'sw' | 'fr' = 'en') {
  const user = await resolveUser(await getDb(), { bearer: account.access });
  if (!user) throw new Error('no session');
  const cookies = new TestCookies();
  const prefix = locale === 'en' ? '' : `/${locale}`;
  const request = (path: string, fields?: Record<string, string>) => ({
    ...formRequest(`${prefix}${BASE}${path}`, { cookies, locale, fields }),
    user,
  });
  // A GET first: the browser then holds the form token its posts carry.
  await loadWarehouseList(request(''), 1);
  await loadNewWarehouse(request('/new'));
  return { user, request };
}

function viewOf<View>(outcome: PageOutcome<View> | 'not_found' | undefined): View {
  if (!outcome || outcome === 'not_found' || !('view' in outcome))
    throw new Error(`no view: ${JSON.stringify(outcome)}`);
  return outcome.view;
}
function redirectOf<View>(outcome: PageOutcome<View> | 'not_found' | undefined): string {
  if (!outcome || outcome === 'not_found' || !('redirect' in outcome))
    throw new Error(`no redirect: ${JSON.stringify(outcome && outcome !== 'not_found' ? outcome.view : outcome)}`);
  expect(outcome.status).toBe(303);
  return outcome.redirect;
}
const idOf = (redirect: string) => Number(/warehouse\/(\d+)\?/.exec(redirect)![1]);

async function tonne() {
  const [unit] = await db().select({ id: perUnits.id }).from(perUnits).where(eq(perUnits.code, 'tonne'));
  return String(unit.id);
}

async function newWarehouse(member: Awaited<ReturnType<typeof browser>>, fields: Record<string, string> = {}) {
  const place = await nakuru();
  return idOf(
    redirectOf(
      await loadNewWarehouse(
        member.request('/new', {
          action: 'create',
          description: 'Nakuru store',
          country_id: String(place.countryId),
          region_id: String(place.regionId),
          village_id: String(place.villageId),
          ...fields,
        }),
      ),
    ),
  );
}

describe('quantities typed and said back', () => {
  const t = createTranslator('fr');
  it('reads the page’s way of writing numbers and says the quantity back with its unit', () => {
    expect(understoodQuantity('12 500', { short: 't' }, t, 'fr')).toMatch(/^12\s500 t$/u);
    expect(understoodQuantity('12,5', { short: 't' }, t, 'fr')).toBe('12,5 t');
    // Ambiguous in French ("1,500"), blank or no number: nothing understood (the field's error says why).
    expect(understoodQuantity('1,500', { short: 't' }, t, 'fr')).toBeNull();
    expect(understoodQuantity('', { short: 't' }, t, 'fr')).toBeNull();
    expect(understoodQuantity('beaucoup', undefined, t, 'fr')).toBeNull();
  });
  it('writes a saved quantity in the edit form so that it is read back as the same number', () => {
    expect(quantityFieldText(12500.5, 'fr')).toBe('12500,5');
    expect(quantityFieldText(12500.5, 'en')).toBe('12500.5');
    expect(quantityFieldText(7, 'sw')).toBe('7');
  });
});

describe('a new warehouse, without JavaScript', () => {
  it('shows the regions of the chosen country and the villages of the region without saving', async () => {
    const member = await browser(await signedUpUser(), 'fr');
    const place = await nakuru();
    const empty = viewOf(await loadNewWarehouse(member.request('/new')));
    expect(empty.places.regions).toEqual([]);
    const refreshed = await loadNewWarehouse(
      member.request('/new', {
        action: 'create',
        refresh: '1',
        description: 'Magasin',
        country_id: String(place.countryId),
        region_id: String(place.regionId),
      }),
    );
    const view = viewOf(refreshed);
    expect(refreshed && 'status' in refreshed && refreshed.status).toBe(200);
    expect(view.places.regions.map((r) => r.id)).toContain(place.regionId);
    expect(view.places.villages.map((v) => v.id)).toContain(place.villageId);
    expect(view.places.center).not.toBeNull();
    expect(view.form.values.description).toBe('Magasin');
    const mine = await db().select().from(memberWarehouses).where(eq(memberWarehouses.userId, member.user.id));
    expect(mine).toHaveLength(0);
  });

  it('refuses a blank description beside its field in the member’s language, then creates and redirects', async () => {
    const member = await browser(await signedUpUser(), 'fr');
    const refused = await loadNewWarehouse(member.request('/new', { action: 'create', description: ' ' }));
    expect(refused && 'status' in refused && refused.status).toBe(422);
    const view = viewOf(refused);
    expect(view.form.errors.description).toBe(createTranslator('fr')('validation.required'));

    const id = await newWarehouse(member, { latitude: '-0.3', longitude: '36.07' });
    const list = await loadWarehouseList(member.request('?done=create'), 1);
    expect(list?.warehouses.map((w) => w.id)).toEqual([id]);
    expect(list?.warehouses[0]).toMatchObject({ description: 'Nakuru store', mayEdit: true, products: [] });
    expect(list?.warehouses[0].place).toMatch(/Nakuru/);
    expect(list?.done).toBe(createTranslator('fr')('warehouses.created'));
  });

  it('refuses a post without the page’s form token', async () => {
    const member = await browser(await signedUpUser());
    const outcome = await loadNewWarehouse({
      ...formRequest(`${BASE}/new`, { cookies: new TestCookies(), fields: { action: 'create', description: 'X' } }),
      user: member.user,
    });
    expect(outcome && 'status' in outcome && outcome.status).toBe(403);
    // Nor does "show the regions" from another page's token show anything: it is refused the same way.
    const refresh = await loadNewWarehouse({
      ...formRequest(`${BASE}/new`, {
        cookies: new TestCookies(),
        fields: { action: 'create', refresh: '1', description: 'X' },
      }),
      user: member.user,
    });
    expect(refresh && 'status' in refresh && refresh.status).toBe(403);
    expect(await countMemberStock(db(), member.user.id)).toEqual({ warehouses: 0, products: 0 });
  });
});

describe('"I store at a public depot"', () => {
  it('finds depots by name and makes one the member’s warehouse', async () => {
    const member = await browser(await signedUpUser(), 'fr');
    const found = viewOf(await loadPublicDepotPicker(member.request('/public?q=KITALE')));
    const depot = found.result.items.find((item) => item.title === 'Kitale Depot');
    expect(depot?.operator).toMatch(/NCPB/);
    const redirect = redirectOf(
      await loadPublicDepotPicker(
        member.request('/public?q=KITALE', { action: 'create_from_public', system_warehouse_id: String(depot!.id) }),
      ),
    );
    expect(redirect).toMatch(/^\/fr\/user\/profile\/warehouse\/\d+\?done=create_from_public$/);
    const page = viewOf(await loadWarehouseEdit(member.request(`/${idOf(redirect)}`), String(idOf(redirect))));
    expect(page.warehouse.publicTitle).toBe('Kitale Depot');
  });

  it('answers an unknown depot with the API’s 404, keeping the search', async () => {
    const member = await browser(await signedUpUser());
    const [{ id }] = await db().select({ id: systemWarehouses.id }).from(systemWarehouses).limit(1);
    const outcome = await loadPublicDepotPicker(
      member.request('/public?q=zzz', { action: 'create_from_public', system_warehouse_id: String(id + 100_000) }),
    );
    expect(outcome && 'status' in outcome && outcome.status).toBe(404);
    expect(viewOf(outcome).form.problem).toBeTruthy();
    expect(viewOf(outcome).form.action).toMatch(/\?q=zzz$/);
  });
});

describe('the stock of a warehouse', () => {
  it('adds, changes and removes products; a quantity is read the page’s way and refused when ambiguous', async () => {
    const member = await browser(await signedUpUser(), 'fr');
    const id = await newWarehouse(member);
    const unit = await tonne();
    const page = (fields?: Record<string, string>) => loadWarehouseEdit(member.request(`/${id}`, fields), String(id));
    const product = { category: 'board:3', per_unit_id: unit, quality_notes: 'Propre' };

    const ambiguous = await page({ action: 'add_product', ...product, quantity: '1,500' });
    expect(ambiguous && ambiguous !== 'not_found' && ambiguous.status).toBe(422);
    const refused = viewOf(ambiguous);
    expect(refused.failedAction).toBe('add_product');
    expect(refused.form.errors.quantity).toBeTruthy();
    expect(refused.form.values.quantity).toBe('1,500');

    const machinery = viewOf(await page({ action: 'add_product', ...product, category: 'technic:2', quantity: '3' }));
    expect(machinery.form.errors.category).toBeTruthy();

    expect(redirectOf(await page({ action: 'add_product', ...product, quantity: '12 500' }))).toBe(
      `/fr${BASE}/${id}?done=add_product`,
    );
    const added = viewOf(await page()).warehouse.products;
    expect(added).toHaveLength(1);
    expect(added[0].quantityText).toMatch(/^12\s500 t$/u);
    expect(added[0].quantity).toBe('12500');

    redirectOf(await page({ action: 'update_product', id: String(added[0].id), ...product, quantity: '12,5' }));
    const [row] = await db().select().from(memberWarehouseProducts).where(eq(memberWarehouseProducts.id, added[0].id));
    expect(Number(row.quantity)).toBe(12.5);

    redirectOf(await page({ action: 'delete_product', id: String(added[0].id) }));
    expect(viewOf(await page()).warehouse.products).toEqual([]);
  });

  it('shows a stranger’s warehouse as none at all, and refuses their posts the same way', async () => {
    const owner = await browser(await signedUpUser());
    const id = await newWarehouse(owner);
    const stranger = await browser(await signedUpUser());
    expect(await loadWarehouseEdit(stranger.request(`/${id}`), String(id))).toBe('not_found');
    expect(await loadWarehouseEdit(stranger.request(`/${id}`, { action: 'delete', confirm: '1' }), String(id))).toBe(
      'not_found',
    );
    expect(await loadWarehouseEdit(stranger.request('/abc'), 'abc')).toBe('not_found');
    const [still] = await db().select().from(memberWarehouses).where(eq(memberWarehouses.id, id));
    expect(still).toBeDefined();
  });
});

describe('deleting a warehouse', () => {
  it('asks for the confirmation, and is refused while a lot placed there is in a running deal', async () => {
    const account = await memberWithTier(database.handle(), 'silver');
    const member = await browser(account);
    const id = await newWarehouse(member);
    const page = (fields?: Record<string, string>) => loadWarehouseEdit(member.request(`/${id}`, fields), String(id));

    const unconfirmed = viewOf(await page({ action: 'delete' }));
    expect(unconfirmed.failedAction).toBe('delete');
    expect(unconfirmed.form.errors.confirm).toBe(createTranslator('en')('warehouse_page.confirm_required'));

    const lotId = await sellMaize(account.auth, { warehouse_id: id });
    const buyer = await signedUpUser();
    const offer = await makeOffer(buyer.auth, { order_id: lotId, order_type: 'board_list', price: 3500, volume: 10 });
    expect(offer.status, offer.text).toBe(200);
    expect((await act(account.auth, 'approve-offer', offer.json.id)).status).toBe(200);

    const refused = await page({ action: 'delete', confirm: '1' });
    expect(refused && refused !== 'not_found' && refused.status).toBe(409);
    expect(viewOf(refused).form.problem).toContain(createTranslator('en')('warehouses.in_running_deal'));
    expect(viewOf(refused).failedAction).toBe('delete');
  });

  it('deletes a warehouse after the confirmation and leads back to the list', async () => {
    const member = await browser(await signedUpUser(), 'sw');
    const id = await newWarehouse(member);
    const outcome = await loadWarehouseEdit(member.request(`/${id}`, { action: 'delete', confirm: '1' }), String(id));
    expect(redirectOf(outcome)).toBe(`/sw${BASE}?done=delete`);
    expect(await db().select().from(memberWarehouses).where(eq(memberWarehouses.id, id))).toEqual([]);
  });
});

describe('the cabinet card', () => {
  it('counts the member’s warehouses and their lines of stock', async () => {
    const member = await browser(await signedUpUser());
    expect(await countMemberStock(db(), member.user.id)).toEqual({ warehouses: 0, products: 0 });
    const first = await newWarehouse(member);
    await newWarehouse(member);
    const unit = await tonne();
    for (const quantity of ['5', '7'])
      redirectOf(
        await loadWarehouseEdit(
          member.request(`/${first}`, { action: 'add_product', category: 'board:3', per_unit_id: unit, quantity }),
          String(first),
        ),
      );
    expect(await countMemberStock(db(), member.user.id)).toEqual({ warehouses: 2, products: 2 });
    const { summary } = await loadCabinetPage(member.user, new Request('http://localhost/user/profile/cabinet-cards'));
    expect(summary.counts.warehouse).toBe(2);
    expect(summary.stockLines).toBe(2);
  });
});

describe('warehouse pages: hostile addresses', () => {
  it('leaves out a search no person types (a NUL byte) instead of sending it to the database', async () => {
    const query = parseWarehouseQuery('q=%00&page=%FF&kind=nope', 'list');
    expect(query.q).toBeUndefined();
    expect(query.kind).toBeUndefined();
    expect(query).toMatchObject({ page: 1, view: 'list' });
    expect(parseWarehouseQuery('q=Kitale', 'map')).toMatchObject({ q: 'Kitale', view: 'map' });
  });
});
