import { publicWarehouseInput } from '~/features/warehouses/public-warehouse-input';
import type { Database } from '~/server/db';
import { systemWarehouses } from '~/server/db/schema';
import { parseInput } from '~/server/api/validate';
import { assertTitleFree, publicWarehouseValues } from './public-warehouse-values';

/**
 * Adds a public warehouse (`npm run admin -- warehouse-add`): a real one, `is_demo` false. The input is checked
 * with publicWarehouseInput; an unknown place or a title the country already has is a `validation_failed`.
 */
export async function createPublicWarehouse(db: Database, raw: unknown): Promise<{ id: number }> {
  const input = parseInput(publicWarehouseInput, raw);
  return db.transaction(async (tx) => {
    const values = await publicWarehouseValues(tx, input);
    await assertTitleFree(tx, values.countryId, values.title);
    const [row] = await tx
      .insert(systemWarehouses)
      .values({ ...values, isDemo: false })
      .returning({ id: systemWarehouses.id });
    return row;
  });
}
