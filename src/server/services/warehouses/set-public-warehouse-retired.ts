import type { Database } from '~/server/db';
import { type StaffActor, requireCapability } from '~/server/services/admin/access';
import { recordAudit } from '~/server/services/admin/record-audit';
import { restorePublicWarehouse } from './restore-public-warehouse';
import { retirePublicWarehouse } from './retire-public-warehouse';

/** Retires a public warehouse or brings it back, from the back office (retirePublicWarehouse / restore…). Audited. */
export async function setPublicWarehouseRetired(
  db: Database,
  actor: StaffActor,
  id: number,
  retired: boolean,
): Promise<void> {
  requireCapability(actor, 'reference');
  await db.transaction(async (tx) => {
    if (retired) await retirePublicWarehouse(tx, id);
    else await restorePublicWarehouse(tx, id);
    await recordAudit(tx, actor, {
      action: retired ? 'reference.warehouse_retire' : 'reference.warehouse_restore',
      objectType: 'system_warehouse',
      objectId: id,
      after: { retired },
    });
  });
}
