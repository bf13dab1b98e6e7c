import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { type chartCurrency, priceBasis } from './read-price-chart';

type Rows = { rows: Record<string, unknown>[] };
const rowsOf = (result: unknown) => (result as Rows).rows;

/** The area of an alert: its crop (with a root crop's children) and, when set, its region. */
export interface AlertArea {
  categoryIds: number[];
  regionId: number | null;
}

export const areaConditions = (area: AlertArea): SQL[] => {
  const crops = sql.join(
    area.categoryIds.map((id) => sql`${id}::int`),
    sql`, `,
  );
  return [sql`category_id in (${crops})`, ...(area.regionId ? [sql`region_id = ${area.regionId}`] : [])];
};

/** Adds days to a YYYY-MM-DD date. */
export const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

export type AlertCurrency = Awaited<ReturnType<typeof chartCurrency>>;

/**
 * The price of a crop over an area and the days `from`..`to` (UTC), in minor units of `currency` per the crop's
 * basis (per kg when it has mass units, else per its most used unit — readPriceChart's rule): the traded series,
 * volume-weighted (Σ value / Σ volume), or, when no deal was made in those days, the reference series' mean; null
 * when neither has a price.
 */
export async function readAlertPrice(
  db: Executor,
  area: AlertArea,
  currency: AlertCurrency,
  { from, to }: { from: string; to: string },
): Promise<number | null> {
  const conditions = areaConditions(area);
  const { basisWhere } = await priceBasis(db, conditions, to);
  const where = sql.join([...conditions, basisWhere, sql`day between ${from} and ${to}`], sql` and `);
  const [row] = rowsOf(
    await db.execute(sql`
      select
        (select sum(value_usd) / nullif(sum(volume), 0) from price_daily where series = 'traded' and ${where}) as traded,
        (select sum(price_sum_usd) / nullif(sum(n), 0) from price_daily where series = 'reference' and ${where}) as reference`),
  );
  const usd = row?.traded ?? row?.reference;
  if (usd === null || usd === undefined) return null;
  return Math.round(Number(usd) * currency.per_usd * 10 ** currency.decimals);
}

/** The basis of a crop's prices over an area: 'kg', or the unit it is mostly priced by (its id). */
export async function readAlertBasis(db: Executor, area: AlertArea, today: string) {
  const { byMass, commonUnitId } = await priceBasis(db, areaConditions(area), today);
  return { byMass, unitId: byMass ? null : commonUnitId };
}
