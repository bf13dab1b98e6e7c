import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { OFFER_STATUS, OFFER_TYPE } from '~/features/deals/constants';

export type PriceSeries = 'traded' | 'asked' | 'reference';
export const PRICE_SERIES: readonly PriceSeries[] = ['traded', 'asked', 'reference'];

/** One day's prices of one crop in one region, in one series: what a change recomputes (docs/statistics.md). */
export interface PriceCell {
  series: PriceSeries;
  categoryId: number;
  countryId: number;
  /** 0: no region. */
  regionId: number;
  /** YYYY-MM-DD, UTC. */
  day: string;
}

/**
 * The exchange rate of a currency on a day: the latest rate dated on or before it, or the earliest rate when the
 * day is older than every rate (a price is never dropped for want of an older rate).
 */
const rateOn = (currency: SQL, day: SQL) => sql`(
  select r.per_usd from exchange_rates r where r.currency_id = ${currency}
  order by (r.as_of <= ${day}) desc, case when r.as_of <= ${day} then r.as_of end desc, r.as_of asc limit 1)`;

/**
 * Each series' observations as rows of (key…, basis, usd per basis, quantity in the basis). A price per unit of a
 * mass unit becomes a price per kg (÷ kg per unit) and its quantity kilograms (× kg per unit); other units stay
 * per unit. Money goes from minor units to the currency, then to US dollars at the day's rate.
 */
const OBSERVATIONS: Record<PriceSeries, SQL> = {
  traded: sql`
    select 'traded' as series, l.category_id, l.country_id, coalesce(l.region_id, 0) as region_id,
      o.per_unit_id as unit_id, '' as source, (o.approved_at at time zone 'UTC')::date as day,
      o.price_minor::numeric / power(10::numeric, c.decimals) / ${rateOn(sql`o.currency_id`, sql`(o.approved_at at time zone 'UTC')::date`)}
        / coalesce(u.kg_per_unit, 1) as usd,
      o.volume * coalesce(u.kg_per_unit, 1) as qty,
      u.kg_per_unit is not null as by_mass
    from offers o
    join lots l on l.id = o.lot_id and l.kind = 'board'
    join currencies c on c.id = o.currency_id
    join per_units u on u.id = o.per_unit_id
    where o.status in (${OFFER_STATUS.approved}, ${OFFER_STATUS.done}) and o.approved_at is not null
      and o.offer_type in (${OFFER_TYPE.buy}, ${OFFER_TYPE.sellToRequest})`,
  asked: sql`
    select 'asked' as series, l.category_id, l.country_id, coalesce(l.region_id, 0) as region_id,
      l.per_unit_id as unit_id, '' as source, (l.created_at at time zone 'UTC')::date as day,
      l.price_minor::numeric / power(10::numeric, c.decimals) / ${rateOn(sql`l.currency_id`, sql`(l.created_at at time zone 'UTC')::date`)}
        / coalesce(u.kg_per_unit, 1) as usd,
      l.volume * coalesce(u.kg_per_unit, 1) as qty,
      u.kg_per_unit is not null as by_mass
    from lots l
    join currencies c on c.id = l.currency_id
    join per_units u on u.id = l.per_unit_id
    where l.kind = 'board' and l.type = 'sell'`,
  reference: sql`
    select 'reference' as series, mp.category_id, g.country_id, mp.region_id, mp.unit_id, mp.source,
      mp.observed_on as day,
      mp.price_minor::numeric / power(10::numeric, c.decimals) / ${rateOn(sql`mp.currency_id`, sql`mp.observed_on`)}
        / coalesce(u.kg_per_unit, 1) as usd,
      0::numeric as qty,
      u.kg_per_unit is not null as by_mass
    from market_prices mp
    join regions g on g.id = mp.region_id
    join currencies c on c.id = mp.currency_id
    join per_units u on u.id = mp.unit_id`,
};

/** The first argument of the cells' two-key advisory locks (the statistics' lock space). */
const CELL_LOCK_SPACE = 16;

/** A cell's lock key: a 32-bit number from its identity (two cells sharing one only wait on each other). */
const cellLockKey = (identity: string) => createHash('sha1').update(identity).digest().readInt32BE(0);

/** Writes the aggregated rows of the observations that pass `where` (over the observation rows' columns). */
async function writeCells(db: Executor, series: PriceSeries, where: SQL): Promise<void> {
  await db.execute(sql`
    insert into price_daily (series, category_id, country_id, region_id, unit_id, source, day, basis, n, volume,
      value_usd, price_sum_usd, min_usd, max_usd, p25_usd, median_usd, p75_usd)
    select series, category_id, country_id, region_id, unit_id, source, day,
      case when bool_and(by_mass) then 'kg' else 'unit' end, count(*)::int, sum(qty), sum(usd * qty), sum(usd),
      min(usd), max(usd),
      percentile_cont(0.25) within group (order by usd::float8),
      percentile_cont(0.5) within group (order by usd::float8),
      percentile_cont(0.75) within group (order by usd::float8)
    from (${OBSERVATIONS[series]}) obs
    where ${where}
    group by series, category_id, country_id, region_id, unit_id, source, day`);
}

