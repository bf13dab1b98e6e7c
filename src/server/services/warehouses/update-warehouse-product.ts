import { eq } from 'drizzle-orm';
import type { WarehouseProductInput } from '~/features/warehouses/schemas';
import type { Database } from '~/server/db';
import { memberWarehouseProducts } from '~/server/db/schema';
import { checkWarehouseProduct, productColumns } from './check-warehouse-product';
import { findEditableProduct } from './find-warehouse-product';

/** Changes a product of a warehouse `userId` may change (a stranger's is a 404). */
export async function updateWarehouseProduct(
  db: Database,
  userId: number,
  id: number,
  input: WarehouseProductInput,
): Promise<void> {
  await findEditableProduct(db, userId, id);
  await checkWarehouseProduct(db, input);
  await db
    .update(memberWarehouseProducts)
    .set({ ...productColumns(input), updatedAt: new Date() })
    .where(eq(memberWarehouseProducts.id, id));
}
