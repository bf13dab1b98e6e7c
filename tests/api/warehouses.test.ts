import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { WAREHOUSE_KINDS } from '~/features/warehouses/constants';
import { seedReferenceData } from '~/server/db/seed';
import { WAREHOUSES } from '~/server/db/seed/reference/warehouses';
import { countries, regions, systemWarehouses, villages } from '~/server/db/schema';
import { get } from '../fixtures/api';
import { useTestDatabase } from '../fixtures/database';

/** Public warehouses and village stores (docs/warehouses.md "API") on the reference data set's demo warehouses. */
const database = useTestDatabase();
const db = () => database.handle().db;

type Item = {
  id: number;
  title: string;
  operator: string | null;
  kind: string;
  services: string[];
  country_id: number;
  region_id: number | null;
  village_id: number | null;
  is_demo: boolean;
  note: string | null;
};

const ids: Record<string, number> = {};
let kitaleRegion: number;
let retiredId: number;

beforeAll(async () => {
  for (const row of await db().select({ id: countries.id, code: countries.code }).from(countries))
    ids[row.code] = row.id;
  [{ id: kitaleRegion }] = await db()
    .select({ id: regions.id })
    .from(regions)
    .where(and(eq(regions.countryId, ids.KE), eq(regions.name, 'Trans-Nzoia')));
  // A retired warehouse is never listed nor shown.
  [{ id: retiredId }] = await db()
    .insert(systemWarehouses)
    .values({
      title: 'Kitale Old Depot',
      operator: 'NCPB',
      kind: 'public_reserve_depot',
      services: ['drying'],
      countryId: ids.KE,
      regionId: kitaleRegion,
      retiredAt: new Date(),
    })
    .returning({ id: systemWarehouses.id });
});

async function list(query: string, locale?: string) {
  const answer = await get(`/warehouse${query}`, locale);
  expect(answer.status).toBe(200);
  return answer.json as { items: Item[]; _meta: { totalCount: number; pageCount: number; perPage: number } };
}

describe('the reference data set', () => {
  it('carries a few public warehouses in every launch country, each labelled demo data', async () => {
    const rows = await db().select().from(systemWarehouses).where(eq(systemWarehouses.isDemo, true));
    expect(rows).toHaveLength(WAREHOUSES.length);
    const byCountry = new Set(rows.map((r) => r.countryId));
    for (const code of ['KE', 'TZ', 'UG', 'RW', 'NG', 'GH', 'CI', 'SN', 'CM']) expect(byCountry).toContain(ids[code]);
    for (const row of rows) {
      expect(row.operator).toMatch(/\(demo data\)$/);
      expect(row.note).toMatch(/^Demo data/);
      expect(row.latitude).not.toBeNull();
      expect(row.villageId).not.toBeNull();
    }
    expect(new Set(rows.map((r) => r.kind))).toEqual(new Set(WAREHOUSE_KINDS));
  });

  it('is seeded again without duplicates', async () => {
    await db().transaction((tx) => seedReferenceData(tx));
    const [{ n }] = await db()
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(systemWarehouses)
      .where(eq(systemWarehouses.isDemo, true));
    expect(n).toBe(WAREHOUSES.length);
  });
});

