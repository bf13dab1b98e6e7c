import { and, eq, sql } from 'drizzle-orm';
import type { ProductFilter } from '~/features/financing/schemas';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { financeProducts } from '~/server/db/schema';
import { type FinanceProductView, selectFinanceProducts } from './finance-product-view';

/** The active products, filtered by purpose and by a country they serve, in the reader's language. */
export async function listFinanceProducts(
  db: Executor,
  filter: ProductFilter,
  locale: Locale,
): Promise<FinanceProductView[]> {
  return selectFinanceProducts(
    db,
    locale,
    and(
      eq(financeProducts.isActive, true),
      filter.purpose ? eq(financeProducts.purpose, filter.purpose) : undefined,
      filter.country_id ? sql`${filter.country_id}::integer = any(${financeProducts.countryIds})` : undefined,
    ),
  );
}
