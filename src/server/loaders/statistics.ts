import {
  type ChartData,
  DEFAULT_CATEGORY,
  DEFAULT_COMPARE_CATEGORY,
  SERIES,
  type SeriesName,
  type Zoom,
  chartQuerySchema,
  zoomField,
} from '~/features/statistics/query';
import { optionalInt } from '~/features/validation/fields';
import type { Locale } from '~/i18n/config';
import { memoize } from '~/server/cache/memo';
import { getDb } from '~/server/db';
import { AppError } from '~/server/errors';
import { loadPlaceFilter } from '~/server/loaders/place-filter';
import { listCurrencies } from '~/server/services/reference/list-currencies';
import { getCategoryTree } from '~/server/services/reference/list-categories';
import { DEFAULT_CHART_CURRENCY, readPriceChart } from '~/server/services/statistics/read-price-chart';
import { listCategoryIndices } from '~/server/services/statistics/list-category-indices';

// Reference lists may be a minute old, as on the catalogue pages; so may the overview cards and the unfiltered charts.
const MINUTE = 60_000;

/** The state of /prices, read from its address: every value the schema refuses is left out (its default shown). */
export interface PricesPageQuery {
  category: number;
  /** The second crop, or null for none (`compare=none` or `compare=0`). */
  compare: number | null;
  zoom: Zoom;
  currency_id: number;
  country_id: number | undefined;
  region_id: number | undefined;
  series: SeriesName[];
}

const idField = optionalInt();
const pickId = (raw: string | null) => {
  if (raw === null) return undefined;
  const parsed = idField.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
};

export function parsePricesQuery(search: string): PricesPageQuery {
  const params = new URLSearchParams(search);
  const zoom = zoomField.safeParse(params.get('zoom') ?? undefined);
  const rawCompare = params.get('compare');
  const series = params.getAll('series').filter((name): name is SeriesName => SERIES.includes(name as SeriesName));
  return {
    category: pickId(params.get('category')) ?? DEFAULT_CATEGORY,
    compare:
      rawCompare === 'none' || rawCompare === '0' || rawCompare === ''
        ? null
        : (pickId(rawCompare) ?? DEFAULT_COMPARE_CATEGORY),
    zoom: zoom.success ? zoom.data : 'year',
    currency_id: pickId(params.get('currency_id')) ?? DEFAULT_CHART_CURRENCY,
    country_id: pickId(params.get('country_id')),
    region_id: pickId(params.get('region_id')),
    // A form with every box unticked sends `series` not at all: then every series is shown.
    series: series.length ? [...new Set(series)] : [...SERIES],
  };
}

/** The address's query string of a state of /prices (`?…`): the selection a shared link carries. */
export function pricesQueryString(query: PricesPageQuery, changes: Partial<PricesPageQuery> = {}): string {
  const state = { ...query, ...changes };
  const params = new URLSearchParams();
  params.set('category', String(state.category));
  params.set('compare', state.compare === null ? 'none' : String(state.compare));
  params.set('zoom', state.zoom);
  params.set('currency_id', String(state.currency_id));
  if (state.country_id) params.set('country_id', String(state.country_id));
  if (state.region_id) params.set('region_id', String(state.region_id));
  if (state.series.length < SERIES.length) for (const name of state.series) params.append('series', name);
  return `?${params}`;
}

/** A chart of one crop, or undefined when the id is no board category (or the currency none the charts know). */
async function chartOf(query: PricesPageQuery, categoryId: number, locale: Locale): Promise<ChartData | undefined> {
  const db = await getDb();
  const parsed = chartQuerySchema.parse({
    categoryId,
    zoom: query.zoom,
    currency_id: query.currency_id,
    country_id: query.country_id,
    region_id: query.region_id,
    series: query.series,
  });
  // The unfiltered charts (the page as most open it) are shared a minute: crops × periods × currencies is a bounded
  // set of keys, and an unknown crop's failure is not kept. Area or series choices are read afresh.
  const plain = !parsed.country_id && !parsed.region_id && parsed.series.length === SERIES.length;
  try {
    return await (plain
      ? memoize(`statistics:chart:${locale}:${categoryId}:${parsed.zoom}:${parsed.currency_id}`, MINUTE, () =>
          readPriceChart(db, parsed, locale),
        )
      : readPriceChart(db, parsed, locale));
  } catch (error) {
    if (error instanceof AppError && (error.code === 'not_found' || error.code === 'validation_failed'))
      return undefined;
    throw error;
  }
}

