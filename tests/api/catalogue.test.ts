import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { lotSearchSchema } from '~/features/lots/schemas';
import { listLots } from '~/server/services/lots/list-lots';
import { apiRequest, get } from '../fixtures/api';
import { signedUpUser } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';
import { memberWithTier, nakuru } from '../fixtures/lots';

/**
 * The catalogue at scale (docs/lots.md "What a catalogue page costs"): whatever path a query takes (an ordered
 * index walk, the full-text index, a capped count), a client sees the lots a plain query over the table finds, in
 * the same order, with the same names and counts.
 */
const database = useTestDatabase();
const rows = async <T>(query: ReturnType<typeof sql>) =>
  (
    (await database.handle().db.execute(query)) as unknown as {
      rows: T[];
    }
  ).rows;

const LOTS = 61;
let userId: number;
let rootCategory: number;
let regionId: number;

beforeAll(async () => {
  const member = await memberWithTier(database.handle(), 'silver');
  const place = await nakuru();
  regionId = place.regionId;
  [{ id: userId }] = await rows<{ id: number }>(sql`select id from users where email = ${member.email}`);
  [{ parent_id: rootCategory }] = await rows<{ parent_id: number }>(
    sql`select parent_id from categories where kind = 'board' and id = 3`,
  );
  // Ties on purpose: many lots share a creation minute, a price and a volume, so only the id orders them.
  await database.handle().db.execute(sql`
    with leaves as (select id, row_number() over (order by id) - 1 as n from categories where kind = 'board' and parent_id is not null)
    insert into lots (kind, type, status, user_id, category_id, title, volume, per_unit_id, price_minor, currency_id,
      price_usd_cents, country_id, region_id, village_id, latitude, longitude, organic, details, created_at)
    select 'board', case when g % 4 = 1 then 'buy' else 'sell' end,
      case when g % 9 = 0 then 'closed' when g % 13 = 0 then 'not_active' when g % 7 = 0 then 'in_process' else 'active' end,
      ${userId}::int, l.id, case when g % 4 = 0 then 'Sunflower seed lot ' else 'Grain lot ' end || g,
      (10 + g % 5)::numeric, 4, (100 + g % 11) * 100, 1, (100 + g % 11) * 1000, ${place.countryId}::int,
      case when g % 3 = 0 then null else ${place.regionId}::int end, case when g % 5 = 0 then ${place.villageId}::int end,
      case when g % 2 = 0 then -0.3 end, case when g % 2 = 0 then 36.07 end, g % 3 = 0, '{}'::jsonb,
      now() - ((g % 20) || ' minutes')::interval
    from generate_series(1, ${LOTS}::int) as g
    join leaves l on l.n = g % 3 + (select min(n) from leaves where id in (select id from categories where kind = 'board' and parent_id = ${rootCategory}::int))`);
  await database.handle().db.execute(sql`
    update lots set search = to_tsvector('simple', lots.title || ' ' ||
      coalesce((select c.name_en || ' ' || c.name_sw || ' ' || c.name_fr from categories c where c.kind = lots.kind and c.id = lots.category_id), ''))
    where user_id = ${userId}::int`);
});

const onMarket = () => sql`kind = 'board' and status in ('active', 'in_process') and user_id = ${userId}`;

