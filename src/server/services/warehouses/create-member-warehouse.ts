import type { WarehouseCreateInput } from '~/features/warehouses/schemas';
import type { Executor } from '~/server/db';
import { memberWarehouses } from '~/server/db/schema';
import { assertOwnCompany } from './access';
import { checkWarehousePlace } from './check-warehouse-place';

/** Creates a warehouse of `userId` (kept for their company when `company_id` names it); answers its id. */
export async function createMemberWarehouse(
  db: Executor,
  userId: number,
  input: WarehouseCreateInput,
): Promise<{ id: number }> {
  await assertOwnCompany(db, userId, input.company_id);
  const place = await checkWarehousePlace(db, input);
  const [row] = await db
    .insert(memberWarehouses)
    .values({
      userId,
      companyId: input.company_id ?? null,
      description: input.description,
      address: input.address ?? null,
      phone: input.phone ?? null,
      email: input.email ?? null,
      ...place,
    })
    .returning({ id: memberWarehouses.id });
  return row;
}
