import { asc, eq } from 'drizzle-orm';
import type { Role } from '~/features/accounts/constants';
import type { Executor } from '~/server/db';
import { financeProducts, financeProviders } from '~/server/db/schema';
import { assertEditor } from './save-finance-product';

/** Every product, withdrawn ones included, with all its languages, and every provider: the desk's view (editors only). */
export async function listDeskFinanceProducts(db: Executor, user: { role: Role }) {
  assertEditor(user);
  const [products, providers] = await Promise.all([
    db
      .select({ product: financeProducts, provider: financeProviders.name })
      .from(financeProducts)
      .innerJoin(financeProviders, eq(financeProviders.id, financeProducts.providerId))
      .orderBy(asc(financeProducts.id)),
    db.select().from(financeProviders).orderBy(asc(financeProviders.name)),
  ]);
  return { products, providers };
}