describe('GET /warehouse', () => {
  it('lists live public warehouses by title, paged, cacheable for visitors', async () => {
    const answer = await get('/warehouse?per-page=100');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=60');
    const { items, _meta } = answer.json as { items: Item[]; _meta: { totalCount: number } };
    expect(_meta.totalCount).toBe(WAREHOUSES.length);
    expect(items.map((i) => i.id)).not.toContain(retiredId);
    const titles = items.map((i) => i.title);
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const page2 = await list('?per-page=5&page=2');
    expect(page2.items.map((i) => i.id)).toEqual(items.slice(5, 10).map((i) => i.id));
    expect(page2._meta.pageCount).toBe(Math.ceil(WAREHOUSES.length / 5));
  });

  it('filters by country, region, kind and service, together', async () => {
    const kenya = await list(`?country_id=${ids.KE}&per-page=100`);
    expect(kenya.items.length).toBe(WAREHOUSES.filter((w) => w.country === 'KE').length);
    expect(kenya.items.every((i) => i.country_id === ids.KE)).toBe(true);
    const region = await list(`?region_id=${kitaleRegion}`);
    expect(region.items.map((i) => i.title)).toEqual(['Kitale Depot']);
    const depots = await list('?kind=public_reserve_depot&per-page=100');
    expect(depots.items.length).toBe(WAREHOUSES.filter((w) => w.kind === 'public_reserve_depot').length);
    expect(depots.items.every((i) => i.kind === 'public_reserve_depot')).toBe(true);
    const receipts = await list('?service=warehouse_receipts&per-page=100');
    expect(receipts.items.length).toBe(WAREHOUSES.filter((w) => w.services.includes('warehouse_receipts')).length);
    expect(receipts.items.every((i) => i.services.includes('warehouse_receipts'))).toBe(true);
    const both = await list(`?country_id=${ids.TZ}&kind=public_reserve_depot&service=drying`);
    expect(both.items.map((i) => i.title)).toEqual(['Ghala la NFRA Makambako']);
    const none = await list(`?country_id=${ids.KE}&kind=cold_store&service=fumigation`);
    expect(none.items).toEqual([]);
    expect(none._meta.totalCount).toBe(0);
  });

  it('searches names without case or accents, names places in the asked language', async () => {
    for (const q of ['Ferkessédougou', 'ferkessedougou', 'FERKESSÉDOUGOU', 'kessedou']) {
      const { items } = await list(`?q=${encodeURIComponent(q)}`, 'fr');
      expect(items.map((i) => i.title)).toEqual(['Magasin villageois de Ferkessédougou']);
      expect(items[0].is_demo).toBe(true);
    }
    const entrepot = await list(`?q=${encodeURIComponent('ENTREPOT')}`);
    expect(entrepot.items.length).toBe(
      WAREHOUSES.filter((w) => w.title.toLowerCase().normalize('NFD').includes('entrepo')).length,
    );
    // The operator is searched too.
    expect((await list('?q=nafco')).items.map((i) => i.title)).toEqual(['Techiman Buffer Stock Warehouse']);
    const sw = await get(`/warehouse?q=Makambako`, 'sw');
    expect(sw.json.items[0]).toMatchObject({
      country_name: 'Tanzania',
      region_name: 'Njombe',
      village_name: 'Makambako',
    });
    const fr = await get(`/warehouse?q=Kitale`, 'fr');
    expect(fr.json.items[0].country_name).toBe('Kenya');
    expect((await list('?q=%25')).items).toEqual([]);
    expect((await list('?q=_')).items).toEqual([]);
  });

  it('answers 422 for a kind, a service or a page it does not know', async () => {
    for (const query of [
      '?kind=silo',
      '?service=milling',
      '?page=0',
      '?per-page=1000',
      '?country_id=abc',
      '?region_id=-1',
    ]) {
      const answer = await get(`/warehouse${query}`);
      expect(answer.status, query).toBe(422);
      expect(answer.json.code).toBe('validation_failed');
    }
  });

  it('treats hostile text as text', async () => {
    for (const q of ["'; drop table system_warehouses; --", '\\', '%_%', 'a'.repeat(100), '🌽']) {
      expect((await list(`?q=${encodeURIComponent(q)}`)).items).toEqual([]);
    }
    expect((await get(`/warehouse?q=${'a'.repeat(101)}`)).status).toBe(422);
    expect((await get('/warehouse?q=%00')).status).toBe(400);
    expect((await get(`/warehouse?country_id=${2 ** 40}`)).status).toBe(422);
  });
});

describe('GET /warehouse/view', () => {
  it('shows one live warehouse and 404s for an unknown or retired one', async () => {
    const { items } = await list('?q=Kitale%20Depot');
    const view = await get(`/warehouse/view?id=${items[0].id}`);
    expect(view.status).toBe(200);
    expect(view.json).toMatchObject({
      id: items[0].id,
      title: 'Kitale Depot',
      kind: 'public_reserve_depot',
      is_demo: true,
    });
    expect(view.json.operator).toBe('NCPB (demo data)');
    for (const id of [retiredId, 999_999]) {
      const missing = await get(`/warehouse/view?id=${id}`);
      expect(missing.status).toBe(404);
      expect(missing.json.code).toBe('not_found');
    }
    expect((await get('/warehouse/view')).status).toBe(422);
    expect((await get('/warehouse/view?id=1x')).status).toBe(422);
  });
});

describe('village stores', () => {
  it('lists village stores only, by region and village', async () => {
    const all = await get('/village-warehouse/index?per-page=100');
    expect(all.status).toBe(200);
    expect(all.json._meta.totalCount).toBe(WAREHOUSES.filter((w) => w.kind === 'village_store').length);
    expect(all.json.items.every((i: Item) => i.kind === 'village_store')).toBe(true);
    const gulu = all.json.items.find((i: Item) => i.title === 'Gulu Village Store') as Item;
    const byRegion = await get(`/village-warehouse/index?region_id=${gulu.region_id}`);
    expect(byRegion.json.items.map((i: Item) => i.id)).toEqual([gulu.id]);
    const byVillage = await get(`/village-warehouse/index?village_id=${gulu.village_id}`);
    expect(byVillage.json.items.map((i: Item) => i.id)).toEqual([gulu.id]);
    // Kitale has a depot but no village store.
    expect((await get(`/village-warehouse/index?region_id=${kitaleRegion}`)).json.items).toEqual([]);
  });

  it("names a region's villages that have a village store", async () => {
    const [ahero] = await db()
      .select({ id: villages.id, regionId: villages.regionId })
      .from(villages)
      .where(eq(villages.name, 'Ahero'));
    const answer = await get(`/village-warehouse/village-by-region?region_id=${ahero.regionId}`);
    expect(answer.status).toBe(200);
    expect(answer.json.items).toEqual([
      expect.objectContaining({ id: ahero.id, name: 'Ahero', region_id: ahero.regionId, store_count: 1 }),
    ]);
    expect((await get(`/village-warehouse/village-by-region?region_id=${kitaleRegion}`)).json.items).toEqual([]);
    expect((await get('/village-warehouse/village-by-region')).status).toBe(422);
    expect((await get('/village-warehouse/village-by-region?region_id=abc')).status).toBe(422);
  });
});
