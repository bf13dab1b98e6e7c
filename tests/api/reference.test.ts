import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appMeta, countries, regions } from '~/server/db/schema';
import { ensureSeeded } from '~/server/db/seed';
import { createGazetteerGeocoder } from '~/server/geo/gazetteer';
import { form, get, post } from '../fixtures/api';
import { useTestDatabase } from '../fixtures/database';

const database = useTestDatabase();

async function countryId(code: string) {
  const { json } = await get('/country-dropdown');
  return json.items.find((c: { code: string }) => c.code === code).id as number;
}

describe('places', () => {
  it('lists every country named in the asked language, countries with regions first', async () => {
    const en = await get('/country-dropdown', 'en');
    expect(en.status).toBe(200);
    expect(en.json.items.length).toBeGreaterThan(240);
    const withRegions = en.json.items
      .filter((c: { has_regions: boolean }) => c.has_regions)
      .map((c: { code: string }) => c.code);
    expect(withRegions.sort()).toEqual(['CI', 'CM', 'GH', 'KE', 'NG', 'RW', 'SN', 'TZ', 'UG']);
    expect(en.json.items.slice(0, 9).every((c: { has_regions: boolean }) => c.has_regions)).toBe(true);
    const sw = await get('/country-dropdown', 'sw');
    expect(sw.json.items.find((c: { code: string }) => c.code === 'DE').name).toBe('Ujerumani');
    const fr = await get('/country-dropdown', 'fr-FR,fr;q=0.9');
    expect(fr.json.items.find((c: { code: string }) => c.code === 'DE').name).toBe('Allemagne');
    expect(fr.headers.get('content-language')).toBe('fr');
  });

  it("answers a country's regions and a region's villages", async () => {
    const kenya = await countryId('KE');
    const regions = await post('/region/country-region-dropdown', form({ country_id: kenya }));
    expect(regions.status).toBe(200);
    expect(regions.json.items).toHaveLength(47);
    const nakuru = regions.json.items.find((r: { name: string }) => r.name === 'Nakuru');
    expect(nakuru).toMatchObject({ country_id: kenya });
    const villages = await post('/village-by-region', form({ region_id: nakuru.id }));
    expect(villages.status).toBe(200);
    expect(villages.json.items.length).toBeGreaterThan(0);
    expect(villages.json.items.every((v: { region_id: number }) => v.region_id === nakuru.id)).toBe(true);
  });

  it('names regions in the asked language where the language translates them, and proper nouns alike', async () => {
    const cameroon = await countryId('CM');
    const names = async (locale: string) =>
      (await post('/region/country-region-dropdown', form({ country_id: cameroon }), locale)).json.items.map(
        (r: { name: string }) => r.name,
      );
    expect(await names('en')).toContain('Far North');
    const french = await names('fr');
    expect(french).toContain('Extrême-Nord');
    expect(french).toContain('Adamaoua');
    expect(french).not.toContain('Far North');
    expect(await names('sw')).toContain('Kaskazini ya Mbali');
    // A proper noun is the same in every language.
    const kenya = await countryId('KE');
    const kenyan = await post('/region/country-region-dropdown', form({ country_id: kenya }), 'fr');
    expect(kenyan.json.items.map((r: { name: string }) => r.name)).toContain('Nakuru');
    // Searched by the name shown or the official one; the place search finds it by its French name.
    const searched = await get(`/region/index?country_id=${cameroon}&q=Extr`, 'fr');
    expect(searched.json.items.map((r: { name: string }) => r.name)).toEqual(['Extrême-Nord']);
    const found = await createGazetteerGeocoder(database.handle().db).search('Extrême-Nord', 'fr', 5);
    expect(found[0]).toMatchObject({ type: 'region', name: 'Extrême-Nord', label: 'Extrême-Nord, Cameroun' });
  });

  it('names Côte d’Ivoire with its accent in every language', async () => {
    for (const locale of ['en', 'sw', 'fr']) {
      const { json } = await get('/country-dropdown', locale);
      expect(json.items.find((c: { code: string }) => c.code === 'CI').name).toMatch(/^Côte d’Ivoire$/);
    }
  });

  it('gives a database seeded before the names changed its new names at the next start, once', async () => {
    const { db } = database.handle();
    const [farNorth] = await db.select().from(regions).where(eq(regions.name, 'Far North'));
    await db.update(regions).set({ nameFr: null, nameSw: null }).where(eq(regions.id, farNorth.id));
    await db.update(countries).set({ nameSw: 'Cote d’Ivoire' }).where(eq(countries.code, 'CI'));
    await db.delete(appMeta).where(eq(appMeta.key, 'reference_names_version'));
    await ensureSeeded(db, { demo: false });
    const [after] = await db.select().from(regions).where(eq(regions.id, farNorth.id));
    expect(after).toMatchObject({ id: farNorth.id, nameFr: 'Extrême-Nord', nameSw: 'Kaskazini ya Mbali' });
    const [ivory] = await db.select().from(countries).where(eq(countries.code, 'CI'));
    expect(ivory.nameSw).toBe('Côte d’Ivoire');
    // Marked: the next start does not write the names again.
    await db.update(regions).set({ nameFr: 'Changed by staff' }).where(eq(regions.id, farNorth.id));
    await ensureSeeded(db, { demo: false });
    const [kept] = await db.select().from(regions).where(eq(regions.id, farNorth.id));
    expect(kept.nameFr).toBe('Changed by staff');
    await db.update(regions).set({ nameFr: 'Extrême-Nord' }).where(eq(regions.id, farNorth.id));
  });

  it('pages regions with _meta and filters them by country and name', async () => {
    const kenya = await countryId('KE');
    const first = await get(`/region/index?country_id=${kenya}&per-page=10`);
    expect(first.json._meta).toEqual({ totalCount: 47, pageCount: 5, currentPage: 1, perPage: 10 });
    expect(first.json.items).toHaveLength(10);
    const last = await get(`/region/index?country_id=${kenya}&per-page=10&page=5`);
    expect(last.json.items).toHaveLength(7);
    expect(new Set([...first.json.items, ...last.json.items].map((r: { id: number }) => r.id)).size).toBe(17);
    const named = await get(`/region/index?country_id=${kenya}&q=naku`);
    expect(named.json.items.map((r: { name: string }) => r.name)).toEqual(['Nakuru']);
    const defaults = await get('/region/index');
    expect(defaults.json._meta.perPage).toBe(12);
  });

  it('rejects a missing or malformed country id with a field error', async () => {
    const missing = await post('/region/country-region-dropdown', form({}));
    expect(missing.status).toBe(422);
    expect(missing.json.code).toBe('validation_failed');
    expect(missing.json.errors.country_id).toEqual(['This field is required.']);
    const word = await post('/region/country-region-dropdown', form({ country_id: 'kenya' }), 'fr');
    expect(word.status).toBe(422);
    expect(word.json.errors.country_id[0]).toMatch(/nombre/i);
  });
});

