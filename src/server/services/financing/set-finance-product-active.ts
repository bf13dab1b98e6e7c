import { eq } from 'drizzle-orm';
import type { Role } from '~/features/accounts/constants';
import type { Executor } from '~/server/db';
import { financeProducts } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { assertEditor } from './save-finance-product';

/**
 * Withdraws a product (no longer listed, no new applications; its applications stay) or offers it again. Editors
 * only.
 */
export async function setFinanceProductActive(db: Executor, user: { role: Role }, id: number, isActive: boolean) {
  assertEditor(user);
  const [row] = await db
    .update(financeProducts)
    .set({ isActive, updatedAt: new Date() })
    .where(eq(financeProducts.id, id))
    .returning({ id: financeProducts.id });
  if (!row) throw new AppError('not_found', 'financing.product_not_found');
  return { id: row.id, is_active: isActive };
}
