import { and, eq } from 'drizzle-orm';
import { OFFER_STATUS } from '~/features/deals/constants';
import { isInDeal } from '~/features/lots/owner-actions';
import type { Database, Executor } from '~/server/db';
import { lots, memberWarehouses, offers } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { requireEditableWarehouse } from './access';

/**
 * Whether a lot placed at the warehouse is in a running deal: an approved offer (a booking included), as
 * isInDeal counts it. Offers still waiting for an answer (created) do not hold the warehouse: nothing is agreed yet.
 */
async function warehouseHasRunningDeal(tx: Executor, warehouseId: number): Promise<boolean> {
  const [running] = await tx
    .select({ id: offers.id })
    .from(offers)
    .innerJoin(lots, eq(lots.id, offers.lotId))
    .where(and(eq(lots.warehouseId, warehouseId), eq(offers.status, OFFER_STATUS.approved)))
    .limit(1);
  return running !== undefined;
}

/**
 * Deletes a warehouse with its products (the owner or an administrator of its company; a stranger's is a 404).
 * Refused (409 `warehouses.in_running_deal`) while a lot placed at it is in a running deal; its other lots stay,
 * no longer placed at a warehouse (they keep their point and place).
 */
export async function deleteMemberWarehouse(db: Database, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await requireEditableWarehouse(tx, userId, id, { lock: true });
    if (isInDeal({ hasRunningDeal: await warehouseHasRunningDeal(tx, id) }))
      throw new AppError('warehouses.in_running_deal', 'warehouses.in_running_deal');
    await tx.delete(memberWarehouses).where(eq(memberWarehouses.id, id));
  });
}
