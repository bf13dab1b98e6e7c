import { type SQL, and, asc, count, desc, eq, exists, gte, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { LotKind } from '~/features/lots/constants';
import type { LotSearch } from '~/features/lots/schemas';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { type Page, pageOffset, parseSort, toPage } from '~/server/db/pagination';
import { categories, companies, lotFavorites, lots, users } from '~/server/db/schema';
import type { TraderStatus } from '~/features/accounts/constants';
import { splitCompanyTypeFilter } from '~/features/companies/company-type-filter';
import { cachedLotResult } from '~/server/cache/lot-counts';
import { AppError } from '~/server/errors';
import type { SessionUser } from '~/server/services/accounts/users';
import { latestPerUsd, toUsdCents } from '~/server/services/reference/exchange-rates';
import { type LotItem, type LotRow, itemsOf, onMarket, selectLots } from './lot-item';

/** Words of a text query as a prefix tsquery (`mai bea` → `mai:* & bea:*`), or undefined when nothing is left. */
export function toPrefixQuery(q: string): string | undefined {
  const words =
    q
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 8) ?? [];
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : undefined;
}

/** A price filter in US cents: in the given currency at its latest rate, in dollars when none is given. */
async function usdCentsOf(db: Executor, amount: number, currencyId: number | undefined): Promise<number> {
  return toUsdCents(amount, currencyId ? await latestPerUsd(db, currencyId) : 1);
}

/** The WHERE of a catalogue: each filter narrows, an empty one is ignored. */
export async function catalogueConditions(
  db: Executor,
  kind: LotKind,
  search: LotSearch,
  viewer: SessionUser | null,
): Promise<SQL[]> {
  const where: SQL[] = [eq(lots.kind, kind)];
  // Owners see all their lots ("yours"); everyone else sees what is on offer.
  if (!(search.user_id && viewer && search.user_id === viewer.id)) where.push(onMarket());
  if (search.type) where.push(eq(lots.type, search.type));
  if (search.category_id) {
    // A root category means "any of its children" too. The ids are looked up first: a literal list lets the
    // planner use the (kind, status, category_id, created_at) index, a sub-select did not (3 s on 100,000 lots).
    const ids = await db
      .select({ id: categories.id })
      .from(categories)
      .where(
        and(
          eq(categories.kind, kind),
          or(eq(categories.id, search.category_id), eq(categories.parentId, search.category_id)),
        ),
      );
    where.push(
      ids.length
        ? inArray(
            lots.categoryId,
            ids.map((c) => c.id),
          )
        : sql`false`,
    );
  }
  if (search.region_id) where.push(eq(lots.regionId, search.region_id));
  if (search.regions?.length) where.push(inArray(lots.regionId, search.regions));
  if (search.country_id) where.push(eq(lots.countryId, search.country_id));
  if (search.user_id) where.push(eq(lots.userId, search.user_id));
  if (search.favorites) {
    if (!viewer) throw new AppError('unauthorized', 'errors.unauthorized');
    where.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(lotFavorites)
          .where(and(eq(lotFavorites.lotId, lots.id), eq(lotFavorites.userId, viewer.id))),
      ),
    );
  }
  if (search.have_geolocation) where.push(isNotNull(lots.latitude));
  if (search.with_photo) where.push(sql`${lots.photoCount} > 0`);
  if (search.organic) where.push(eq(lots.organic, true));
  if (search.price_from > 0)
    where.push(gte(lots.priceUsdCents, await usdCentsOf(db, search.price_from, search.currency_id)));
  if (search.price_to !== undefined)
    where.push(lte(lots.priceUsdCents, await usdCentsOf(db, search.price_to, search.currency_id)));
  if (search.company_type?.length) {
    // The seller's trader status, or the type of the company the lot is published for (docs/lots.md "Filters").
    const { statuses, typeIds } = splitCompanyTypeFilter(search.company_type);
    const either: SQL[] = [];
    if (statuses.length)
      either.push(
        inArray(
          lots.userId,
          db
            .select({ id: users.id })
            .from(users)
            .where(inArray(users.traderStatus, statuses as TraderStatus[])),
        ),
      );
    if (typeIds.length)
      either.push(
        inArray(
          lots.companyId,
          db.select({ id: companies.id }).from(companies).where(inArray(companies.typeId, typeIds)),
        ),
      );
    where.push(or(...either) ?? sql`false`);
  }
  if (search.maker) where.push(sql`${lots.details}->>'maker' = ${search.maker}`);
  const query = search.q ? toPrefixQuery(search.q) : undefined;
  if (query) where.push(sql`${lots.search} @@ to_tsquery('simple', ${query})`);
  return where;
}

const SORTABLE = { created_at: lots.createdAt, price: lots.priceUsdCents, volume: lots.volume } as const;

