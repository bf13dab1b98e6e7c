import { type SQL, and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { CategoryKind } from '~/server/db/schema';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { localizedColumn, regionNameIn } from '~/server/db/localized';
import { ownerStillInCompany } from './access';
import {
  categories,
  countries,
  memberWarehouseProducts,
  memberWarehouses,
  perUnits,
  regions,
  systemWarehouses,
  villages,
} from '~/server/db/schema';

/** A product of a member's warehouse as the API gives it (docs/warehouses.md "Members' warehouses"). */
export interface WarehouseProduct {
  id: number;
  warehouse_id: number;
  category_kind: CategoryKind;
  category_id: number;
  category_name: string;
  /** A decimal string, two places. */
  quantity: string;
  per_unit_id: number;
  unit_name: string;
  unit_short: string;
  quality_notes: string | null;
}

/** A member's warehouse as the API gives it. */
export interface MemberWarehouse {
  id: number;
  user_id: number;
  company_id: number | null;
  system_warehouse_id: number | null;
  /** The public warehouse's title while it is live; null when there is none or it was retired. */
  system_warehouse_title: string | null;
  description: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  country_id: number | null;
  country_name: string | null;
  region_id: number | null;
  region_name: string | null;
  village_id: number | null;
  village_name: string | null;
  latitude: number | null;
  longitude: number | null;
  /** Whether the caller may change it (the owner, an administrator of its company). */
  may_edit: boolean;
  products: WarehouseProduct[];
}

/** Selects members' warehouses with their places' names in `locale`; the caller adds where/order. */
export function selectMemberWarehouses(db: Executor, locale: Locale, userId: number, where: SQL) {
  return db
    .select({
      id: memberWarehouses.id,
      user_id: memberWarehouses.userId,
      company_id: memberWarehouses.companyId,
      system_warehouse_id: memberWarehouses.systemWarehouseId,
      system_warehouse_title: sql<
        string | null
      >`case when ${systemWarehouses.retiredAt} is null then ${systemWarehouses.title} end`,
      description: memberWarehouses.description,
      address: memberWarehouses.address,
      phone: memberWarehouses.phone,
      email: memberWarehouses.email,
      country_id: memberWarehouses.countryId,
      country_name: localizedColumn(countries, 'name', locale),
      region_id: memberWarehouses.regionId,
      region_name: regionNameIn(locale),
      village_id: memberWarehouses.villageId,
      village_name: villages.name,
      latitude: memberWarehouses.latitude,
      longitude: memberWarehouses.longitude,
      // The owner, or an administrator of the warehouse's company (access.ts mayEditWarehouse).
      may_edit: sql<boolean>`(${memberWarehouses.userId} = ${userId} or exists (select 1 from company_members cm where cm.company_id = ${memberWarehouses.companyId} and cm.user_id = ${userId} and cm.permission = 'administrator') and ${ownerStillInCompany})`,
    })
    .from(memberWarehouses)
    .leftJoin(systemWarehouses, eq(systemWarehouses.id, memberWarehouses.systemWarehouseId))
    .leftJoin(countries, eq(countries.id, memberWarehouses.countryId))
    .leftJoin(regions, eq(regions.id, memberWarehouses.regionId))
    .leftJoin(villages, eq(villages.id, memberWarehouses.villageId))
    .where(where);
}

/** The products of the warehouses given, by warehouse, in the order they were added. */
export async function productsOf(
  db: Executor,
  warehouseIds: number[],
  locale: Locale,
): Promise<Map<number, WarehouseProduct[]>> {
  const byWarehouse = new Map<number, WarehouseProduct[]>(warehouseIds.map((id) => [id, []]));
  if (warehouseIds.length === 0) return byWarehouse;
  const rows = await db
    .select({
      id: memberWarehouseProducts.id,
      warehouse_id: memberWarehouseProducts.warehouseId,
      category_kind: memberWarehouseProducts.categoryKind,
      category_id: memberWarehouseProducts.categoryId,
      category_name: localizedColumn(categories, 'name', locale),
      quantity: memberWarehouseProducts.quantity,
      per_unit_id: memberWarehouseProducts.perUnitId,
      unit_name: localizedColumn(perUnits, 'name', locale),
      unit_short: localizedColumn(perUnits, 'short', locale),
      quality_notes: memberWarehouseProducts.qualityNotes,
    })
    .from(memberWarehouseProducts)
    .innerJoin(
      categories,
      and(
        eq(categories.kind, memberWarehouseProducts.categoryKind),
        eq(categories.id, memberWarehouseProducts.categoryId),
      ),
    )
    .innerJoin(perUnits, eq(perUnits.id, memberWarehouseProducts.perUnitId))
    .where(inArray(memberWarehouseProducts.warehouseId, warehouseIds))
    .orderBy(asc(memberWarehouseProducts.id));
  for (const row of rows) byWarehouse.get(row.warehouse_id)?.push(row);
  return byWarehouse;
}

/** Rows of selectMemberWarehouses with their products. */
export async function withProducts(
  db: Executor,
  rows: Omit<MemberWarehouse, 'products'>[],
  locale: Locale,
): Promise<MemberWarehouse[]> {
  const products = await productsOf(
    db,
    rows.map((r) => r.id),
    locale,
  );
  return rows.map((row) => ({ ...row, may_edit: Boolean(row.may_edit), products: products.get(row.id) ?? [] }));
}
