import { asc, eq, sql } from 'drizzle-orm';
import { type ChartSeries, type SeriesName, type Zoom, DEFAULT_ZOOM } from '~/features/statistics/query';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { categories } from '~/server/db/schema';
import { chartCurrency, DEFAULT_CHART_CURRENCY, readPriceChart, todayUtc } from './read-price-chart';

/** One card of the statistics overview: a crop (or a group of crops) and the one series it shows. */
export interface CategoryIndexCard {
  category: { id: number; name: string; parent_id: number | null };
  /** A root category (its card covers its crops), or a crop. */
  is_root: boolean;
  /** The series shown: traded when it has points in the period, else reference, else asked (never mixed). */
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

/** The order in which a card picks its series. */
const PREFERENCE: SeriesName[] = ['traded', 'reference', 'asked'];

export interface ListCategoryIndicesOptions {
  locale: Locale;
  currencyId?: number;
  zoom?: Zoom;
  today?: string;
}

/**
 * The statistics overview (/statistic, the home page, `categories-statistic-info`): a card for each board root
 * category with any price data and for each crop with data, each from its chart (readPriceChart, so a card and
 * its chart always agree), showing one named series. Roots first, each followed by its crops, by sort order.
 */
export async function listCategoryIndices(
  db: Executor,
  { locale, currencyId = DEFAULT_CHART_CURRENCY, zoom = DEFAULT_ZOOM, today = todayUtc() }: ListCategoryIndicesOptions,
): Promise<CategoryIndexCard[]> {
  await chartCurrency(db, currencyId); // an unknown currency is a 422 even when there is nothing to show
  // The crops with any data up to today, in one pass over the index.
  const withData = new Set(
    (
      (await db.execute(sql`select distinct category_id from price_daily where day <= ${today}`)) as unknown as {
        rows: { category_id: number }[];
      }
    ).rows.map((row) => Number(row.category_id)),
  );
  if (withData.size === 0) return [];
  const board = await db
    .select({ id: categories.id, parentId: categories.parentId })
    .from(categories)
    .where(eq(categories.kind, 'board'))
    .orderBy(asc(categories.sortOrder), asc(categories.id));
  const roots = board.filter((row) => row.parentId === null);
  const shown: { id: number; isRoot: boolean }[] = [];
  for (const root of roots) {
    const children = board.filter((row) => row.parentId === root.id && withData.has(row.id));
    if (!withData.has(root.id) && children.length === 0) continue;
    shown.push({ id: root.id, isRoot: true });
    for (const child of children) shown.push({ id: child.id, isRoot: false });
  }

  const cards: CategoryIndexCard[] = [];
  for (const { id, isRoot } of shown) {
    // One series at a time, in order of preference: most cards stop at the first (a chart reads each series' history).
    let chart: Awaited<ReturnType<typeof readPriceChart>> | undefined;
    let pick: ChartSeries | undefined;
    for (const name of PREFERENCE) {
      chart = await readPriceChart(db, { categoryId: id, zoom, currency_id: currencyId, series: [name] }, locale, {
        today,
      });
      pick = chart.series.find((s) => s.points.length > 0);
      if (pick) break;
    }
    if (!chart || !pick) continue;
    const last = pick.points.at(-1);
    cards.push({
      category: chart.category,
      is_root: isRoot,
      series: pick.series,
      index: pick.summary.index,
      index_base_month: pick.summary.index_base_month,
      change_percent: pick.summary.change_percent,
      year_on_year_percent: pick.summary.year_on_year_percent,
      last_price_minor: pick.summary.last_price_minor,
      last_date: pick.summary.last_date,
      thin: last?.thin ?? false,
      basis: chart.basis,
      currency: chart.currency,
      sparkline: pick.points.map((point) => point.price_minor),
      sources: pick.sources,
      demo: pick.demo,
    });
  }
  return cards;
}
