import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * Price statistics (docs/statistics.md). `price_daily` holds one row per series, crop (board category), country,
 * region, original unit, source and day (UTC): the observations of that day, their prices normalised to US dollars
 * per kilogram (mass units) or per the unit itself (crates, bunches…), at the exchange rate of that day. Sums and
 * prices are numerics without a size limit: a confirmed outlier price never stops its cell from being written. Charts read
 * only this table, never raw offers or lots; each change of a deal, lot or imported price recomputes its day's
 * cell (services/statistics/refresh-price-cells.ts), and a full recomputation gives the same rows.
 */
export const priceDaily = pgTable(
  'price_daily',
  {
    /** 'traded' (deals that reached approval), 'asked' (lots put on the market), 'reference' (imported prices). */
    series: text('series').$type<'traded' | 'asked' | 'reference'>().notNull(),
    categoryId: integer('category_id').notNull(),
    countryId: integer('country_id').notNull(),
    /** 0: a lot without a region. */
    regionId: integer('region_id').notNull(),
    /** The unit the prices were given in (a 90 kg bag, a crate…); the basis is kg when it has a mass. */
    unitId: integer('unit_id').notNull(),
    /** Where reference prices came from ('KAMIS', 'demo'…); '' for Mavuno's own deals and lots. */
    source: text('source').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** 'kg' when the unit has a mass, else 'unit'. */
    basis: text('basis').$type<'kg' | 'unit'>().notNull(),
    /** Observations: deals, lots or imported prices. */
    n: integer('n').notNull(),
    /** Quantity in the basis (kg or units); 0 for imported prices, which carry none. */
    volume: numeric('volume').notNull(),
    /** Σ price × quantity, US dollars (the volume-weighted mean is value / volume). */
    valueUsd: numeric('value_usd').notNull(),
    /** Σ price, US dollars per basis (the plain mean is price_sum_usd / n). */
    priceSumUsd: numeric('price_sum_usd').notNull(),
    minUsd: numeric('min_usd').notNull(),
    maxUsd: numeric('max_usd').notNull(),
    p25Usd: numeric('p25_usd').notNull(),
    medianUsd: numeric('median_usd').notNull(),
    p75Usd: numeric('p75_usd').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'price_daily_pk',
      columns: [t.series, t.categoryId, t.countryId, t.regionId, t.unitId, t.source, t.day],
    }),
    index('price_daily_category_day_idx').on(t.categoryId, t.day),
    index('price_daily_day_idx').on(t.day),
  ],
);

export const PRICE_ALERT_KINDS = ['above', 'below', 'move'] as const;
export type PriceAlertKind = (typeof PRICE_ALERT_KINDS)[number];

/**
 * Members' price alerts (docs/statistics.md "Price alerts"): on a crop (and optionally a region), a price above or
 * below a threshold (minor units of `currency_id`, per kg or per the crop's unit), or a move of more than
 * `move_percent` in a week. `unsubscribe_token_hash` is the SHA-256 of the one-click unsubscribe link's token.
 */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').notNull(),
    regionId: integer('region_id'),
    kind: text('kind').$type<PriceAlertKind>().notNull(),
    thresholdMinor: bigint('threshold_minor', { mode: 'number' }),
    currencyId: integer('currency_id').notNull(),
    movePercent: smallint('move_percent'),
    byEmail: boolean('by_email').notNull().default(true),
    bySms: boolean('by_sms').notNull().default(false),
    active: boolean('active').notNull().default(true),
    unsubscribeTokenHash: text('unsubscribe_token_hash').notNull(),
    /** The day (UTC) it last fired: at most once a day. */
    lastFiredOn: date('last_fired_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('price_alerts_user_idx').on(t.userId, t.createdAt),
    index('price_alerts_category_idx')
      .on(t.categoryId)
      .where(sql`active`),
    uniqueIndex('price_alerts_token_uq').on(t.unsubscribeTokenHash),
  ],
);
