import type { WarehouseProductInput } from '~/features/warehouses/schemas';
import type { Database } from '~/server/db';
import { memberWarehouseProducts } from '~/server/db/schema';
import { requireEditableWarehouse } from './access';
import { checkWarehouseProduct, productColumns } from './check-warehouse-product';

/** Adds a product to a warehouse `userId` may change (a stranger's is a 404); answers its id. */
export async function addWarehouseProduct(
  db: Database,
  userId: number,
  warehouseId: number,
  input: WarehouseProductInput,
): Promise<{ id: number }> {
  await requireEditableWarehouse(db, userId, warehouseId);
  await checkWarehouseProduct(db, input);
  const [row] = await db
    .insert(memberWarehouseProducts)
    .values({ warehouseId, ...productColumns(input) })
    .returning({ id: memberWarehouseProducts.id });
  return row;
}
