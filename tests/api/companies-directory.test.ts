import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ON_MARKET_STATUSES } from '~/features/lots/constants';
import { loadDemoData } from '~/server/db/seed';
import { seedBulkDemoCompanies } from '~/server/db/seed/bulk-companies';
import { companies, lots, users, verifications } from '~/server/db/schema';
import { buildCompanySitemap, buildSitemapIndex, buildStaticSitemap } from '~/server/services/seo/sitemap';
import { directoryQueryString } from '~/components/companies/directory-href';
import { loadCompanyDirectory } from '~/server/loaders/companies';
import { get } from '../fixtures/api';
import { useTestDatabase } from '../fixtures/database';

/**
 * The read side of companies (docs/companies.md "Directory and profiles"): the directory's filters and pages, the
 * public profile, the company types and a company's lots — on the demo companies and 40 generated ones.
 */
const database = useTestDatabase();
const db = () => database.handle().db;

let coop: typeof companies.$inferSelect;
let trader: typeof companies.$inferSelect;
let farm: typeof companies.$inferSelect;
let total: number;

beforeAll(async () => {
  await loadDemoData(db());
  await seedBulkDemoCompanies(db(), 40);
  const byEntity = async (entity: string) =>
    (await db().select().from(companies).where(eq(companies.entityNumber, entity)))[0];
  coop = await byEntity('DEMO-TZ-COOP-001');
  trader = await byEntity('DEMO-KE-TRADE-002');
  farm = await byEntity('DEMO-TZ-FARM-004');
  [{ total }] = await db()
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(companies)
    .where(inArray(companies.typeId, [1, 2, 3]));
}, 120_000);

type Card = { id: number; title: string; type_id: number; region_id: number | null; country_id: number };
const ids = (items: Card[]) => items.map((item) => item.id);

