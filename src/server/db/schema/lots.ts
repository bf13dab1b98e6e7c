import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { LotKind, LotStatus, LotType } from '~/features/lots/constants';
import { users } from './accounts';
import { countries, currencies, perUnits, regions, villages } from './reference';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Every lot of every kind (board crops, seeds, fertilizer, machinery) in one table (docs/lots.md). Kind-specific
 * fields live in `details`, typed per kind by src/features/lots/schemas.ts. Money is integer minor units of
 * `currency_id`; volumes have two decimals. `search` is the full-text document (title, crop and category names
 * in the three languages, description), written by the service on every save.
 */
export const lots = pgTable(
  'lots',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<LotKind>().notNull(),
    type: text('type').$type<LotType>().notNull(),
    status: text('status').$type<LotStatus>().notNull().default('active'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    volume: numeric('volume', { precision: 14, scale: 2 }).notNull(),
    minVolume: numeric('min_volume', { precision: 14, scale: 2 }),
    maxVolume: numeric('max_volume', { precision: 14, scale: 2 }),
    /** Volume held by approved deals (docs/deals.md): what remains on offer is `volume - reserved_volume`. */
    reservedVolume: numeric('reserved_volume', { precision: 14, scale: 2 }).notNull().default('0'),
    perUnitId: integer('per_unit_id')
      .notNull()
      .references(() => perUnits.id),
    priceMinor: bigint('price_minor', { mode: 'number' }).notNull(),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    /** The price in US cents at the rate of the day it was saved: lets catalogues sort and filter across currencies. */
    priceUsdCents: bigint('price_usd_cents', { mode: 'number' }).notNull(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    regionId: integer('region_id').references(() => regions.id),
    villageId: integer('village_id').references(() => villages.id),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    address: text('address'),
    organic: boolean('organic').notNull().default(false),
    wholesaleOnly: boolean('wholesale_only').notNull().default(false),
    deliveryPricePerKmMinor: bigint('delivery_price_per_km_minor', { mode: 'number' }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    photoCount: smallint('photo_count').notNull().default(0),
    search: tsvector('search'),
    /** The closed lot this one was re-added from. */
    copiedFromId: integer('copied_from_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Catalogue queries: one kind's active lots, newest first or by price, narrowed by one filter.
    index('lots_catalogue_created_idx').on(t.kind, t.status, t.createdAt.desc(), t.id.desc()),
    index('lots_catalogue_price_idx').on(t.kind, t.status, t.priceUsdCents, t.id),
    index('lots_catalogue_category_idx').on(t.kind, t.status, t.categoryId, t.createdAt.desc()),
    index('lots_catalogue_region_idx').on(t.kind, t.status, t.regionId, t.createdAt.desc()),
    index('lots_catalogue_country_idx').on(t.kind, t.status, t.countryId, t.createdAt.desc()),
    index('lots_catalogue_type_idx').on(t.kind, t.status, t.type, t.createdAt.desc()),
    index('lots_user_idx').on(t.userId, t.kind, t.createdAt.desc()),
    index('lots_search_idx').using('gin', t.search),
    index('lots_geo_idx')
      .on(t.kind, t.status)
      .where(sql`latitude is not null`),
    // The usual price of a category on the market (services/lots/price-plausibility.ts): the group's prices in order.
    index('lots_price_group_idx')
      .on(t.kind, t.categoryId, t.perUnitId, t.currencyId, t.type, t.priceMinor, t.id)
      .where(sql`status in ('active', 'in_process')`),
  ],
);

export const lotPhotos = pgTable(
  'lot_photos',
  {
    id: serial('id').primaryKey(),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    /** Storage key prefix; files are `<key>-<width>.webp` for each of LOT_PHOTO_WIDTHS. */
    storageKey: text('storage_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    position: smallint('position').notNull(),
  },
  (t) => [index('lot_photos_lot_idx').on(t.lotId, t.position)],
);

/** Photos uploaded before their lot is saved; claimed by create/update, purged after a day otherwise. */
export const lotPhotoUploads = pgTable('lot_photo_uploads', {
  storageKey: text('storage_key').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const lotFavorites = pgTable(
  'lot_favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lotId] }), index('lot_favorites_lot_idx').on(t.lotId)],
);
