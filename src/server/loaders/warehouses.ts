import { type PublicWarehouseQuery, publicWarehouseQuery } from '~/features/warehouses/list-query';
import { parseId } from '~/features/validation/fields';
import type { Locale } from '~/i18n/config';
import { getDb } from '~/server/db';
import { AppError } from '~/server/errors';
import { loadPlaceFilter } from '~/server/loaders/place-filter';
import type { SessionUser } from '~/server/services/accounts/users';
import { listVerificationBadges } from '~/server/services/verification/list-verification-badges';
import { type PublicWarehouseFilter, listPublicWarehouses } from '~/server/services/warehouses/list-public-warehouses';
import { listPublicWarehouseLots } from '~/server/services/warehouses/list-public-warehouse-lots';
import { readPublicWarehouse } from '~/server/services/warehouses/read-public-warehouse';

/** The map view shows every matching warehouse with a point, up to this many (the list beside it is paged). */
export const MAP_WAREHOUSES = 1_000;
/** Lots a warehouse page shows; the count says how many there are. */
export const WAREHOUSE_PAGE_LOTS = 12;

export type WarehouseView = 'list' | 'map';
export interface WarehousePageQuery extends PublicWarehouseQuery {
  view: WarehouseView;
}

/**
 * The page's query read from its address with the API's schema (GET /api-v2/warehouse): a value the schema
 * refuses is left out, so an old or hand-made link shows the list, not an error. `view` is the page's own.
 */
export function parseWarehouseQuery(search: string, defaultView: WarehouseView): WarehousePageQuery {
  const params = new URLSearchParams(search);
  const picked = Object.fromEntries(
    (['page', 'country_id', 'region_id', 'kind', 'service', 'q'] as const).flatMap((name) => {
      const raw = params.get(name);
      if (raw === null) return [];
      return publicWarehouseQuery.shape[name].safeParse(raw).success ? [[name, raw]] : [];
    }),
  );
  const view = params.get('view');
  return {
    ...publicWarehouseQuery.parse(picked),
    view: view === 'map' || view === 'list' ? view : defaultView,
  };
}

/** The address's query string of a state of the page (only what differs from the defaults), `?…` or ''. */
export function warehouseQueryString(
  query: WarehousePageQuery,
  defaultView: WarehouseView,
  changes: Partial<WarehousePageQuery> = {},
): string {
  const state = { ...query, ...changes };
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.country_id) params.set('country_id', String(state.country_id));
  if (state.region_id) params.set('region_id', String(state.region_id));
  if (state.kind) params.set('kind', state.kind);
  if (state.service) params.set('service', state.service);
  if (state.view !== defaultView) params.set('view', state.view);
  if (state.page > 1) params.set('page', String(state.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

const filterOf = (query: PublicWarehouseQuery): PublicWarehouseFilter => ({
  countryId: query.country_id,
  regionId: query.region_id,
  kind: query.kind,
  service: query.service,
  q: query.q,
});

/**
 * Everything /world-warehouse and /warehouse/map show, loaded once: the page of warehouses, the filter form's
 * lists, and in the map view every matching warehouse with a point (the map's tiles come from the page's meta tags).
 */
export async function loadWarehouseDirectory(search: string, defaultView: WarehouseView, locale: Locale) {
  const db = await getDb();
  const query = parseWarehouseQuery(search, defaultView);
  const filter = filterOf(query);
  // The chosen country's regions, or those of every country with regions (grouped by country).
  const [places, result, mapped] = await Promise.all([
    loadPlaceFilter(db, locale, query.country_id ? [query.country_id] : undefined),
    listPublicWarehouses(db, filter, { page: query.page, perPage: query['per-page'] }, locale),
    query.view === 'map' ? listPublicWarehouses(db, filter, { page: 1, perPage: MAP_WAREHOUSES }, locale) : undefined,
  ]);
  return {
    query,
    ...places,
    result,
    mapPoints: (mapped?.items ?? []).filter((w) => w.latitude !== null && w.longitude !== null),
    mapTotal: mapped?._meta.totalCount ?? 0,
  };
}
export type WarehouseDirectoryData = Awaited<ReturnType<typeof loadWarehouseDirectory>>;

/** A public warehouse's page (/world-warehouse/{id}): the warehouse and its lots; undefined for an unknown or retired id. */
export async function loadWarehousePage(rawId: string | undefined, viewer: SessionUser | null, locale: Locale) {
  const id = parseId(rawId);
  if (id === undefined) return undefined;
  const db = await getDb();
  try {
    const warehouse = await readPublicWarehouse(db, id, locale);
    const lots = await listPublicWarehouseLots(db, id, { page: 1, perPage: WAREHOUSE_PAGE_LOTS }, viewer, locale);
    const badges = await listVerificationBadges(db, { userIds: [...new Set(lots.items.map((lot) => lot.user.id))] });
    return { warehouse, lots, badges: badges.users };
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return undefined;
    throw error;
  }
}
export type WarehousePageData = NonNullable<Awaited<ReturnType<typeof loadWarehousePage>>>;
