import { eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { memberWarehouseProducts } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { requireEditableWarehouse } from './access';

/** A product of a warehouse `userId` may change; another's (or none) is a 404. */
export async function findEditableProduct(db: Executor, userId: number, id: number) {
  const [product] = await db
    .select({ id: memberWarehouseProducts.id, warehouseId: memberWarehouseProducts.warehouseId })
    .from(memberWarehouseProducts)
    .where(eq(memberWarehouseProducts.id, id));
  if (!product) throw new AppError('not_found', 'errors.not_found');
  await requireEditableWarehouse(db, userId, product.warehouseId);
  return product;
}
