import { Hono } from 'hono';
import { z } from 'zod';
import { readMachineField } from '~/features/numbers/schema';
import { listQuery, optionalInt, requiredInt } from '~/features/validation/fields';
import { WAREHOUSE_KINDS, WAREHOUSE_SERVICES } from '~/features/warehouses/constants';
import { publicWarehouseQuery } from '~/features/warehouses/list-query';
import { getDb } from '~/server/db';
import { getGeocoder } from '~/server/geo/get-geocoder';
import { listPublicWarehouses } from '~/server/services/warehouses/list-public-warehouses';
import { listVillageStoreVillages } from '~/server/services/warehouses/list-village-store-villages';
import { readPublicWarehouse } from '~/server/services/warehouses/read-public-warehouse';
import type { ApiEnv } from '~/server/api/context';
import { endpoint } from '~/server/api/endpoint';

const TAG = 'Warehouses';
/** Anonymous answers are the same for every anonymous caller of a language, as the catalogue lists (routes/lots.ts). */
const PUBLIC_LIST_CACHE = 'public, max-age=60';
/** The gazetteer changes with reference data only. */
const GEOCODER_CACHE = 'public, max-age=300';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const pageQuery = listQuery.pick({ page: true, 'per-page': true });

const warehouseItem = z.object({
  id: z.number(),
  title: z.string(),
  operator: z.string().nullable(),
  kind: z.enum(WAREHOUSE_KINDS),
  capacity_tonnes: z.string().nullable(),
  services: z.array(z.enum(WAREHOUSE_SERVICES)),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  note: z.string().nullable(),
  country_id: z.number(),
  country_name: z.string(),
  region_id: z.number().nullable(),
  region_name: z.string().nullable(),
  village_id: z.number().nullable(),
  village_name: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  is_demo: z.boolean(),
});
const pageMeta = z.object({
  totalCount: z.number(),
  pageCount: z.number(),
  currentPage: z.number(),
  perPage: z.number(),
});
const coordinate = (max: number) => z.preprocess(readMachineField, z.number().min(-max).max(max));

/** Public warehouses, village stores and address search (docs/warehouses.md "API"). */
export function warehouseRoutes() {
  const app = new Hono<ApiEnv>();

  endpoint(
    app,
    {
      method: 'get',
      path: '/warehouse',
      tag: TAG,
      anonymousCache: PUBLIC_LIST_CACHE,
      summary:
        'Public warehouses by country, region, kind, service and name (any part, any case, with or without accents), by title, paged',
      query: publicWarehouseQuery,
      response: z.object({ items: z.array(warehouseItem), _meta: pageMeta }),
    },
    async (c, { query }) =>
      listPublicWarehouses(
        await getDb(),
        {
          countryId: query.country_id,
          regionId: query.region_id,
          kind: query.kind,
          service: query.service,
          q: query.q,
        },
        { page: query.page, perPage: query['per-page'] },
        c.get('locale'),
      ),
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/warehouse/view',
      tag: TAG,
      anonymousCache: PUBLIC_LIST_CACHE,
      summary: 'One public warehouse (404 for an unknown or retired one)',
      query: z.object({ id: requiredInt() }),
      response: warehouseItem,
    },
    async (c, { query }) => readPublicWarehouse(await getDb(), query.id, c.get('locale')),
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/village-warehouse/index',
      tag: TAG,
      anonymousCache: PUBLIC_LIST_CACHE,
      summary: 'Village stores, by region and village, by title, paged',
      query: pageQuery.extend({ region_id: optionalInt(), village_id: optionalInt() }),
      response: z.object({ items: z.array(warehouseItem), _meta: pageMeta }),
    },
    async (c, { query }) =>
      listPublicWarehouses(
        await getDb(),
        { kind: 'village_store', regionId: query.region_id, villageId: query.village_id },
        { page: query.page, perPage: query['per-page'] },
        c.get('locale'),
      ),
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/village-warehouse/village-by-region',
      tag: TAG,
      anonymousCache: PUBLIC_LIST_CACHE,
      summary: "A region's villages that have a village store, by name, with how many",
      query: z.object({ region_id: requiredInt() }),
      response: z.object({
        items: z.array(
          z.object({
            id: z.number(),
            region_id: z.number(),
            name: z.string(),
            latitude: z.number().nullable(),
            longitude: z.number().nullable(),
            store_count: z.number(),
          }),
        ),
      }),
    },
    async (_c, { query }) => ({ items: await listVillageStoreVillages(await getDb(), query.region_id) }),
  );

  const place = z.object({
    type: z.enum(['country', 'region', 'village', 'warehouse', 'external']),
    id: z.number().nullable(),
    name: z.string(),
    label: z.string(),
    country_id: z.number().nullable(),
    country_code: z.string().nullable(),
    region_id: z.number().nullable(),
    village_id: z.number().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
  });

  endpoint(
    app,
    {
      method: 'get',
      path: '/geocoder/search',
      tag: 'Places',
      cache: GEOCODER_CACHE,
      summary:
        'Places by name (countries, regions, villages, public warehouses; any case, with or without accents): whole name first, then its start, then anywhere; bigger places first',
      query: z.object({
        q: z.preprocess(blankToUndefined, z.string().trim().min(1).max(100)),
        limit: z.preprocess(readMachineField, z.number().int().min(1).max(50).default(10)),
      }),
      response: z.object({ items: z.array(place) }),
    },
    async (c, { query }) => ({
      items: await getGeocoder(await getDb()).search(query.q, c.get('locale'), query.limit),
    }),
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/geocoder/reverse',
      tag: 'Places',
      cache: GEOCODER_CACHE,
      summary: 'The nearest village to a point, with its region and country (null when none is known)',
      query: z.object({ lat: coordinate(90), lng: coordinate(180) }),
      response: z.object({
        place: z
          .object({
            village: z.object({
              id: z.number().nullable(),
              name: z.string(),
              latitude: z.number().nullable(),
              longitude: z.number().nullable(),
            }),
            region: z.object({ id: z.number().nullable(), name: z.string() }).nullable(),
            country: z.object({ id: z.number().nullable(), code: z.string().nullable(), name: z.string() }).nullable(),
            distance_km: z.number().nullable(),
          })
          .nullable(),
      }),
    },
    async (c, { query }) => ({
      place: await getGeocoder(await getDb()).reverse(query.lat, query.lng, c.get('locale')),
    }),
  );

  return app;
}
