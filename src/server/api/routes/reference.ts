import { Hono } from 'hono';
import { z } from 'zod';
import { listQuery, optionalInt, optionalText, requiredInt } from '~/features/validation/fields';
import { getDb } from '~/server/db';
import type { CategoryKind } from '~/server/db/schema';
import { listCategoriesFlat, getCategoryTree, listRootCategories } from '~/server/services/reference/list-categories';
import { listCountries } from '~/server/services/reference/list-countries';
import { listCurrencies } from '~/server/services/reference/list-currencies';
import { listCountryRegions, listRegionVillages, listRegions } from '~/server/services/reference/list-regions';
import { UNIT_CATEGORIES, listUnits } from '~/server/services/reference/list-units';
import type { ApiEnv } from '~/server/api/context';
import { endpoint } from '~/server/api/endpoint';

/** Reference data changes rarely: let browsers and CDNs keep it for five minutes. */
const REFERENCE_CACHE = 'public, max-age=300';

const namedItem = z.object({ id: z.number(), name: z.string() });
const itemsOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });
const regionItem = z.object({
  id: z.number(),
  country_id: z.number(),
  name: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});

/** Path prefixes of the category endpoints of each lot kind (`/board-category/…`, `/seeds-category/…`, …). */
export const CATEGORY_PREFIXES: Record<CategoryKind, string> = {
  board: 'board-category',
  seed: 'seeds-category',
  fertilizer: 'fertilizer-category',
  technic: 'technic-category',
};

export function referenceRoutes() {
  const app = new Hono<ApiEnv>();

  endpoint(
    app,
    {
      method: 'get',
      path: '/region/index',
      tag: 'Places',
      summary: 'Regions, a page at a time; filter by country and name; sort by name (default), -name, id or -id',
      query: listQuery.extend({
        sort: z.preprocess((v) => (v === '' ? undefined : v), z.string().default('name')),
        country_id: optionalInt(),
        q: optionalText(100),
      }),
      response: z.object({
        items: z.array(regionItem),
        _meta: z.object({
          totalCount: z.number(),
          pageCount: z.number(),
          currentPage: z.number(),
          perPage: z.number(),
        }),
      }),
      cache: REFERENCE_CACHE,
    },
    async (c, { query }) =>
      listRegions(
        await getDb(),
        { countryId: query.country_id, q: query.q },
        { page: query.page, perPage: query['per-page'], sort: query.sort },
        c.get('locale'),
      ),
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/country-dropdown',
      tag: 'Places',
      summary: 'Every country, named in the asked language; countries with regions first',
      response: itemsOf(namedItem.extend({ code: z.string(), has_regions: z.boolean() })),
      cache: REFERENCE_CACHE,
    },
    async (c) => ({ items: await listCountries(await getDb(), c.get('locale')) }),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/region/country-region-dropdown',
      tag: 'Places',
      summary: "A country's regions",
      body: z.object({ country_id: requiredInt() }),
      response: itemsOf(regionItem),
    },
    async (c, { body }) => ({ items: await listCountryRegions(await getDb(), body.country_id, c.get('locale')) }),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/village-by-region',
      tag: 'Places',
      summary: "A region's villages and towns",
      body: z.object({ region_id: requiredInt() }),
      response: itemsOf(
        z.object({
          id: z.number(),
          region_id: z.number(),
          name: z.string(),
          latitude: z.number().nullable(),
          longitude: z.number().nullable(),
        }),
      ),
    },
    async (_c, { body }) => ({ items: await listRegionVillages(await getDb(), body.region_id) }),
  );

  const currencyItem = z.object({
    id: z.number(),
    code: z.string(),
    symbol: z.string(),
    name: z.string(),
    decimals: z.number(),
    is_default: z.boolean(),
    per_usd: z.string().nullable(),
    rate_date: z.string().nullable(),
  });
  for (const [path, summary] of [
    ['/bank-currency/user-currency-dropdown', 'Currencies a user can choose as their own (id 3 is the default)'],
    ['/bank-currency/order-currency-dropdown', 'Currencies a lot can be priced in'],
    [
      '/bank-currency/filter-currency-dropdown',
      'Currencies catalogue prices can be shown in, with indicative rates per US dollar',
    ],
  ] as const) {
    endpoint(
      app,
      { method: 'get', path, tag: 'Currencies', summary, response: itemsOf(currencyItem), cache: REFERENCE_CACHE },
      async (c) => ({
        items: await listCurrencies(await getDb(), c.get('locale')),
      }),
    );
  }

  endpoint(
    app,
    {
      method: 'get',
      path: '/per-unit/category-dropdown',
      tag: 'Units',
      summary: 'Units a lot of one kind is priced per',
      query: z.object({
        category: z.preprocess((v) => (v === '' ? undefined : v), z.enum(UNIT_CATEGORIES).default('all')),
      }),
      response: itemsOf(namedItem.extend({ code: z.string(), short: z.string() })),
      cache: REFERENCE_CACHE,
    },
    async (c, { query }) => ({ items: await listUnits(await getDb(), query.category, c.get('locale')) }),
  );

  // Recursive, so named: the OpenAPI document holds it once in components.schemas (openapi.ts jsonSchema).
  const categoryNode: z.ZodType = z
    .lazy(() =>
      z.object({
        id: z.number(),
        parent_id: z.number().nullable(),
        slug: z.string(),
        name: z.string(),
        level: z.number(),
        children: z.array(categoryNode).optional(),
      }),
    )
    .meta({ id: 'CategoryNode' });
  for (const [kind, prefix] of Object.entries(CATEGORY_PREFIXES) as [CategoryKind, string][]) {
    endpoint(
      app,
      {
        method: 'post',
        path: `/${prefix}/category-dropdown-m-l`,
        tag: 'Categories',
        summary: `The ${kind} category tree flattened for a multi-level select (depth-first, with levels)`,
        body: z.object({}),
        response: itemsOf(categoryNode),
      },
      async (c) => ({ items: await listCategoriesFlat(await getDb(), kind, c.get('locale')) }),
    );
    endpoint(
      app,
      {
        method: 'get',
        path: `/${prefix}/root-categories-dropdown`,
        tag: 'Categories',
        summary: `Top-level ${kind} categories`,
        response: itemsOf(namedItem.extend({ slug: z.string() })),
        cache: REFERENCE_CACHE,
      },
      async (c) => ({ items: await listRootCategories(await getDb(), kind, c.get('locale')) }),
    );
    endpoint(
      app,
      {
        method: 'get',
        path: `/${prefix}/root-category-with-child`,
        tag: 'Categories',
        summary: `Top-level ${kind} categories with their children`,
        response: itemsOf(categoryNode),
        cache: REFERENCE_CACHE,
      },
      async (c) => ({ items: await getCategoryTree(await getDb(), kind, c.get('locale')) }),
    );
  }

  return app;
}
