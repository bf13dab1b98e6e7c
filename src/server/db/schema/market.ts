import { bigint, date, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { currencies, perUnits, regions } from './reference';

/**
 * Observed market prices of crops (board categories) in a region's market, in that market's currency and
 * unit. The home page shows the latest ones; price indices build on them. `source` says where a price came
 * from: 'demo' marks the generated demo data set.
 */
export const marketPrices = pgTable(
  'market_prices',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id').notNull(),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    unitId: integer('unit_id')
      .notNull()
      .references(() => perUnits.id),
    /** Price per unit in minor units of the currency. */
    priceMinor: bigint('price_minor', { mode: 'number' }).notNull(),
    observedOn: date('observed_on').notNull(),
    source: text('source').notNull(),
  },
  (t) => [
    index('market_prices_series_idx').on(t.categoryId, t.regionId, t.observedOn),
    index('market_prices_observed_idx').on(t.observedOn),
  ],
);
