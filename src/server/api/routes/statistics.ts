import { Hono } from 'hono';
import { z } from 'zod';
import { SERIES, ZOOMS } from '~/features/statistics/query';
import { chartApiQuerySchema, indicesQuerySchema } from '~/features/statistics/api-query';
import { getDb } from '~/server/db';
import { listCategoryIndices } from '~/server/services/statistics/list-category-indices';
import { listStatisticCategories } from '~/server/services/statistics/list-statistic-categories';
import { DEFAULT_CHART_CURRENCY, readPriceChart } from '~/server/services/statistics/read-price-chart';
import { priceChartCsvName, writePriceChartCsv } from '~/server/services/statistics/write-price-chart-csv';
import type { ApiContext, ApiEnv } from '~/server/api/context';
import { endpoint } from '~/server/api/endpoint';

const TAG = 'Statistics';
/** Prices change when a deal is approved or prices are imported; a minute old is fresh enough for a chart. */
const STATISTICS_CACHE = 'public, max-age=60';

const currency = z.object({
  id: z.number(),
  code: z.string(),
  symbol: z.string(),
  decimals: z.number(),
  per_usd: z.number(),
  rate_date: z.string(),
});
const basis = z.object({ kind: z.enum(['kg', 'unit']), unit_id: z.number(), unit: z.string() });
const category = z.object({ id: z.number(), name: z.string(), parent_id: z.number().nullable() });
const nullableNumber = z.number().nullable();

const card = z.object({
  category,
  is_root: z.boolean(),
  series: z.enum(SERIES),
  index: nullableNumber,
  index_base_month: z.string().nullable(),
  change_percent: nullableNumber,
  year_on_year_percent: nullableNumber,
  last_price_minor: nullableNumber,
  last_date: z.string().nullable(),
  thin: z.boolean(),
  basis,
  currency,
  sparkline: z.array(z.number()),
  sources: z.array(z.string()),
  demo: z.boolean(),
});

const point = z.object({
  date: z.string(),
  price_minor: z.number(),
  p25_minor: z.number(),
  p75_minor: z.number(),
  n: z.number(),
  volume: z.number(),
  thin: z.boolean(),
});
const chart = z.object({
  category,
  zoom: z.enum(ZOOMS),
  from: z.string(),
  to: z.string(),
  currency,
  basis,
  common_unit: z.object({ id: z.number(), name: z.string(), kg: nullableNumber }).nullable(),
  area: z.object({ country_id: nullableNumber, region_id: nullableNumber }),
  series: z.array(
    z.object({
      series: z.enum(SERIES),
      sources: z.array(z.string()),
      demo: z.boolean(),
      points: z.array(point),
      summary: z.object({
        last_price_minor: nullableNumber,
        last_date: z.string().nullable(),
        first_price_minor: nullableNumber,
        change_percent: nullableNumber,
        high_minor: nullableNumber,
        low_minor: nullableNumber,
        count: z.number(),
        volume: z.number(),
        index: nullableNumber,
        index_base_month: z.string().nullable(),
        year_on_year_percent: nullableNumber,
      }),
    }),
  ),
});

interface TreeNode {
  id: number;
  name: string;
  parent_id: number | null;
  has_data: boolean;
  series: (typeof SERIES)[number][];
  last_date: string | null;
  children: TreeNode[];
}
// Recursive, so named: the OpenAPI document holds it once in components.schemas (openapi.ts jsonSchema).
const treeNode: z.ZodType<TreeNode> = z
  .object({
    id: z.number(),
    name: z.string(),
    parent_id: nullableNumber,
    has_data: z.boolean(),
    series: z.array(z.enum(SERIES)),
    last_date: z.string().nullable(),
    get children() {
      return z.array(treeNode);
    },
  })
  .meta({ id: 'StatisticsCategoryNode' });

/** Registers one endpoint twice: GET with the query string, POST with a form or JSON body (the mobile apps post). */
function getAndPost<S extends z.ZodType>(
  app: Hono<ApiEnv>,
  options: { path: string; summary: string; input: S; response?: z.ZodType },
  handler: (c: ApiContext, input: z.output<S>) => unknown | Promise<unknown>,
) {
  const { input, ...doc } = options;
  endpoint(app, { ...doc, method: 'get', tag: TAG, anonymousCache: STATISTICS_CACHE, query: input }, (c, { query }) =>
    handler(c, query as z.output<S>),
  );
  endpoint(app, { ...doc, method: 'post', tag: TAG, body: input }, (c, { body }) => handler(c, body as z.output<S>));
}

/** Price statistics: the overview cards, the crops with data, a crop's chart and its CSV (docs/statistics.md "API"). */
export function statisticsRoutes() {
  const app = new Hono<ApiEnv>();

  getAndPost(
    app,
    {
      path: '/statistic/categories-statistic-info',
      summary:
        'A card per board root category and per crop with prices: one named series (the one with the most observations in the period; on a tie traded, reference, asked), index, change, last price per basis in currency_id (default 3, USD), sparkline over zoom (month|3months|year, default year)',
      input: indicesQuerySchema,
      response: z.object({ items: z.array(card) }),
    },
    async (c, query) => ({
      items: await listCategoryIndices(await getDb(), {
        locale: c.get('locale'),
        currencyId: query.currency_id,
        zoom: query.zoom,
      }),
    }),
  );

  getAndPost(
    app,
    {
      path: '/statistic/category-with-statistic-data',
      summary:
        'The board category tree with, per node, has_data, the series present and the last day with a price (product pickers)',
      input: z.object({}),
      response: z.object({ items: z.array(treeNode) }),
    },
    async (c) => ({ items: await listStatisticCategories(await getDb(), c.get('locale')) }),
  );

  getAndPost(
    app,
    {
      path: '/statistic/get-chart-category-data',
      summary:
        "A crop's price chart: categoryId, zoom (month|3months|year and aliases such as 1m, quarter, 12m; default year), currency_id (default 3, USD), country_id, region_id, series (traded,asked,reference). 404 not_found for an unknown crop. format=csv downloads the points (date, series, source, price, currency, unit, p25, p75, observations, volume, thin)",
      input: chartApiQuerySchema,
      response: chart,
    },
    async (c, { format, ...query }) => {
      const data = await readPriceChart(
        await getDb(),
        { ...query, currency_id: query.currency_id ?? DEFAULT_CHART_CURRENCY },
        c.get('locale'),
      );
      if (format !== 'csv') return data;
      return new Response(writePriceChartCsv(data), {
        status: 200,
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="${priceChartCsvName(data)}"`,
          'Cache-Control': c.get('user') ? 'private, no-store' : STATISTICS_CACHE,
          'X-Content-Type-Options': 'nosniff',
        },
      });
    },
  );

  return app;
}