/**
 * Recomputes the given cells from the raw deals, lots and imported prices: each cell's rows are deleted and
 * written again from that day's observations, so a deal approved, called off or moved, a lot listed, edited or
 * moved, or a price imported shows in the charts at once and a chart never scans raw data. Callers pass the cells
 * a change touched, before and after it (`priceCellsOfLots`, `priceCellsOfOffer`). Run it in the change's
 * transaction.
 */
export async function refreshPriceCells(db: Executor, cells: readonly PriceCell[]): Promise<void> {
  const unique = new Map(cells.map((cell) => [JSON.stringify(cell), cell]));
  // Two changes of one cell at once (two lots listed the same day) would each delete what it sees and insert its
  // count: the second insert would collide with the first. Each cell is locked for the rest of the transaction,
  // in one order (its key's number) so two changes never wait on each other; the second then recomputes with the
  // first's rows committed. The embedded database has one connection: the lock costs nothing there.
  const keys = [...new Set([...unique.keys()].map(cellLockKey))].sort((a, b) => a - b);
  for (const key of keys) await db.execute(sql`select pg_advisory_xact_lock(${CELL_LOCK_SPACE}, ${key})`);
  for (const series of PRICE_SERIES) {
    const mine = [...unique.values()].filter((cell) => cell.series === series);
    if (mine.length === 0) continue;
    const keys = sql.join(
      mine.map(
        (cell) => sql`(${cell.categoryId}::int, ${cell.countryId}::int, ${cell.regionId}::int, ${cell.day}::date)`,
      ),
      sql`, `,
    );
    await db.execute(sql`delete from price_daily
      where series = ${series} and (category_id, country_id, region_id, day) in (${keys})`);
    await writeCells(db, series, sql`(category_id, country_id, region_id, day) in (${keys})`);
  }
}

/** Recomputes every row (`npm run admin -- recompute-prices`, the seed, and the check of the incremental path). */
export async function recomputeAllPrices(db: Executor): Promise<void> {
  await db.execute(sql`delete from price_daily`);
  for (const series of PRICE_SERIES) await writeCells(db, series, sql`true`);
}

/**
 * The start-up step after migrations: a database that has prices, deals or lots but no statistics yet (one made
 * before statistics existed) gets them computed once.
 */
export async function ensurePriceStatistics(db: Executor): Promise<void> {
  const result = await db.execute(sql`
    select (not exists (select 1 from price_daily)) and (exists (select 1 from market_prices)
      or exists (select 1 from lots where kind = 'board')) as missing`);
  if ((result as unknown as { rows: { missing: boolean }[] }).rows[0]?.missing) await recomputeAllPrices(db);
}

const cellsOf = (rows: Record<string, unknown>[]): PriceCell[] =>
  rows.map((row) => ({
    series: row.series as PriceSeries,
    categoryId: Number(row.category_id),
    countryId: Number(row.country_id),
    regionId: Number(row.region_id),
    day: String(row.day),
  }));

/** The cells of lots: their asking price's cell and their deals' cells (before or after a lot changes). */
export async function priceCellsOfLots(db: Executor, lotIds: readonly number[]): Promise<PriceCell[]> {
  if (lotIds.length === 0) return [];
  const ids = sql.join(
    lotIds.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select 'asked' as series, l.category_id, l.country_id, coalesce(l.region_id, 0) as region_id,
      ((l.created_at at time zone 'UTC')::date)::text as day
    from lots l where l.id in (${ids}) and l.kind = 'board'
    union
    select 'traded', l.category_id, l.country_id, coalesce(l.region_id, 0),
      ((o.approved_at at time zone 'UTC')::date)::text
    from offers o join lots l on l.id = o.lot_id
    where l.id in (${ids}) and l.kind = 'board' and o.approved_at is not null`);
  return cellsOf((result as unknown as { rows: Record<string, unknown>[] }).rows);
}

/** The traded cell of one offer, if it was ever approved (before or after it changes state). */
export async function priceCellsOfOffer(db: Executor, offerId: number): Promise<PriceCell[]> {
  const result = await db.execute(sql`
    select 'traded' as series, l.category_id, l.country_id, coalesce(l.region_id, 0) as region_id,
      ((o.approved_at at time zone 'UTC')::date)::text as day
    from offers o join lots l on l.id = o.lot_id
    where o.id = ${offerId} and l.kind = 'board' and o.approved_at is not null`);
  return cellsOf((result as unknown as { rows: Record<string, unknown>[] }).rows);
}

/** The reference cells of imported prices (after an import or the demo seed). */
export async function priceCellsOfMarketPrices(db: Executor, ids: readonly number[]): Promise<PriceCell[]> {
  if (ids.length === 0) return [];
  const result = await db.execute(sql`
    select distinct 'reference' as series, mp.category_id, g.country_id, mp.region_id, mp.observed_on::text as day
    from market_prices mp join regions g on g.id = mp.region_id
    where mp.id in (${sql.join(
      ids.map((id) => sql`${id}::int`),
      sql`, `,
    )})`);
  return cellsOf((result as unknown as { rows: Record<string, unknown>[] }).rows);
}
