import { eq } from 'drizzle-orm';
import type { Database } from '~/server/db';
import { memberWarehouseProducts } from '~/server/db/schema';
import { findEditableProduct } from './find-warehouse-product';

/** Removes a product of a warehouse `userId` may change (a stranger's is a 404). */
export async function deleteWarehouseProduct(db: Database, userId: number, id: number): Promise<void> {
  await findEditableProduct(db, userId, id);
  await db.delete(memberWarehouseProducts).where(eq(memberWarehouseProducts.id, id));
}
