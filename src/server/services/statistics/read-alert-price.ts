import { type SQL, sql } from 'drizzle-orm';
import type { SeriesName } from '~/features/statistics/query';
import type { Executor } from '~/server/db';
import { PRICE_SUMS_SQL, priceOfSums, priceSumsOf } from './price-sums';
import { type chartCurrency, priceBasis, minorPerUsd } from './read-price-chart';

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

/** A crop's prices over an area, on one basis, in a window of days: the traded and the reference price. */
export interface AlertWindowPrices {
  traded: number | null;
  reference: number | null;
}

/**
 * The prices of some series of a crop over an area and the days `from`..`to` (UTC), in US dollars per basis
 * (unrounded) on the basis `basisWhere` (priceBasis: decided once by the caller, so two windows compare like with
 * like), priced as the charts price a group of daily rows (priceOfSums); null where a series has no price.
 * The one reading of a window: the alerts (readAlertWindow) and the SMS/USSD price (readCropPrice) share it.
 */
export async function readWindowUsd<S extends SeriesName>(
  db: Executor,
  area: AlertArea,
  { from, to, basisWhere, series }: { from: string; to: string; basisWhere: SQL; series: readonly S[] },
): Promise<Record<S, number | null>> {
  const names = sql.join(
    series.map((name) => sql`${name}`),
    sql`, `,
  );
  const where = sql.join([...areaConditions(area), basisWhere, sql`day between ${from} and ${to}`], sql` and `);
  const rows = rowsOf(
    await db.execute(sql`
      select series, ${PRICE_SUMS_SQL} from price_daily
      where series in (${names}) and ${where} group by series`),
  );
  const usdOf = (name: S) => {
    const row = rows.find((r) => r.series === name);
    if (!row) return null;
    const { usd } = priceOfSums(name, priceSumsOf(row));
    return Number.isFinite(usd) ? usd : null;
  };
  return Object.fromEntries(series.map((name) => [name, usdOf(name)])) as Record<S, number | null>;
}

/**
 * The traded and reference prices of a crop over an area and the days `from`..`to` (UTC), in minor units of
 * `currency` on the basis `basisWhere` (readWindowUsd); null where the series has no price.
 */
export async function readAlertWindow(
  db: Executor,
  area: AlertArea,
  currency: AlertCurrency,
  window: { from: string; to: string; basisWhere: SQL },
): Promise<AlertWindowPrices> {
  const usd = await readWindowUsd(db, area, { ...window, series: ['traded', 'reference'] as const });
  const minor = (price: number | null) => (price === null ? null : Math.round(price * minorPerUsd(currency)));
  return { traded: minor(usd.traded), reference: minor(usd.reference) };
}

/** The basis of a crop's prices over an area: 'kg', or the unit it is mostly priced by (its id). */
export async function readAlertBasis(db: Executor, area: AlertArea, today: string) {
  const { byMass, commonUnitId } = await priceBasis(db, areaConditions(area), today);
  return { byMass, unitId: byMass ? null : commonUnitId };
}
