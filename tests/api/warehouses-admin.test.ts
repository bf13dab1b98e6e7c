import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { warehouseFlags } from '~/features/warehouses/admin-flags';
import { lots, memberWarehouses, systemWarehouses, users } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { buildSitemapIndex, buildWarehouseSitemap } from '~/server/services/seo/sitemap';
import { createPublicWarehouse } from '~/server/services/warehouses/create-public-warehouse';
import { listPublicWarehouseLots } from '~/server/services/warehouses/list-public-warehouse-lots';
import { restorePublicWarehouse } from '~/server/services/warehouses/restore-public-warehouse';
import { retirePublicWarehouse } from '~/server/services/warehouses/retire-public-warehouse';
import { updatePublicWarehouse } from '~/server/services/warehouses/update-public-warehouse';
import { get } from '../fixtures/api';
import { useTestDatabase } from '../fixtures/database';
import { sellMaize } from '../fixtures/deals';
import { memberWithTier } from '../fixtures/lots';

/** Administration of public warehouses (npm run admin -- warehouse-*) and the lots a warehouse page shows. */
const database = useTestDatabase();
const db = () => database.handle().db;

/** The field errors of a refused input, or fails the test when it was not refused. */
async function refusedFields(attempt: Promise<unknown>): Promise<string[]> {
  const error = await attempt.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe('validation_failed');
  return Object.keys((error as AppError).fields ?? {});
}

const ADD_FLAGS = [
  ...['--title', 'Ahero Grain Hub', '--operator', 'Ahero Farmers Cooperative', '--kind', 'cooperative_store'],
  ...['--capacity', '1,250.5', '--services', 'drying, weighbridge', '--phone', '+254700000001'],
  ...['--email', 'hub@ahero.example', '--country', 'ke', '--region', 'kisumu', '--village', 'Ahero'],
];

describe('warehouse-add', () => {
  it('adds a real (not demo) warehouse, shown by the public API with its place and the village point', async () => {
    const { id } = await createPublicWarehouse(db(), warehouseFlags(ADD_FLAGS));
    const answer = await get(`/warehouse/view?id=${id}`);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      title: 'Ahero Grain Hub',
      operator: 'Ahero Farmers Cooperative',
      kind: 'cooperative_store',
      capacity_tonnes: '1250.5',
      services: ['drying', 'weighbridge'],
      country_name: 'Kenya',
      region_name: 'Kisumu',
      village_name: 'Ahero',
      is_demo: false,
    });
    expect(answer.json.latitude).toEqual(expect.any(Number));
    const search = await get('/warehouse?q=grain%20hub');
    expect(search.json.items.map((i: { id: number }) => i.id)).toEqual([id]);
  });

  it('refuses a bad kind, service, e-mail, a half point, an unknown place and a title the country has', async () => {
    const base = warehouseFlags(ADD_FLAGS)!;
    const add = (changes: Record<string, unknown>) => createPublicWarehouse(db(), { ...base, ...changes });
    expect(await refusedFields(add({ title: 'X1', kind: 'silo' }))).toContain('kind');
    expect(await refusedFields(add({ title: 'X2', services: ['dancing'] }))).toContain('services.0');
    expect(await refusedFields(add({ title: 'X3', email: 'not-an-address' }))).toContain('email');
    expect(await refusedFields(add({ title: 'X4', latitude: '-0.1' }))).toContain('longitude');
    expect(await refusedFields(add({ title: 'X5', latitude: '95', longitude: '34' }))).toContain('latitude');
    expect(await refusedFields(add({ title: 'X6', capacity_tonnes: '-3' }))).toContain('capacity_tonnes');
    expect(await refusedFields(add({ title: 'X7', country_code: 'ZZ' }))).toContain('country_code');
    expect(await refusedFields(add({ title: 'X8', region: 'Nowhere' }))).toContain('region');
    expect(await refusedFields(add({ title: 'X9', village: 'Kitale' }))).toContain('village');
    expect(await refusedFields(add({}))).toEqual(['title']);
    expect(warehouseFlags(['--colour', 'red'])).toBeUndefined();
    expect(warehouseFlags(['--title'])).toBeUndefined();
  });
});