describe('catalogue pages at any size', () => {
  const FILTERS: { name: string; query: () => string; where: () => ReturnType<typeof sql> }[] = [
    { name: 'no filter', query: () => '', where: () => sql`true` },
    {
      name: 'organic and on the map',
      query: () => 'BoardQuoteSearch[organic]=1&BoardQuoteSearch[have_geolocation]=1',
      where: () => sql`organic and latitude is not null`,
    },
    {
      name: 'a root category',
      query: () => `BoardQuoteSearch[boards_category_id]=${rootCategory}`,
      where: () =>
        sql`category_id in (select id from categories where kind = 'board' and (id = ${rootCategory} or parent_id = ${rootCategory}))`,
    },
    {
      name: 'a region, buy requests',
      query: () => `BoardQuoteSearch[region_id]=${regionId}&BoardQuoteSearch[type]=buy`,
      where: () => sql`region_id = ${regionId} and type = 'buy'`,
    },
    {
      name: 'a price range in dollars',
      query: () => 'BoardQuoteSearch[price_from]=1030&BoardQuoteSearch[price_to]=1070&BoardQuoteSearch[currency_id]=3',
      where: () => sql`price_usd_cents between 103000 and 107000`,
    },
    {
      name: 'a text search',
      query: () => 'q=sunfl',
      where: () => sql`search @@ to_tsquery('simple', 'sunfl:*')`,
    },
  ];
  const SORTS = [
    ['-created_at', sql`created_at desc, id desc`],
    ['created_at', sql`created_at asc, id asc`],
    ['price', sql`price_usd_cents asc, id asc`],
    ['-price', sql`price_usd_cents desc, id desc`],
    ['volume', sql`volume asc, id asc`],
    ['-volume', sql`volume desc, id desc`],
  ] as const;

  for (const filter of FILTERS)
    it(`pages through ${filter.name} in every order exactly as a plain query over the table does`, async () => {
      for (const [sort, order] of SORTS) {
        const expected = (
          await rows<{ id: number }>(
            sql`select id from lots where ${onMarket()} and ${filter.where()} order by ${order}`,
          )
        ).map((row) => Number(row.id));
        expect(expected.length, filter.name).toBeGreaterThan(0);
        const seen: number[] = [];
        const PER_PAGE = 10;
        const pageCount = Math.ceil(expected.length / PER_PAGE);
        for (let page = 1; page <= pageCount + 1; page++) {
          const answer = await get(
            `/board-list/index?per-page=${PER_PAGE}&page=${page}&sort=${sort}&BoardQuoteSearch[user_id]=${userId}&${filter.query()}`,
          );
          expect(answer.status, answer.text).toBe(200);
          expect(answer.json._meta, `${filter.name} ${sort} page ${page}`).toEqual({
            totalCount: expected.length,
            totalCountCapped: false,
            pageCount,
            currentPage: page,
            perPage: PER_PAGE,
          });
          seen.push(...answer.json.items.map((item: { id: number }) => item.id));
        }
        expect(seen, `${filter.name} ${sort}`).toEqual(expected);
      }
    }, 120_000);

  it('names every reference as the reference tables do, in each language, in lists and on a lot', async () => {
    const joined = await rows<Record<string, string | number | null>>(sql`
      select l.id, c.name_en as category_en, c.name_sw as category_sw, c.name_fr as category_fr,
        u.short_en as unit_en, u.short_sw as unit_sw, u.short_fr as unit_fr, cu.code as currency, cu.decimals,
        co.name_en as country_en, co.name_sw as country_sw, co.name_fr as country_fr, r.name as region, v.name as village
      from lots l
      join categories c on c.kind = l.kind and c.id = l.category_id
      join per_units u on u.id = l.per_unit_id
      join currencies cu on cu.id = l.currency_id
      join countries co on co.id = l.country_id
      left join regions r on r.id = l.region_id
      left join villages v on v.id = l.village_id
      where l.user_id = ${userId} and l.status in ('active', 'in_process')`);
    const expected = new Map(joined.map((row) => [Number(row.id), row]));
    for (const locale of ['en', 'sw', 'fr'] as const) {
      const list = await get(`/board-list/index?per-page=100&BoardQuoteSearch[user_id]=${userId}`, locale);
      const one = await get(`/board-list/view?id=${list.json.items[0].id}`, locale);
      expect(one.json).toEqual(list.json.items[0]);
      expect(list.json.items).toHaveLength(expected.size);
      for (const item of list.json.items) {
        const row = expected.get(item.id)!;
        expect({
          category: item.category,
          unit: item.unit,
          currency: item.currency,
          decimals: item.decimals,
          country: item.country,
          region: item.region,
          village: item.village,
        }).toEqual({
          category: row[`category_${locale}`],
          unit: row[`unit_${locale}`],
          currency: String(row.currency).trim(),
          decimals: Number(row.decimals),
          country: row[`country_${locale}`],
          region: row.region,
          village: row.village,
        });
        expect(item.owner_state).toBeNull();
      }
    }
  });
});

describe('capped counts', () => {
  const search = () => ({ ...lotSearchSchema('en').parse({}), user_id: userId });
  const page = (n: number, perPage = 7) => ({ page: n, perPage, sort: '-created_at' });
  const list = (n: number, countCap: number) =>
    listLots(database.handle().db, 'board', search(), page(n), null, 'en', { countCap });

  it('says "more than the cap" once there are more matches, and keeps paging to the real end', async () => {
    const [{ total }] = await rows<{ total: number }>(sql`select count(*)::int as total from lots where ${onMarket()}`);
    expect(total).toBeGreaterThan(20);
    // Under the cap: exact.
    expect((await list(1, 1000))._meta).toEqual({
      totalCount: total,
      totalCountCapped: false,
      pageCount: Math.ceil(total / 7),
      currentPage: 1,
      perPage: 7,
    });
    // Over it: a lower bound, and one page more than it fills, so a pager offers the next page.
    const first = await list(1, 10);
    expect(first.items).toHaveLength(7);
    expect(first._meta).toEqual({ totalCount: 10, totalCountCapped: true, pageCount: 2, currentPage: 1, perPage: 7 });
    // A page past the cap counts as far as that page and one more.
    const third = await list(3, 10);
    expect(third.items).toHaveLength(7);
    expect(third._meta).toEqual({ totalCount: 21, totalCountCapped: true, pageCount: 4, currentPage: 3, perPage: 7 });
    // The last page knows the end: exact again, with the same lots as an uncapped list.
    const last = Math.ceil(total / 7);
    const end = await list(last, 10);
    expect(end._meta).toMatchObject({ totalCount: total, totalCountCapped: false, pageCount: last });
    expect(end.items.map((item) => item.id)).toEqual((await list(last, 1000)).items.map((item) => item.id));
    // Past the end: no lots, and the count that says where the end is.
    const past = await list(last + 1, 10);
    expect(past.items).toEqual([]);
    expect(past._meta).toMatchObject({ totalCount: total, totalCountCapped: false });
  });

  it('answers the whole catalogue of the API with the pagination fields and the capped flag', async () => {
    const answer = await get('/board-list/index?per-page=5');
    expect(answer.status).toBe(200);
    expect(answer.json._meta).toMatchObject({ totalCountCapped: false, currentPage: 1, perPage: 5 });
    expect(answer.json._meta.pageCount).toBe(Math.ceil(answer.json._meta.totalCount / 5));
  });

  it("lets caches keep an anonymous list for a few seconds, and never a signed-in caller's", async () => {
    for (const path of ['/board-list/index', '/seeds-list/map-points']) {
      const anonymous = await get(path);
      expect(anonymous.headers.get('cache-control'), path).toBe('public, max-age=10');
      expect(anonymous.headers.get('vary'), path).toContain('Accept-Language');
    }
    const member = await signedUpUser();
    const signedIn = await apiRequest('/board-list/index', { headers: member.auth });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store');
  });
});