describe('currencies and units', () => {
  it('answers the currencies with id 3 as the default and indicative rates', async () => {
    for (const path of [
      '/bank-currency/user-currency-dropdown',
      '/bank-currency/order-currency-dropdown',
      '/bank-currency/filter-currency-dropdown',
    ]) {
      const { status, json, headers } = await get(path);
      expect(status).toBe(200);
      expect(headers.get('cache-control')).toContain('public');
      const codes = json.items.map((c: { code: string }) => c.code).sort();
      expect(codes).toEqual(['EUR', 'GBP', 'GHS', 'KES', 'NGN', 'RWF', 'TZS', 'UGX', 'USD', 'XAF', 'XOF']);
      const defaults = json.items.filter((c: { is_default: boolean }) => c.is_default);
      expect(defaults).toHaveLength(1);
      expect(defaults[0].id).toBe(3);
      expect(Number(json.items.find((c: { code: string }) => c.code === 'KES').per_usd)).toBeGreaterThan(50);
    }
    const sw = await get('/bank-currency/user-currency-dropdown', 'sw');
    expect(sw.json.items.find((c: { code: string }) => c.code === 'KES').name).toBe('Shilingi ya Kenya');
  });

  it('filters units by the lot kind they suit', async () => {
    const machinery = await get('/per-unit/category-dropdown?category=for_machinery');
    const board = await get('/per-unit/category-dropdown?category=for_board');
    const all = await get('/per-unit/category-dropdown?category=all');
    const codes = (r: typeof all) => r.json.items.map((u: { code: string }) => u.code);
    expect(codes(machinery)).toEqual(expect.arrayContaining(['hour', 'day', 'acre', 'hectare']));
    expect(codes(machinery)).not.toContain('tonne');
    expect(codes(board)).toEqual(expect.arrayContaining(['kg', 'tonne']));
    expect(codes(board)).not.toContain('hour');
    expect(all.json.items.length).toBeGreaterThan(machinery.json.items.length);
    const bad = await get('/per-unit/category-dropdown?category=for_everything');
    expect(bad.status).toBe(422);
    expect(bad.json.errors.category).toBeDefined();
  });
});