describe('warehouse-edit, warehouse-retire, warehouse-restore', () => {
  it('changes only the fields given; a blank one is cleared; an unknown id is a 404', async () => {
    const { id } = await createPublicWarehouse(db(), {
      ...warehouseFlags(ADD_FLAGS),
      title: 'Edit Me Store',
      latitude: '-0.17',
      longitude: '34.92',
    });
    await updatePublicWarehouse(db(), id, warehouseFlags(['--capacity', '900', '--phone', ''])!);
    const [row] = await db().select().from(systemWarehouses).where(eq(systemWarehouses.id, id));
    expect(row).toMatchObject({
      title: 'Edit Me Store',
      capacityTonnes: '900.0',
      phone: null,
      email: 'hub@ahero.example',
      latitude: -0.17,
      longitude: 34.92,
      services: ['drying', 'weighbridge'],
    });
    expect(await refusedFields(updatePublicWarehouse(db(), id, { kind: 'barn' }))).toEqual(['kind']);
    await expect(updatePublicWarehouse(db(), 999_999, { title: 'Nope' })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('retires a warehouse off the public list, page and sitemap, and restores it', async () => {
    const { id } = await createPublicWarehouse(db(), { ...warehouseFlags(ADD_FLAGS), title: 'Retire Me Store' });
    const site = 'https://mavuno.example';
    expect(await buildWarehouseSitemap(db(), site)).toContain(`<loc>${site}/sw/world-warehouse/${id}</loc>`);
    expect(await buildSitemapIndex(db(), site)).toContain(`${site}/sitemap-warehouses.xml`);
    const first = await retirePublicWarehouse(db(), id);
    expect(await buildWarehouseSitemap(db(), site)).not.toContain(`/world-warehouse/${id}<`);
    expect((await get(`/warehouse/view?id=${id}`)).status).toBe(404);
    expect((await get('/warehouse?q=retire%20me')).json.items).toEqual([]);
    expect((await retirePublicWarehouse(db(), id)).retired_at).toEqual(first.retired_at);
    await restorePublicWarehouse(db(), id);
    expect((await get(`/warehouse/view?id=${id}`)).status).toBe(200);
    await expect(retirePublicWarehouse(db(), 999_999)).rejects.toMatchObject({ code: 'not_found' });
    await expect(restorePublicWarehouse(db(), 999_999)).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('lots placed at a public warehouse', () => {
  it('lists the live lots of members’ warehouses made from it, not others', async () => {
    const { id } = await createPublicWarehouse(db(), { ...warehouseFlags(ADD_FLAGS), title: 'Lots Here Store' });
    const seller = await memberWithTier(database.handle(), 'silver');
    const [{ userId }] = await db().select({ userId: users.id }).from(users).where(eq(users.email, seller.email));
    const [mine] = await db()
      .insert(memberWarehouses)
      .values({
        userId,
        systemWarehouseId: id,
        countryId: (await db().select().from(systemWarehouses).where(eq(systemWarehouses.id, id)))[0].countryId,
      })
      .returning({ id: memberWarehouses.id });
    const placed = await sellMaize(seller.auth);
    const elsewhere = await sellMaize(seller.auth);
    const closed = await sellMaize(seller.auth);
    await db().update(lots).set({ warehouseId: mine.id }).where(eq(lots.id, placed));
    await db().update(lots).set({ warehouseId: mine.id, status: 'closed' }).where(eq(lots.id, closed));
    const page = await listPublicWarehouseLots(db(), id, { page: 1, perPage: 12 }, null, 'en');
    expect(page.items.map((lot) => lot.id)).toEqual([placed]);
    expect(page._meta.totalCount).toBe(1);
    expect(page.items.map((lot) => lot.id)).not.toContain(elsewhere);
  });
});
