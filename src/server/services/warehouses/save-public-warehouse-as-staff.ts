import { eq } from 'drizzle-orm';
import type { Database } from '~/server/db';
import { systemWarehouses } from '~/server/db/schema';
import { type StaffActor, requireCapability } from '~/server/services/admin/access';
import { recordAudit } from '~/server/services/admin/record-audit';
import { createPublicWarehouse } from './create-public-warehouse';
import { updatePublicWarehouse } from './update-public-warehouse';

/**
 * The back office's add and change of a public warehouse (docs/backoffice.md "Reference data"): the services the
 * admin command uses (createPublicWarehouse, updatePublicWarehouse, same rules and errors), with the capability
 * check and an audit row in the same transaction. `id` undefined adds one.
 */
export async function savePublicWarehouseAsStaff(
  db: Database,
  actor: StaffActor,
  id: number | undefined,
  input: Record<string, unknown>,
): Promise<{ id: number }> {
  requireCapability(actor, 'reference');
  return db.transaction(async (tx) => {
    const inner = tx as unknown as Database;
    const read = async (warehouseId: number) =>
      (await tx.select().from(systemWarehouses).where(eq(systemWarehouses.id, warehouseId)))[0] ?? null;
    const before = id === undefined ? null : await read(id);
    const saved =
      id === undefined ? await createPublicWarehouse(inner, input) : await updatePublicWarehouse(inner, id, input);
    await recordAudit(tx, actor, {
      action: id === undefined ? 'reference.warehouse_add' : 'reference.warehouse_update',
      objectType: 'system_warehouse',
      objectId: saved.id,
      before,
      after: await read(saved.id),
    });
    return saved;
  });
}
