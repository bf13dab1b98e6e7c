import { asc, eq, type SQL, sql } from 'drizzle-orm';
import { type SeriesName, type Zoom, DEFAULT_ZOOM } from '~/features/statistics/query';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { localizedColumn } from '~/server/db/localized';
import { categories, perUnits } from '~/server/db/schema';
import { PRICE_SUMS_SQL, PriceSumsByKey, pointOfSums, priceOfSums } from './price-sums';
import {
  chartBucket,
  chartCurrency,
  chooseBasis,
  DEFAULT_CHART_CURRENCY,
  periodStart,
  todayUtc,
  minorPerUsd,
} from './read-price-chart';
import { summariseSeries } from './summarise-series';

/** One card of the statistics overview: a crop (or a group of crops) and the one series it shows. */
export interface CategoryIndexCard {
  category: { id: number; name: string; parent_id: number | null };
  /** A root category (its card covers its crops), or a crop. */
  is_root: boolean;
  /**
   * The series shown (never mixed): the one with the most observations in the period, so a crop's one deal does not
   * hide a year of market reports; on a tie traded, then reference, then asked.
   */
  series: SeriesName;
  /** The last point's month against the series' first month of data (= 100). */
  index: number | null;
  index_base_month: string | null;
  /** From the period's first point to its last, per cent. */
  change_percent: number | null;
  year_on_year_percent: number | null;
  last_price_minor: number | null;
  last_date: string | null;
  /** The last point rests on fewer than three observations. */
  thin: boolean;
  basis: { kind: 'kg' | 'unit'; unit_id: number; unit: string };
  currency: { id: number; code: string; symbol: string; decimals: number; per_usd: number; rate_date: string };
  /** price_minor of each point of the period, oldest first. */
  sparkline: number[];
  sources: string[];
  demo: boolean;
}

/** The order in which a card picks its series among those with as many observations in the period. */
const PREFERENCE: SeriesName[] = ['traded', 'reference', 'asked'];

export interface ListCategoryIndicesOptions {
  locale: Locale;
  currencyId?: number;
  zoom?: Zoom;
  today?: string;
}

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

/** Rows grouped by crop. */
function byCategory(rows: Row[]) {
  const map = new Map<number, Row[]>();
  for (const row of rows) {
    const id = Number(row.category_id);
    const list = map.get(id);
    if (list) list.push(row);
    else map.set(id, [row]);
  }
  return map;
}

/**
 * The statistics overview (/statistic, the home page, `categories-statistic-info`): a card for each board root
 * category with any price data and for each crop with data, showing one named series. Roots first, each followed by
 * its crops, by sort order. A handful of queries whatever the number of crops: each crop's observations per series
 * and unit (for its basis and the series it shows), then only for the crops and series shown the period's sums and
 * the monthly sums per crop, series, point (or month) and unit, and the reference sources. Each card adds up the rows
 * of its crops on its basis and prices them as its chart does (readPriceChart: the same basis rule `chooseBasis`, the
 * same `priceOfSums` over exact sums), so a card and its chart always agree.
 */
