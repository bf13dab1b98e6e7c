import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { WarehouseKind, WarehouseService } from '~/features/warehouses/constants';
import { users } from './accounts';
import { companies } from './companies';
import { type CategoryKind, categories, countries, perUnits, regions, villages } from './reference';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const live = sql`retired_at is null`;

/**
 * A public (system) warehouse on the warehouse map (docs/warehouses.md): depots, village and cooperative stores,
 * certified warehouses and cold stores. `is_demo` marks rows of the reference data set that are illustrations,
 * not verified facts. Retired warehouses stay (members' warehouses may point at them) but are never listed.
 */
export const systemWarehouses = pgTable(
  'system_warehouses',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    operator: text('operator'),
    kind: text('kind').$type<WarehouseKind>().notNull(),
    capacityTonnes: numeric('capacity_tonnes', { precision: 12, scale: 1 }),
    services: text('services')
      .array()
      .$type<WarehouseService[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    phone: text('phone'),
    email: text('email'),
    note: text('note'),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    regionId: integer('region_id').references(() => regions.id),
    villageId: integer('village_id').references(() => villages.id),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [
    // The reference seed upserts by (country, title).
    uniqueIndex('system_warehouses_country_title_uq').on(t.countryId, t.title),
    // The public list's filters, each in the list's order (title, id).
    index('system_warehouses_country_idx').on(t.countryId, t.regionId, t.title, t.id).where(live),
    index('system_warehouses_kind_idx').on(t.kind, t.countryId, t.title, t.id).where(live),
    index('system_warehouses_village_idx')
      .on(t.villageId)
      .where(sql`retired_at is null and village_id is not null`),
    check(
      'system_warehouses_kind_ck',
      sql`kind in ('public_reserve_depot', 'village_store', 'cooperative_store', 'private_certified_warehouse', 'cold_store')`,
    ),
    check('system_warehouses_capacity_ck', sql`capacity_tonnes is null or capacity_tonnes >= 0`),
  ],
);

/**
 * A member's (or their company's) own warehouse, created from scratch or from a public one ("I store at this
 * depot"). Private: only the owner and their company's team read it.
 */
export const memberWarehouses = pgTable(
  'member_warehouses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    systemWarehouseId: integer('system_warehouse_id').references(() => systemWarehouses.id, {
      onDelete: 'set null',
    }),
    description: text('description'),
    address: text('address'),
    phone: text('phone'),
    email: text('email'),
    countryId: integer('country_id').references(() => countries.id),
    regionId: integer('region_id').references(() => regions.id),
    villageId: integer('village_id').references(() => villages.id),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('member_warehouses_user_idx').on(t.userId, t.id),
    index('member_warehouses_company_idx')
      .on(t.companyId, t.id)
      .where(sql`company_id is not null`),
    index('member_warehouses_system_idx')
      .on(t.systemWarehouseId)
      .where(sql`system_warehouse_id is not null`),
  ],
);

/** Stock kept in a member's warehouse: a category of any lot kind, a quantity in a unit, quality notes. */
export const memberWarehouseProducts = pgTable(
  'member_warehouse_products',
  {
    id: serial('id').primaryKey(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => memberWarehouses.id, { onDelete: 'cascade' }),
    /** The category's lot kind: categories are numbered per kind (schema/reference.ts). */
    categoryKind: text('category_kind').$type<CategoryKind>().notNull(),
    categoryId: integer('category_id').notNull(),
    quantity: numeric('quantity', { precision: 14, scale: 2 }).notNull(),
    perUnitId: integer('per_unit_id')
      .notNull()
      .references(() => perUnits.id),
    qualityNotes: text('quality_notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'member_warehouse_products_category_fk',
      columns: [t.categoryKind, t.categoryId],
      foreignColumns: [categories.kind, categories.id],
    }),
    index('member_warehouse_products_warehouse_idx').on(t.warehouseId, t.id),
    check('member_warehouse_products_quantity_ck', sql`quantity >= 0`),
  ],
);
