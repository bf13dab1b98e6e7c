import { and, desc, eq, or } from 'drizzle-orm';
import { type SQL, sql } from 'drizzle-orm';
import { type ChartData, type ChartQuery, type ChartSeries, SERIES, type Zoom } from '~/features/statistics/query';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { localizedColumn } from '~/server/db/localized';
import { categories, currencies, exchangeRates, perUnits } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { PRICE_SUMS_SQL, pointOfSums, priceOfSums, priceSumsOf } from './price-sums';
import { summariseSeries } from './summarise-series';

/** The default currency of the charts (US dollar, id 3). */
export const DEFAULT_CHART_CURRENCY = 3;

const PERIOD_MONTHS: Record<Zoom, number> = { month: 1, '3months': 3, year: 12 };

/** The first day of a period of `zoom` ending on `to` (both YYYY-MM-DD, UTC). */
export function periodStart(to: string, zoom: Zoom): string {
  const date = new Date(`${to}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - PERIOD_MONTHS[zoom]);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

/** The board category and the crops it covers (itself, or a root's children and itself); 404 when unknown. */
export async function findStatisticCategory(db: Executor, categoryId: number, locale: Locale) {
  const [category] = await db
    .select({ id: categories.id, parentId: categories.parentId, name: localizedColumn(categories, 'name', locale) })
    .from(categories)
    .where(and(eq(categories.kind, 'board'), eq(categories.id, categoryId)));
  if (!category) throw new AppError('not_found', 'statistics.unknown_category');
  const ids =
    category.parentId === null
      ? [
          category.id,
          ...(
            await db
              .select({ id: categories.id })
              .from(categories)
              .where(and(eq(categories.kind, 'board'), eq(categories.parentId, category.id)))
          ).map((row) => row.id),
        ]
      : [category.id];
  return { ...category, ids };
}

/** A currency with its latest rate and the rate's date; an unknown or inactive one is refused (422). */
export async function chartCurrency(db: Executor, currencyId: number) {
  const [row] = await db
    .select({
      id: currencies.id,
      code: currencies.code,
      symbol: currencies.symbol,
      decimals: currencies.decimals,
      perUsd: exchangeRates.perUsd,
      asOf: exchangeRates.asOf,
    })
    .from(currencies)
    .innerJoin(exchangeRates, eq(exchangeRates.currencyId, currencies.id))
    .where(and(eq(currencies.id, currencyId), eq(currencies.isActive, true)))
    .orderBy(desc(exchangeRates.asOf))
    .limit(1);
  if (!row)
    throw new AppError('validation_failed', 'errors.validation_failed', {
      fields: { currency_id: [{ key: 'validation.invalid_option' }] },
    });
  return {
    id: row.id,
    code: row.code.trim(),
    symbol: row.symbol,
    decimals: row.decimals,
    per_usd: Number(row.perUsd),
    rate_date: String(row.asOf),
  };
}

/** Minor units of a currency per US dollar at its rate: dollars × this = minor units; minor units ÷ this = dollars. */
export const minorPerUsd = (currency: { per_usd: number; decimals: number }) =>
  currency.per_usd * 10 ** currency.decimals;

type Rows = { rows: Record<string, unknown>[] };
const rowsOf = (result: unknown) => (result as Rows).rows;

/**
 * The basis of a crop's prices over an area (`price_daily` conditions) up to `today` (chooseBasis): per kg unless
 * one unit without a mass has more prices than all mass units together; `basisWhere` picks the rows of that basis.
 * The charts and the price alerts read prices on this same basis.
 */
export async function priceBasis(db: Executor, area: SQL[], today: string) {
  const units = rowsOf(
    await db.execute(sql`
      select basis, unit_id, sum(n)::int as n from price_daily where ${sql.join(area, sql` and `)} and day <= ${today}
      group by basis, unit_id order by (basis = 'kg') desc, sum(n) desc, unit_id`),
  );
  const { byMass, commonUnitId } = chooseBasis(
    units.map((row) => ({ basis: String(row.basis), unit_id: Number(row.unit_id), n: Number(row.n) })),
  );
  const basisWhere = byMass ? sql`basis = 'kg'` : sql`unit_id = ${commonUnitId ?? 0}`;
  return { byMass, commonUnitId, basisWhere };
}

/**
 * The basis rule of priceBasis over a crop's (or crops') prices counted per basis and unit: per kg unless one unit
 * without a mass (a crate, a bunch) has more prices than all mass units together — so one lot of tomatoes listed per
 * kg does not hide a market priced by the crate; then that unit. The common unit is the most used unit of the
 * basis (of mass units when per kg), ties to the lowest unit id.
 */
export function chooseBasis(units: readonly { basis: string; unit_id: number; n: number }[]) {
  const totals = new Map<string, { basis: string; unit_id: number; n: number }>();
  for (const row of units) {
    const key = `${row.basis}|${row.unit_id}`;
    const total = totals.get(key);
    if (total) total.n += row.n;
    else totals.set(key, { ...row });
  }
  const ordered = [...totals.values()].sort(
    (a, b) => Number(b.basis === 'kg') - Number(a.basis === 'kg') || b.n - a.n || a.unit_id - b.unit_id,
  );
  const massN = ordered.filter((row) => row.basis === 'kg').reduce((sum, row) => sum + row.n, 0);
  const topUnit = ordered.filter((row) => row.basis !== 'kg').sort((a, b) => b.n - a.n || a.unit_id - b.unit_id)[0];
  const byMass = massN > 0 && massN >= (topUnit?.n ?? 0);
  return {
    byMass,
    commonUnitId: byMass ? ordered[0].unit_id : (topUnit?.unit_id ?? null),
  };
}

/** The points of a chart: days for a month, weeks (from Monday) for three months and a year. */
export const chartBucket = (zoom: Zoom) =>
  zoom === 'month' ? sql`day` : sql`date_trunc('week', day::timestamp)::date`;

/**
 * A crop's price chart (docs/statistics.md): for each asked series, the points of the period (daily for a month,
 * weekly for three months and a year) from `price_daily` alone, converted to the chosen currency at its latest
 * rate, each with its observations and a thin mark, and the series' summary (last price, change, high/low, deals
 * and volume, index against its first month of data, the same month a year before).
 */
export async function readPriceChart(
  db: Executor,
  query: ChartQuery,
  locale: Locale,
  { today = todayUtc() }: { today?: string } = {},
): Promise<ChartData> {
  const category = await findStatisticCategory(db, query.categoryId, locale);
  const currency = await chartCurrency(db, query.currency_id ?? DEFAULT_CHART_CURRENCY);
  const from = periodStart(today, query.zoom);
  const crops = sql.join(
    category.ids.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const area: SQL[] = [sql`category_id in (${crops})`];
  if (query.country_id) area.push(sql`country_id = ${query.country_id}`);
  if (query.region_id) area.push(sql`region_id = ${query.region_id}`);

  const { byMass, commonUnitId, basisWhere } = await priceBasis(db, area, today);
  const where = sql.join([...area, basisWhere], sql` and `);
  const unitRows = await db
    .select({
      id: perUnits.id,
      code: perUnits.code,
      name: localizedColumn(perUnits, 'name', locale),
      short: localizedColumn(perUnits, 'short', locale),
      kg: perUnits.kgPerUnit,
    })
    .from(perUnits)
    .where(or(eq(perUnits.code, 'kg'), eq(perUnits.id, commonUnitId ?? 0)));
  const kgUnit = unitRows.find((row) => row.code === 'kg')!;
  const common = unitRows.find((row) => row.id === commonUnitId);
  const basisUnit = byMass || !common ? kgUnit : common;

  const scale = minorPerUsd(currency);
  const toMinor = (usd: number) => Math.round(usd * scale);
  const bucket = chartBucket(query.zoom);

  const series: ChartSeries[] = [];
  for (const name of SERIES.filter((s) => query.series.includes(s))) {
    const rows = rowsOf(
      await db.execute(sql`
        select (${bucket})::text as date, ${PRICE_SUMS_SQL} from price_daily
        where series = ${name} and ${where} and day between ${from} and ${today}
        group by 1 order by 1`),
    );
    const points = rows.map((row) => pointOfSums(name, String(row.date), priceSumsOf(row), toMinor));
    const exact = rows.map((row) => priceOfSums(name, priceSumsOf(row)).usd * scale);
    const months = rowsOf(
      await db.execute(sql`
        select to_char(day, 'YYYY-MM') as month, ${PRICE_SUMS_SQL} from price_daily
        where series = ${name} and ${where} and day <= ${today}
        group by 1 order by 1`),
    ).map((row) => ({ month: String(row.month), price: priceOfSums(name, priceSumsOf(row)).usd * scale }));
    const sources =
      name === 'reference'
        ? rowsOf(
            await db.execute(sql`
              select distinct source from price_daily
              where series = 'reference' and ${where} and day between ${from} and ${today} order by source`),
          ).map((row) => String(row.source))
        : [];
    series.push({
      series: name,
      sources,
      demo: sources.includes('demo'),
      points,
      summary: summariseSeries(points, months, exact),
    });
  }

  return {
    category: { id: category.id, name: category.name, parent_id: category.parentId },
    zoom: query.zoom,
    from,
    to: today,
    currency,
    basis: { kind: byMass ? 'kg' : 'unit', unit_id: basisUnit.id, unit: basisUnit.short },
    common_unit: common
      ? { id: common.id, name: common.short, kg: common.kg === null ? null : Number(common.kg) }
      : null,
    area: { country_id: query.country_id ?? null, region_id: query.region_id ?? null },
    series,
  };
}
