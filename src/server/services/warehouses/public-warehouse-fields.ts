import { type SQL, eq, sql } from 'drizzle-orm';
import type { WarehouseKind, WarehouseService } from '~/features/warehouses/constants';
import { FOLD_FROM, FOLD_TO } from '~/features/warehouses/fold';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { localizedColumn, regionNameIn } from '~/server/db/localized';
import { countries, regions, systemWarehouses, villages } from '~/server/db/schema';

/** A public warehouse as the API gives it (docs/warehouses.md "API"). */
export interface PublicWarehouse {
  id: number;
  title: string;
  operator: string | null;
  kind: WarehouseKind;
  capacity_tonnes: string | null;
  services: WarehouseService[];
  phone: string | null;
  email: string | null;
  note: string | null;
  country_id: number;
  country_name: string;
  region_id: number | null;
  region_name: string | null;
  village_id: number | null;
  village_name: string | null;
  latitude: number | null;
  longitude: number | null;
  is_demo: boolean;
}

/** `translate(lower(expr), …)`: the SQL side of foldText (src/features/warehouses/fold.ts). */
export const foldSql = (expr: SQL | SQL.Aliased | unknown) => sql`translate(lower(${expr}), ${FOLD_FROM}, ${FOLD_TO})`;

/** A LIKE pattern matching `text` anywhere, with LIKE's own characters taken literally. */
export const containsPattern = (folded: string) => `%${folded.replace(/[%_\\]/g, '\\$&')}%`;

/** Live (not retired) public warehouses. */
export const isLive = sql`${systemWarehouses.retiredAt} is null`;

/** Selects public warehouses with their places' names in the caller's language; the caller adds where/order. */
export function selectPublicWarehouses(db: Executor, locale: Locale) {
  return db
    .select({
      id: systemWarehouses.id,
      title: systemWarehouses.title,
      operator: systemWarehouses.operator,
      kind: systemWarehouses.kind,
      capacity_tonnes: systemWarehouses.capacityTonnes,
      services: systemWarehouses.services,
      phone: systemWarehouses.phone,
      email: systemWarehouses.email,
      note: systemWarehouses.note,
      country_id: systemWarehouses.countryId,
      country_name: localizedColumn(countries, 'name', locale),
      region_id: systemWarehouses.regionId,
      region_name: regionNameIn(locale),
      village_id: systemWarehouses.villageId,
      village_name: villages.name,
      latitude: systemWarehouses.latitude,
      longitude: systemWarehouses.longitude,
      is_demo: systemWarehouses.isDemo,
    })
    .from(systemWarehouses)
    .innerJoin(countries, eq(countries.id, systemWarehouses.countryId))
    .leftJoin(regions, eq(regions.id, systemWarehouses.regionId))
    .leftJoin(villages, eq(villages.id, systemWarehouses.villageId));
}