export async function listCategoryIndices(
  db: Executor,
  { locale, currencyId = DEFAULT_CHART_CURRENCY, zoom = DEFAULT_ZOOM, today = todayUtc() }: ListCategoryIndicesOptions,
): Promise<CategoryIndexCard[]> {
  const currency = await chartCurrency(db, currencyId); // an unknown currency is a 422 even when there is nothing to show
  const from = periodStart(today, zoom);
  // Each crop's prices up to today counted per series and unit, and whether the period has any.
  const units = byCategory(
    rowsOf(
      await db.execute(sql`
        select category_id, series, basis, unit_id, sum(n)::text as n,
          coalesce(sum(n) filter (where day >= ${from}), 0)::text as period_n
        from price_daily where day <= ${today}
        group by category_id, series, basis, unit_id`),
    ),
  );
  if (units.size === 0) return [];
  const board = await db
    .select({ id: categories.id, parentId: categories.parentId, name: localizedColumn(categories, 'name', locale) })
    .from(categories)
    .where(eq(categories.kind, 'board'))
    .orderBy(asc(categories.sortOrder), asc(categories.id));
  const shown: { category: (typeof board)[number]; isRoot: boolean; ids: number[] }[] = [];
  for (const root of board.filter((row) => row.parentId === null)) {
    const children = board.filter((row) => row.parentId === root.id);
    const withData = children.filter((row) => units.has(row.id));
    if (!units.has(root.id) && withData.length === 0) continue;
    shown.push({ category: root, isRoot: true, ids: [root.id, ...children.map((row) => row.id)] });
    for (const child of withData) shown.push({ category: child, isRoot: false, ids: [child.id] });
  }

  // Each card's basis (its chart's: over all its crops' prices) and the series it shows.
  const picked = shown.flatMap(({ category, isRoot, ids }) => {
    const rows = ids.flatMap((id) => units.get(id) ?? []);
    const basis = chooseBasis(
      rows.map((row) => ({ basis: String(row.basis), unit_id: Number(row.unit_id), n: Number(row.n) })),
    );
    const onBasis = (row: Row) =>
      basis.byMass ? row.basis === 'kg' : Number(row.unit_id) === (basis.commonUnitId ?? 0);
    // The series with the most observations in the period; on a tie, traded before reference before asked.
    const inPeriod = (name: SeriesName) =>
      rows.reduce((sum, row) => sum + (row.series === name && onBasis(row) ? Number(row.period_n) : 0), 0);
    const counts = PREFERENCE.map((name) => ({ name, n: inPeriod(name) })).filter((entry) => entry.n > 0);
    const series = counts.reduce<(typeof counts)[number] | undefined>(
      (best, entry) => (best && best.n >= entry.n ? best : entry),
      undefined,
    )?.name;
    return series ? [{ category, isRoot, ids, basis, onBasis, series }] : [];
  });
  if (picked.length === 0) return [];

  const unitNames = await db
    .select({ id: perUnits.id, code: perUnits.code, short: localizedColumn(perUnits, 'short', locale) })
    .from(perUnits);
  const kgUnit = unitNames.find((row) => row.code === 'kg')!;
  const scale = minorPerUsd(currency);
  const toMinor = (usd: number) => Math.round(usd * scale);

  // The sums of the period's points and of the monthly history, only of the crops and series the cards show.
  const seen = new Set<string>();
  const pairList: SQL[] = [];
  for (const card of picked)
    for (const id of card.ids) {
      const key = `${card.series}|${id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      pairList.push(sql`(${card.series}, ${id}::int)`);
    }
  const pairs = sql.join(pairList, sql`, `);
  const periodRows = byCategory(
    rowsOf(
      await db.execute(sql`
        select category_id, series, (${chartBucket(zoom)})::text as key, basis, unit_id, ${PRICE_SUMS_SQL}
        from price_daily where day between ${from} and ${today} and (series, category_id) in (${pairs})
        group by category_id, series, 3, basis, unit_id`),
    ),
  );
  const monthRows = byCategory(
    rowsOf(
      await db.execute(sql`
        select category_id, series, to_char(day, 'YYYY-MM') as key, basis, unit_id, ${PRICE_SUMS_SQL}
        from price_daily where day <= ${today} and (series, category_id) in (${pairs})
        group by category_id, series, 3, basis, unit_id`),
    ),
  );
  const referenceCards = picked.filter((card) => card.series === 'reference');
  const sourceRows = referenceCards.length
    ? rowsOf(
        await db.execute(sql`
          select distinct category_id, basis, unit_id, source from price_daily
          where series = 'reference' and category_id in (${sql.join(
            [...new Set(referenceCards.flatMap((card) => card.ids))].map((id) => sql`${id}::int`),
            sql`, `,
          )}) and day between ${from} and ${today}
          order by source`),
      )
    : [];
  // The sources in the database's order, as a chart lists them.
  const sourceRank = new Map<string, number>();
  for (const row of sourceRows)
    if (!sourceRank.has(String(row.source))) sourceRank.set(String(row.source), sourceRank.size);
  const sourcesOf = byCategory(sourceRows);

  /** A card's sums per date (or month) of its series, its crops' rows on its basis added up, oldest first. */
  const sumsOf = (grouped: Map<number, Row[]>, { ids, series, onBasis }: (typeof picked)[number]) => {
    const sums = new PriceSumsByKey();
    for (const id of ids)
      for (const row of grouped.get(id) ?? [])
        if (row.series === series && onBasis(row)) sums.add(String(row.key), row);
    return sums.sorted();
  };

  return picked.map((card): CategoryIndexCard => {
    const { category, isRoot, ids, basis, onBasis, series } = card;
    const period = sumsOf(periodRows, card);
    const points = period.map(([date, sums]) => pointOfSums(series, date, sums, toMinor));
    const exact = period.map(([, sums]) => priceOfSums(series, sums).usd * scale);
    const history = sumsOf(monthRows, card).map(([month, sums]) => ({
      month,
      price: priceOfSums(series, sums).usd * scale,
    }));
    const sources =
      series === 'reference'
        ? [
            ...new Set(ids.flatMap((id) => (sourcesOf.get(id) ?? []).filter(onBasis).map((row) => String(row.source)))),
          ].sort((a, b) => sourceRank.get(a)! - sourceRank.get(b)!)
        : [];
    const summary = summariseSeries(points, history, exact);
    const common = unitNames.find((row) => row.id === basis.commonUnitId);
    const basisUnit = basis.byMass || !common ? kgUnit : common;
    return {
      category: { id: category.id, name: category.name, parent_id: category.parentId },
      is_root: isRoot,
      series,
      index: summary.index,
      index_base_month: summary.index_base_month,
      change_percent: summary.change_percent,
      year_on_year_percent: summary.year_on_year_percent,
      last_price_minor: summary.last_price_minor,
      last_date: summary.last_date,
      thin: points.at(-1)?.thin ?? false,
      basis: { kind: basis.byMass ? 'kg' : 'unit', unit_id: basisUnit.id, unit: basisUnit.short },
      currency,
      sparkline: points.map((point) => point.price_minor),
      sources,
      demo: sources.includes('demo'),
    };
  });
}
