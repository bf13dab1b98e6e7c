import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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
import { companies } from './companies';
import { countries, currencies, perUnits, regions, villages } from './reference';
import { memberWarehouses } from './warehouses';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A lot on the market: what anyone may see in a catalogue (ON_MARKET_STATUSES in features/lots/constants.ts), neither
 * hidden by a moderator nor of a blocked member (docs/backoffice.md "Moderation"). onMarket() in
 * services/lots/lot-item.ts writes the same condition, so the partial indexes below serve its queries.
 */
const onMarket = sql`status in ('active', 'in_process') and hidden_at is null and owner_blocked_at is null`;

/** The columns catalogue filters read, kept in the catalogue indexes (see below). */
const marketFilterColumns = (t: {
  type: AnyPgColumn;
  categoryId: AnyPgColumn;
  regionId: AnyPgColumn;
  countryId: AnyPgColumn;
  organic: AnyPgColumn;
  latitude: AnyPgColumn;
  photoCount: AnyPgColumn;
}) => [t.type, t.categoryId, t.regionId, t.countryId, t.organic, t.latitude, t.photoCount] as const;

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
    /** Published for the owner's company (docs/companies.md "Company lots"); null: the owner's own. */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
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
    /** The owner's warehouse the lot is placed at (docs/warehouses.md); null: a place of its own. */
    warehouseId: integer('warehouse_id').references(() => memberWarehouses.id, { onDelete: 'set null' }),
    organic: boolean('organic').notNull().default(false),
    wholesaleOnly: boolean('wholesale_only').notNull().default(false),
    deliveryPricePerKmMinor: bigint('delivery_price_per_km_minor', { mode: 'number' }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    photoCount: smallint('photo_count').notNull().default(0),
    search: tsvector('search'),
    /** The closed lot this one was re-added from. */
    copiedFromId: integer('copied_from_id'),
    /** Hidden by a moderator, with the reason the owner is told (docs/backoffice.md "Moderation"). */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    hiddenBy: integer('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    /** The owner's one appeal against the hiding, and its outcome (`restored` or `upheld`). */
    appealText: text('appeal_text'),
    appealedAt: timestamp('appealed_at', { withTimezone: true }),
    appealOutcome: text('appeal_outcome').$type<'restored' | 'upheld'>(),
    appealDecidedAt: timestamp('appeal_decided_at', { withTimezone: true }),
    /** Set while the owner is blocked: the lot is off the market until they are unblocked. */
    ownerBlockedAt: timestamp('owner_blocked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Catalogue pages (services/lots/list-lots.ts; docs/lots.md "What a catalogue page costs"): lots on the market
    // of one kind in each sort order the catalogue offers. Partial on the on-market condition, so the index returns
    // rows in order (status has two on-market values: an index leading with it cannot). The filter columns follow
    // the unique id — they change no order — so a filtered page is an index-only scan that skips rows without
    // reading the table. Single-value filters that keep few rows (category, region) have their own order.
    index('lots_market_created_idx')
      .on(t.kind, t.createdAt, t.id, ...marketFilterColumns(t), t.priceUsdCents)
      .where(onMarket),
    index('lots_market_price_idx')
      .on(t.kind, t.priceUsdCents, t.id, ...marketFilterColumns(t))
      .where(onMarket),
    index('lots_market_volume_idx')
      .on(t.kind, t.volume, t.id, ...marketFilterColumns(t), t.priceUsdCents)
      .where(onMarket),
    index('lots_market_category_idx').on(t.kind, t.categoryId, t.createdAt, t.id).where(onMarket),
    index('lots_market_region_idx').on(t.kind, t.regionId, t.createdAt, t.id).where(onMarket),
    index('lots_company_idx')
      .on(t.companyId, t.createdAt)
      .where(sql`company_id is not null`),
    index('lots_user_idx').on(t.userId, t.kind, t.createdAt.desc()),
    index('lots_warehouse_idx')
      .on(t.warehouseId)
      .where(sql`warehouse_id is not null`),
    index('lots_search_idx').using('gin', t.search),
    index('lots_geo_idx')
      .on(t.kind, t.status)
      .where(sql`latitude is not null`),
    // The usual price of a category on the market (services/lots/price-plausibility.ts): the group's prices in order.
    index('lots_price_group_idx')
      .on(t.kind, t.categoryId, t.perUnitId, t.currencyId, t.type, t.priceMinor, t.id)
      .where(onMarket),
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
