import { type SQL, and, asc, count, desc, eq, exists, gte, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import { ON_MARKET_STATUSES, type LotKind } from '~/features/lots/constants';
import type { LotSearch } from '~/features/lots/schemas';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { type Page, pageOffset, parseSort, toPage } from '~/server/db/pagination';
import { categories, lotFavorites, lots, users } from '~/server/db/schema';
import { memoize } from '~/server/cache/memo';
import { AppError } from '~/server/errors';
import type { SessionUser } from '~/server/services/accounts/users';
import { latestPerUsd, toUsdCents } from '~/server/services/reference/exchange-rates';
import { type LotItem, itemsOf, lotColumns, withLotJoins } from './lot-item';

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
  if (!(search.user_id && viewer && search.user_id === viewer.id))
    where.push(inArray(lots.status, [...ON_MARKET_STATUSES]));
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
  if (search.company_type?.length)
    where.push(
      inArray(
        lots.userId,
        db.select({ id: users.id }).from(users).where(inArray(users.traderStatus, search.company_type)),
      ),
    );
  if (search.maker) where.push(sql`${lots.details}->>'maker' = ${search.maker}`);
  const query = search.q ? toPrefixQuery(search.q) : undefined;
  if (query) where.push(sql`${lots.search} @@ to_tsquery('simple', ${query})`);
  return where;
}

const SORTABLE = { created_at: lots.createdAt, price: lots.priceUsdCents, volume: lots.volume } as const;

/** `GET /{kind}/index`: a catalogue page, filtered and sorted in SQL (indexes in schema/lots.ts). */
export async function listLots(
  db: Executor,
  kind: LotKind,
  search: LotSearch,
  page: { page: number; perPage: number; sort: string },
  viewer: SessionUser | null,
  locale: Locale,
): Promise<Page<LotItem>> {
  const where = and(...(await catalogueConditions(db, kind, search, viewer)));
  const order = parseSort(page.sort, SORTABLE);
  // Counting every match is the dearest part of a large catalogue. Only the whole catalogue's count (a handful
  // of keys, one per kind) may be 30 s old; a filtered count is exact, so it never contradicts the items shown.
  const countMatches = async () => (await db.select({ total: count() }).from(lots).where(where))[0].total;
  const isShared = Object.entries(search).every(
    ([key, value]) => value === undefined || (key === 'price_from' && value === 0),
  );
  // Two steps: the page's ids from the lots table alone (an index walk in the requested order), then their
  // joined rows. Joining first made the planner join every match before sorting (0.6 s on 100,000 lots).
  const [pageIds, total] = await Promise.all([
    db
      .select({ id: lots.id })
      .from(lots)
      .where(where)
      .orderBy(order, page.sort.startsWith('-') ? desc(lots.id) : asc(lots.id))
      .limit(page.perPage)
      .offset(pageOffset(page)),
    isShared ? memoize(`lots-count:${kind}`, 30_000, countMatches) : countMatches(),
  ]);
  const position = new Map(pageIds.map((row, index) => [row.id, index]));
  const rows = pageIds.length
    ? (await withLotJoins(db.select(lotColumns(locale)).from(lots)).where(inArray(lots.id, [...position.keys()]))).sort(
        (a: { lot: { id: number } }, b: { lot: { id: number } }) => position.get(a.lot.id)! - position.get(b.lot.id)!,
      )
    : [];
  return toPage(await itemsOf(db, rows, viewer), total, page);
}