describe('GET /company/company-type', () => {
  it('names the seven types by id in the asked language', async () => {
    const en = await get('/company/company-type', 'en');
    expect(en.status).toBe(200);
    expect(en.json.items.map((t: { id: number }) => t.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(en.json.items[0]).toEqual({ id: 1, key: 'cooperative', name: 'Cooperative' });
    expect((await get('/company/company-type', 'sw')).json.items[0].name).toBe('Ushirika');
    expect((await get('/company/company-type', 'fr')).json.items[0].name).toBe('Coopérative');
  });
});

describe('GET /company/index', () => {
  it('lists cooperatives, trading companies and processors by default, alphabetically, cacheable for visitors', async () => {
    const { status, json, headers } = await get('/company/index?per-page=100');
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('public, max-age=10');
    expect(json._meta).toMatchObject({ totalCount: total, currentPage: 1, perPage: 100 });
    expect(json.items.every((c: Card) => [1, 2, 3].includes(c.type_id))).toBe(true);
    expect(ids(json.items)).not.toContain(farm.id);
    const titles = json.items.map((c: Card) => c.title.toLowerCase());
    expect(titles).toEqual([...titles].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('shows a card: type, place, logo, lots on the market and the verification badge', async () => {
    const { json } = await get('/company/index?title=highlands%20farmers');
    const card = json.items.find((c: Card) => c.id === coop.id);
    const [{ onMarket }] = await db()
      .select({ onMarket: sql<number>`count(*)`.mapWith(Number) })
      .from(lots)
      .where(and(eq(lots.companyId, coop.id), inArray(lots.status, [...ON_MARKET_STATUSES])));
    expect(onMarket).toBeGreaterThan(0);
    expect(card).toMatchObject({
      title: 'Mbeya Highlands Farmers Cooperative',
      type_id: 1,
      type: 'Cooperative',
      country: 'Tanzania',
      region: 'Mbeya',
      logo: null,
      lots_count: onMarket,
      verified: true,
    });
    const processor = (await get('/company/index?title=kano%20agro')).json.items[0];
    expect(processor).toMatchObject({ title: 'Kano Agro Processing', verified: false, lots_count: 0 });
  });

  it('finds by any part of the title, whatever the case; % and _ are letters', async () => {
    expect(ids((await get('/company/index?title=MBEYA%20HIGHLANDS')).json.items)).toEqual([coop.id]);
    expect(ids((await get('/company/index?title=rift%20VALLEY%20grain')).json.items)).toEqual([trader.id]);
    expect((await get('/company/index?title=%25')).json.items).toEqual([]);
    expect((await get('/company/index?title=_')).json.items).toEqual([]);
    expect((await get(`/company/index?title=${encodeURIComponent("'; drop table companies; --")}`)).status).toBe(200);
  });

  it('filters by regions, countries and types (each narrows; arrays as x[]= or x=1,2)', async () => {
    const byRegion = (await get(`/company/index?per-page=100&region_ids[]=${coop.regionId}`)).json.items;
    expect(ids(byRegion)).toContain(coop.id);
    expect(byRegion.every((c: Card) => c.region_id === coop.regionId)).toBe(true);
    const byCountry = (await get(`/company/index?per-page=100&country_ids[]=${trader.countryId}`)).json.items;
    expect(ids(byCountry)).toContain(trader.id);
    expect(byCountry.every((c: Card) => c.country_id === trader.countryId)).toBe(true);
    const two = (await get(`/company/index?per-page=100&country_ids=${trader.countryId},${coop.countryId}`)).json;
    expect(ids(two.items)).toEqual(expect.arrayContaining([coop.id, trader.id]));
    const farms = (await get('/company/index?per-page=100&type_ids[]=4')).json.items;
    expect(ids(farms)).toContain(farm.id);
    expect(farms.every((c: Card) => c.type_id === 4)).toBe(true);
    const none = await get(`/company/index?region_ids[]=${coop.regionId}&type_ids[]=2&title=highlands`);
    expect(none.json).toMatchObject({ items: [], _meta: { totalCount: 0, pageCount: 0 } });
  });

  it('pages in SQL: the pages of a list are disjoint and make up the whole', async () => {
    const seen: number[] = [];
    const first = await get('/company/index?per-page=7&type_ids[]=1&type_ids[]=2&type_ids[]=3&type_ids[]=4');
    const { pageCount, totalCount } = first.json._meta;
    expect(pageCount).toBe(Math.ceil(totalCount / 7));
    for (let page = 1; page <= pageCount; page++) {
      const { json } = await get(`/company/index?per-page=7&page=${page}&type_ids=1,2,3,4`);
      expect(json.items.length).toBe(page < pageCount ? 7 : totalCount - 7 * (pageCount - 1));
      seen.push(...ids(json.items));
    }
    expect(new Set(seen).size).toBe(totalCount);
    expect((await get(`/company/index?per-page=7&page=${pageCount + 1}`)).json.items).toEqual([]);
  });

  it('refuses hostile input with a 422, never a 500', async () => {
    for (const query of [
      'per-page=100000',
      'per-page=0',
      'page=0',
      'page=-1',
      'page=abc',
      'type_ids[]=9',
      'type_ids[]=0',
      'region_ids[]=abc',
      'country_ids[]=99999999999',
      `title=${'a'.repeat(101)}`,
      `region_ids=${Array.from({ length: 60 }, (_, i) => i + 1).join(',')}`,
    ]) {
      const { status, json } = await get(`/company/index?${query}`);
      expect(status, query).toBe(422);
      expect(json.code).toBe('validation_failed');
    }
    expect((await get('/company/index?title=%00')).status).toBe(400);
  });
});

describe('GET /company/public-company-profile', () => {
  it('shows details, team names and roles (no contacts), interests, lots and the verification record', async () => {
    const { status, json, text } = await get(`/company/public-company-profile?id=${coop.id}`);
    expect(status).toBe(200);
    expect(json).toMatchObject({
      id: coop.id,
      title: 'Mbeya Highlands Farmers Cooperative',
      entity_number: 'DEMO-TZ-COOP-001',
      type: 'Cooperative',
      is_verifier: true,
      verified: true,
      region: 'Mbeya',
    });
    expect(json.team.map((m: { permission: string }) => m.permission)).toEqual(['administrator', 'manager']);
    expect(Object.keys(json.team[0]).sort()).toEqual(['name', 'permission', 'user_id']);
    const members = await db()
      .select({ email: users.email, phone: users.phone })
      .from(users)
      .where(inArray(users.email, ['demo-silver@mavuno.test', 'demo-basic@mavuno.test']));
    for (const member of members) {
      expect(text).not.toContain(member.email);
      if (member.phone) expect(text).not.toContain(member.phone);
    }
    expect(json.interests.map((i: { kind: string }) => i.kind)).toEqual(['sell', 'sell']);
    expect(json.interests[0].category).not.toBe('');
    expect(json.verifications).toEqual([
      expect.objectContaining({ type: 'company_registration', from_company: null, verified_by: expect.any(Object) }),
    ]);
    expect(json.lots.length).toBe(json.lots_count);
    expect(json.lots.every((lot: { kind: string; user: object }) => lot.kind && lot.user)).toBe(true);
    // The trading company was verified by a member of the cooperative, for it; its admin has feedback on a deal.
    const other = (await get(`/company/public-company-profile?id=${trader.id}`, 'fr')).json;
    expect(other.verifications[0]).toMatchObject({
      type: 'warehouse',
      from_company: { id: coop.id, title: coop.title },
    });
    expect(other.type).toBe('Société de négoce');
    expect(other.feedback.count).toBeGreaterThan(0);
    expect(other.feedback.average).toBeGreaterThanOrEqual(1);
  });

  it('a revoked verification leaves the record and the badge', async () => {
    const [record] = await db()
      .insert(verifications)
      .values({ companyId: farm.id, type: 'farm_visit', verifiedBy: coop.createdBy!, fromCompanyId: coop.id })
      .returning();
    expect((await get(`/company/public-company-profile?id=${farm.id}`)).json.verified).toBe(true);
    await db()
      .update(verifications)
      .set({ revokedAt: new Date(), revokedBy: coop.createdBy })
      .where(eq(verifications.id, record.id));
    const profile = (await get(`/company/public-company-profile?id=${farm.id}`)).json;
    expect(profile).toMatchObject({ verified: false, verifications: [] });
    const card = (await get('/company/index?type_ids[]=4&title=kilombero')).json.items[0];
    expect(card).toMatchObject({ id: farm.id, verified: false });
  });

  it("answers 404 'No company found with ID {id}' in three languages", async () => {
    const en = await get('/company/public-company-profile?id=987654', 'en');
    expect(en.status).toBe(404);
    expect(en.json).toMatchObject({
      code: 'not_found',
      message: 'No company found with ID 987654, try entering a different ID',
    });
    expect((await get('/company/public-company-profile?id=987654', 'sw')).json.message).toBe(
      'Hakuna kampuni iliyopatikana yenye kitambulisho 987654, jaribu kuingiza kitambulisho kingine',
    );
    expect((await get('/company/public-company-profile?id=987654', 'fr')).json.message).toBe(
      'Aucune entreprise trouvée avec l’identifiant 987654, essayez un autre identifiant',
    );
    expect((await get('/company/all-company-orders?id=987654')).status).toBe(404);
  });

  it('refuses ids that cannot be a company with a 422', async () => {
    for (const id of ['abc', '0', '-3', '1.5', '99999999999', '']) {
      expect((await get(`/company/public-company-profile?id=${id}`)).status, id).toBe(422);
      expect((await get(`/company/all-company-orders?id=${id}`)).status, id).toBe(422);
    }
  });

  it('agrees with the list: every company the list shows reads by id with the same card, and nothing else', async () => {
    const all = (await get('/company/index?per-page=100&type_ids=1,2,3,4,5,6,7')).json;
    const [{ n }] = await db()
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(companies);
    expect(all._meta.totalCount).toBe(n);
    for (const card of all.items) {
      const { status, json } = await get(`/company/public-company-profile?id=${card.id}`);
      expect(status).toBe(200);
      for (const field of ['title', 'type', 'country', 'region', 'logo', 'verified', 'lots_count'])
        expect(json[field], field).toEqual(card[field]);
    }
    const [{ max }] = await db()
      .select({ max: sql<number>`max(id)`.mapWith(Number) })
      .from(companies);
    expect((await get(`/company/public-company-profile?id=${max + 1}`)).status).toBe(404);
  });
});

describe('GET /company/all-company-orders', () => {
  it("pages a company's lots on the market, newest first, in the catalogue's item shape", async () => {
    const first = await get(`/company/all-company-orders?id=${coop.id}&per-page=1`);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=10');
    const { totalCount } = first.json._meta;
    expect(totalCount).toBeGreaterThan(1);
    const second = await get(`/company/all-company-orders?id=${coop.id}&per-page=1&page=2`);
    expect(second.json.items[0].id).not.toBe(first.json.items[0].id);
    expect(first.json.items[0].created_at >= second.json.items[0].created_at).toBe(true);
    expect(first.json.items[0]).toMatchObject({ kind: expect.any(String), price: expect.any(Number) });
    // A lot taken off the market leaves the list.
    const lotId = first.json.items[0].id;
    await db().update(lots).set({ status: 'closed' }).where(eq(lots.id, lotId));
    const after = (await get(`/company/all-company-orders?id=${coop.id}&per-page=100`)).json;
    expect(after._meta.totalCount).toBe(totalCount - 1);
    expect(after.items.map((lot: { id: number }) => lot.id)).not.toContain(lotId);
    expect((await get(`/company/all-company-orders?id=${farm.id}`)).json).toMatchObject({ items: [] });
    expect((await get(`/company/all-company-orders?id=${coop.id}&per-page=101`)).status).toBe(422);
  });
});

describe('sitemap', () => {
  it('lists the directory and every company profile in three languages', async () => {
    const site = 'https://mavuno.example';
    expect(buildStaticSitemap(site)).toContain(`<loc>${site}/sw/companies</loc>`);
    expect(await buildSitemapIndex(db(), site)).toContain(`${site}/sitemap-companies-1.xml`);
    const file = await buildCompanySitemap(db(), site, 1);
    for (const path of [`/companies/${coop.id}`, `/fr/companies/${coop.id}`, `/sw/companies/${farm.id}`])
      expect(file).toContain(`<loc>${site}${path}</loc>`);
    expect(await buildCompanySitemap(db(), site, 2)).toBeUndefined();
  });
});

describe('the /companies page', () => {
  it('lists every type until the visitor narrows them, while GET /company/index keeps its default of three', async () => {
    const all = (await get('/company/index?per-page=100&type_ids=1,2,3,4,5,6,7')).json._meta.totalCount;
    expect(all).toBeGreaterThan(total);
    // The page without a type in its address: every type ticked, every company counted, the farm among them.
    const page = await loadCompanyDirectory('', 'en');
    expect(page.query.type_ids).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(page.result._meta.totalCount).toBe(all);
    expect(directoryQueryString(page.query)).toBe('');
    const kilombero = await loadCompanyDirectory('?title=kilombero', 'en');
    expect(ids(kilombero.result.items)).toEqual([farm.id]);
    // The API, asked the same, keeps the documented default for its clients.
    expect((await get('/company/index?title=kilombero')).json.items).toEqual([]);
    // A narrowed page keeps its types in its links; an old link naming 1, 2 and 3 still shows those three.
    const narrowed = await loadCompanyDirectory('?type_ids[]=6&type_ids[]=7', 'en');
    expect(narrowed.query.type_ids).toEqual([6, 7]);
    expect(narrowed.result.items.every((c: Card) => [6, 7].includes(c.type_id))).toBe(true);
    expect(directoryQueryString(narrowed.query, 2)).toBe('?type_ids%5B%5D=6&type_ids%5B%5D=7&page=2');
    const old = await loadCompanyDirectory('?type_ids=1,2,3', 'en');
    expect(old.result._meta.totalCount).toBe(total);
  });
});
