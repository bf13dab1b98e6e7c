import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { AppError } from '~/server/errors';
import { activeProduct, type FinanceProductView, selectFinanceProducts } from './finance-product-view';

/** One active product in the reader's language; an unknown or withdrawn one is a 404. */
export async function readFinanceProduct(db: Executor, id: number, locale: Locale): Promise<FinanceProductView> {
  const [product] = await selectFinanceProducts(db, locale, activeProduct(id));
  if (!product) throw new AppError('not_found', 'financing.product_not_found');
  return product;
}