describe('categories', () => {
  it('answers the board tree with maize (3) and beans (7) in three languages', async () => {
    const en = await get('/board-category/root-category-with-child', 'en');
    expect(en.status).toBe(200);
    const leaves = en.json.items.flatMap((root: { children: { id: number; name: string }[] }) => root.children);
    expect(leaves.find((c: { id: number }) => c.id === 3).name).toBe('Maize');
    expect(leaves.find((c: { id: number }) => c.id === 7).name).toBe('Beans');
    const sw = await get('/board-category/root-category-with-child', 'sw');
    const swLeaves = sw.json.items.flatMap((root: { children: { id: number; name: string }[] }) => root.children);
    expect(swLeaves.find((c: { id: number }) => c.id === 3).name).toBe('Mahindi');
    const fr = await get('/board-category/root-category-with-child', 'fr');
    const frLeaves = fr.json.items.flatMap((root: { children: { id: number; name: string }[] }) => root.children);
    expect(frLeaves.find((c: { id: number }) => c.id === 3).name).toBe('Maïs');
  });

  it('answers roots and a flattened multi-level list for every lot kind', async () => {
    for (const prefix of ['board-category', 'seeds-category', 'fertilizer-category', 'technic-category']) {
      const roots = await get(`/${prefix}/root-categories-dropdown`);
      expect(roots.status).toBe(200);
      expect(roots.json.items.length).toBeGreaterThan(3);
      const flat = await post(`/${prefix}/category-dropdown-m-l`, form({}));
      expect(flat.status).toBe(200);
      const levels = new Set(flat.json.items.map((c: { level: number }) => c.level));
      expect([...levels].sort()).toEqual([0, 1]);
      // Depth-first: every child comes after its parent.
      const seen = new Set<number>();
      for (const item of flat.json.items) {
        if (item.parent_id !== null) expect(seen.has(item.parent_id)).toBe(true);
        seen.add(item.id);
      }
      expect(flat.json.items.filter((c: { level: number }) => c.level === 0).map((c: { id: number }) => c.id)).toEqual(
        roots.json.items.map((c: { id: number }) => c.id),
      );
    }
  });
});

describe('list parameters', () => {
  it('sorts country names by the language’s rules', async () => {
    const fr = await get('/country-dropdown', 'fr');
    const names = fr.json.items
      .filter((c: { has_regions: boolean }) => !c.has_regions)
      .map((c: { name: string }) => c.name);
    const egypt = names.indexOf('Égypte');
    expect(egypt).toBeGreaterThan(0);
    expect(names.indexOf('Zimbabwe')).toBeGreaterThan(egypt);
    expect(names[egypt - 1].localeCompare('Égypte', 'fr')).toBeLessThan(0);
  });

  it('sorts regions by the sort parameter and rejects an unknown column', async () => {
    const byName = await get('/region/index?per-page=100&sort=name');
    const byNameDesc = await get('/region/index?per-page=100&sort=-name');
    expect(byNameDesc.json.items[0].name >= byName.json.items[0].name).toBe(true);
    const bad = await get('/region/index?sort=-password');
    expect(bad.status).toBe(422);
    expect(bad.json.errors.sort[0]).toContain('name');
  });

  it('reads an empty unit category as "all", and a NUL byte as malformed input', async () => {
    const empty = await get('/per-unit/category-dropdown?category=');
    const all = await get('/per-unit/category-dropdown?category=all');
    expect(empty.status).toBe(200);
    expect(empty.json.items).toEqual(all.json.items);
    const nul = await get('/region/index?q=%00');
    expect(nul.status).toBe(400);
    expect(nul.json.code).toBe('bad_request');
  });
});