/**
 * Counting stops here: a catalogue answers "10,000+" rather than walking every match to say "100,008"
 * (docs/lots.md "Counts"). A page beyond it counts as far as that page and one more.
 */
export const LOT_COUNT_CAP = 10_000;

/** A catalogue's order: the requested one, then the id the same way, so that pages never overlap. */
function pageOrder(sort: string): SQL[] {
  return [parseSort(sort, SORTABLE), sort.startsWith('-') ? desc(lots.id) : asc(lots.id)];
}

/** The ids of a page, in order: one index walk in the requested order over the partial indexes of schema/lots.ts. */
function pageIdsInOrder(db: Executor, where: SQL | undefined, page: { page: number; perPage: number; sort: string }) {
  return db
    .select({ id: lots.id })
    .from(lots)
    .where(where)
    .orderBy(...pageOrder(page.sort))
    .limit(page.perPage)
    .offset(pageOffset(page));
}

/**
 * Every match of a text search with fewer matches than the count cap, in the requested order: from the full-text
 * index first (materialised, so the planner cannot trade it for a walk of the ordered index that reads row after
 * row to find a rare word), then sorted. Its cost follows the number of matches, which the cap bounds; the pages
 * of one search share it (cached with the counts).
 */
async function orderedMatchIds(db: Executor, where: SQL | undefined, sort: string): Promise<Int32Array> {
  const descending = sort.startsWith('-');
  const column = SORTABLE[sort.replace(/^-/, '') as keyof typeof SORTABLE];
  const direction = sql.raw(descending ? 'desc' : 'asc');
  const result = await db.execute(sql`
    with matches as materialized (select ${lots.id} as id, ${column} as sort_key from ${lots} where ${where})
    select id from matches order by sort_key ${direction}, id ${direction}`);
  // Compact: at most the count cap of ids per cached search.
  return Int32Array.from((result as unknown as { rows: { id: number | string }[] }).rows, (row) => Number(row.id));
}

/**
 * `GET /{kind}/index`: a catalogue page, filtered and sorted in SQL over the partial indexes of schema/lots.ts.
 * Two cheap statements (docs/lots.md "What a catalogue page costs"): the count of the matches, capped and cached per
 * filter for a few seconds; then the page's ids from the lots table alone (an index walk in the requested order, or
 * for a text search with fewer matches than the cap, its matches from the full-text index, cached with the count)
 * joined to their rows: the seller (a primary-key join), photos, company, warehouse and the viewer's relation
 * (selectLots), named from the memoised reference lists.
 */
export async function listLots(
  db: Executor,
  kind: LotKind,
  search: LotSearch,
  page: { page: number; perPage: number; sort: string },
  viewer: SessionUser | null,
  locale: Locale,
  { countCap = LOT_COUNT_CAP }: { countCap?: number } = {},
): Promise<Page<LotItem>> {
  parseSort(page.sort, SORTABLE);
  const where = and(...(await catalogueConditions(db, kind, search, viewer)));
  const offset = pageOffset(page);
  // Count one past what the answer can state: reaching it means "more than limit - 1".
  const limit = Math.max(countCap, offset + page.perPage) + 1;
  const matches = db
    .select({ one: sql`1` })
    .from(lots)
    .where(where)
    .limit(limit);
  const { sql: text, params } = matches.toSQL();
  const key = JSON.stringify([text, params]);
  const countMatches = async () => (await db.select({ total: count() }).from(matches.as('matches')))[0].total;
  // A viewer's favourites change with a heart, which is no write to lots: counted afresh every time.
  const counted = search.favorites ? await countMatches() : await cachedLotResult(`count:${key}`, countMatches);
  const capped = counted >= limit;
  const textSearch = Boolean(search.q && toPrefixQuery(search.q)) && !capped && !search.favorites;
  let rows: LotRow[] = [];
  if (offset < counted && textSearch) {
    const ids = Array.from(
      (await cachedLotResult(`ids:${page.sort}:${key}`, () => orderedMatchIds(db, where, page.sort))).subarray(
        offset,
        offset + page.perPage,
      ),
    );
    const position = new Map(ids.map((id, index) => [id, index]));
    // Ids from a cached search are checked against the filter again: a lot changed since is left out.
    if (ids.length)
      rows = (await selectLots(db, viewer).where(and(inArray(lots.id, ids), where))).sort(
        (a, b) => position.get(a.lot.id)! - position.get(b.lot.id)!,
      );
  } else if (offset < counted) {
    // The page's ids from the lots table alone, joined to their rows in the same statement.
    const pageIds = pageIdsInOrder(db, where, page).as('page_ids');
    rows = await selectLots(db, viewer)
      .innerJoin(pageIds, eq(pageIds.id, lots.id))
      .orderBy(...pageOrder(page.sort));
  }
  const items = await itemsOf(db, rows, viewer, locale);
  return capped ? toPage(items, limit - 1, page, { capped: true }) : toPage(items, counted, page, { capped: false });
}
