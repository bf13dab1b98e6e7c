import { count, countDistinct, eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { memberWarehouseProducts, memberWarehouses } from '~/server/db/schema';
import { readableBy } from './access';

/**
 * The cabinet card `warehouse`: how many warehouses `userId` may read (their own and their company's, the list's
 * rule: access.ts readableBy) and how many lines of stock those hold.
 */
export async function countMemberStock(
  db: Executor,
  userId: number,
): Promise<{ warehouses: number; products: number }> {
  const [row] = await db
    .select({ warehouses: countDistinct(memberWarehouses.id), products: count(memberWarehouseProducts.id) })
    .from(memberWarehouses)
    .leftJoin(memberWarehouseProducts, eq(memberWarehouseProducts.warehouseId, memberWarehouses.id))
    .where(readableBy(userId));
  return { warehouses: Number(row?.warehouses ?? 0), products: Number(row?.products ?? 0) };
}
