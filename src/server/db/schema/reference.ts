import {
  boolean,
  char,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Countries of the world; names come from CLDR (Intl.DisplayNames) in the three interface languages. */
export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  code: char('code', { length: 2 }).notNull().unique(),
  nameEn: text('name_en').notNull(),
  nameSw: text('name_sw').notNull(),
  nameFr: text('name_fr').notNull(),
});

/**
 * First-level administrative divisions (counties, regions, states, provinces). `name` is the official name (in
 * English, or French in francophone countries); `name_sw` and `name_fr` are set only where the name is translated
 * in that language ("Far North" is "Extrême-Nord" in French, "Kaskazini ya Mbali" in Swahili), null where it is the
 * same proper noun in every language (src/server/db/localized.ts `regionNameIn`).
 */
export const regions = pgTable(
  'regions',
  {
    id: serial('id').primaryKey(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    name: text('name').notNull(),
    nameSw: text('name_sw'),
    nameFr: text('name_fr'),
    latitude: real('latitude'),
    longitude: real('longitude'),
  },
  (t) => [uniqueIndex('regions_country_name_uq').on(t.countryId, t.name)],
);

/** Villages, towns and market centres within a region. */
export const villages = pgTable(
  'villages',
  {
    id: serial('id').primaryKey(),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id),
    name: text('name').notNull(),
    latitude: real('latitude'),
    longitude: real('longitude'),
  },
  (t) => [uniqueIndex('villages_region_name_uq').on(t.regionId, t.name)],
);

/** Currencies with stable ids (id 3 is the default currency). `decimals` is the number of minor-unit digits. */
export const currencies = pgTable('currencies', {
  id: integer('id').primaryKey(),
  code: char('code', { length: 3 }).notNull().unique(),
  symbol: text('symbol').notNull(),
  decimals: smallint('decimals').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  sortOrder: smallint('sort_order').notNull().default(0),
});

/** Indicative exchange rates: units of the currency for one US dollar, by date. */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: serial('id').primaryKey(),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    perUsd: numeric('per_usd', { precision: 18, scale: 6 }).notNull(),
    asOf: date('as_of').notNull(),
  },
  (t) => [uniqueIndex('exchange_rates_currency_date_uq').on(t.currencyId, t.asOf)],
);

export const CATEGORY_KINDS = ['board', 'seed', 'fertilizer', 'technic'] as const;
export type CategoryKind = (typeof CATEGORY_KINDS)[number];

/** One category tree per lot kind, in one table, as the four kinds share one lots table (docs/lots.md). */
export const categories = pgTable(
  'categories',
  {
    kind: text('kind').$type<CategoryKind>().notNull(),
    id: integer('id').notNull(),
    parentId: integer('parent_id'),
    slug: text('slug').notNull(),
    nameEn: text('name_en').notNull(),
    nameSw: text('name_sw').notNull(),
    nameFr: text('name_fr').notNull(),
    sortOrder: smallint('sort_order').notNull().default(0),
    /** Retired by the back office: no longer offered for new lots; lots that use it keep it (never deleted in use). */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'categories_pk', columns: [t.kind, t.id] }),
    uniqueIndex('categories_kind_slug_uq').on(t.kind, t.slug),
    index('categories_kind_parent_idx').on(t.kind, t.parentId),
  ],
);

/** Units a price or a volume is given in, flagged for the lot kinds they suit. */
export const perUnits = pgTable('per_units', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  nameEn: text('name_en').notNull(),
  nameSw: text('name_sw').notNull(),
  nameFr: text('name_fr').notNull(),
  shortEn: text('short_en').notNull(),
  shortSw: text('short_sw').notNull(),
  shortFr: text('short_fr').notNull(),
  forBoard: boolean('for_board').notNull().default(false),
  forSeed: boolean('for_seed').notNull().default(false),
  forFertilizer: boolean('for_fertilizer').notNull().default(false),
  forMachinery: boolean('for_machinery').notNull().default(false),
  /** Kilograms in one unit (1 for kg, 90 for a 90 kg bag); null for units without a fixed mass (crate, bunch…). */
  kgPerUnit: numeric('kg_per_unit', { precision: 12, scale: 6 }),
  sortOrder: smallint('sort_order').notNull().default(0),
  /** Retired by the back office: no longer offered for new lots; lots that use it keep it. */
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});