/** The filter form's lists: crops (board categories), chart currencies, countries and their regions. */
async function formLists(locale: Locale, countryId: number | undefined) {
  const db = await getDb();
  const [tree, currencies, places] = await Promise.all([
    memoize(`statistics:crops:${locale}`, MINUTE, () => getCategoryTree(db, 'board', locale)),
    memoize(`statistics:currencies:${locale}`, MINUTE, () => listCurrencies(db, locale)),
    loadPlaceFilter(db, locale, countryId ? [countryId] : undefined),
  ]);
  return {
    crops: tree,
    currencies: currencies.filter((currency) => currency.per_usd !== null),
    ...places,
  };
}

/**
 * Everything /prices shows, loaded once: the selection read from the address, the chart of the crop and of the
 * crop it is compared with (readPriceChart), and the form's lists. `chart` is undefined for an unknown crop (the
 * page answers 404 and says so); a compared crop that is unknown is left out and named as such.
 */
export async function loadPricesPage(search: string, locale: Locale) {
  let query = parsePricesQuery(search);
  const lists = await formLists(locale, query.country_id);
  // A currency the charts cannot convert to (no rate, inactive) falls back to the default.
  if (!lists.currencies.some((currency) => currency.id === query.currency_id))
    query = { ...query, currency_id: DEFAULT_CHART_CURRENCY };
  const [chart, compared] = await Promise.all([
    chartOf(query, query.category, locale),
    query.compare === null || query.compare === query.category ? undefined : chartOf(query, query.compare, locale),
  ]);
  return {
    query,
    chart,
    compared,
    compareUnknown: query.compare !== null && query.compare !== query.category && compared === undefined,
    ...lists,
  };
}
export type PricesPageData = Awaited<ReturnType<typeof loadPricesPage>>;

/**
 * /statistic: a card per crop group and crop with price data (listCategoryIndices), in the currency of the form
 * (`currency_id`, the default US dollar when absent or one the charts cannot convert to). Shared a minute.
 */
export async function loadStatisticPage(search: string, locale: Locale) {
  const db = await getDb();
  const currencies = (
    await memoize(`statistics:currencies:${locale}`, MINUTE, () => listCurrencies(db, locale))
  ).filter((currency) => currency.per_usd !== null);
  const asked = pickId(new URLSearchParams(search).get('currency_id'));
  const currencyId = currencies.some((c) => c.id === asked) ? asked! : DEFAULT_CHART_CURRENCY;
  const cards = await memoize(`statistics:indices:${locale}:${currencyId}`, MINUTE, () =>
    listCategoryIndices(db, { locale, currencyId }),
  );
  return { currencyId, currencies, cards };
}

/** How many headline indices the home page shows. */
export const HOME_INDICES = 3;

/**
 * The home page's headline indices: the crops (not the groups) whose cards rest on the most data points,
 * maize first when it has data; US dollars. Shared a minute per language.
 */
export function loadHomeIndices(locale: Locale) {
  return memoize(`home:indices:${locale}`, MINUTE, async () => {
    const cards = await listCategoryIndices(await getDb(), { locale });
    return cards
      .filter((card) => !card.is_root)
      .sort(
        (a, b) =>
          Number(b.category.id === DEFAULT_CATEGORY) - Number(a.category.id === DEFAULT_CATEGORY) ||
          b.sparkline.length - a.sparkline.length,
      )
      .slice(0, HOME_INDICES);
  });
}
