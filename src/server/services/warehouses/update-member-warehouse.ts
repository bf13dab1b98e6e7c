import { and, eq, sql } from 'drizzle-orm';
import { OFFER_STATUS } from '~/features/deals/constants';
import { forgetLotCounts } from '~/server/cache/lot-counts';
import type { WarehouseUpdateInput } from '~/features/warehouses/schemas';
import type { Database } from '~/server/db';
import { lots, memberWarehouses, offers } from '~/server/db/schema';
import { assertOwnCompany, requireEditableWarehouse } from './access';
import { checkWarehousePlace } from './check-warehouse-place';
import { priceCellsOfLots, refreshPriceCells } from '~/server/services/statistics/refresh-price-cells';

/**
 * Changes a warehouse (the owner or an administrator of its company; a stranger's is a 404). Every field is
 * written: a blank optional one is cleared. The lots placed at it follow its new place (save-lot.ts), except a
 * lot in a running deal, which keeps its terms (docs/deals.md).
 */
export async function updateMemberWarehouse(db: Database, userId: number, input: WarehouseUpdateInput): Promise<void> {
  const place = await checkWarehousePlace(db, input);
  await db.transaction(async (tx) => {
    const warehouse = await requireEditableWarehouse(tx, userId, input.id, { lock: true });
    // Only the owner chooses the company a warehouse is kept for; an administrator keeps it where it is.
    const companyId = warehouse.userId === userId ? (input.company_id ?? null) : warehouse.companyId;
    if (warehouse.userId === userId) await assertOwnCompany(tx, userId, input.company_id);
    await tx
      .update(memberWarehouses)
      .set({
        companyId,
        description: input.description,
        address: input.address ?? null,
        phone: input.phone ?? null,
        email: input.email ?? null,
        ...place,
        updatedAt: new Date(),
      })
      .where(eq(memberWarehouses.id, input.id));
    const placed = (await tx.select({ id: lots.id }).from(lots).where(eq(lots.warehouseId, input.id))).map((r) => r.id);
    const before = await priceCellsOfLots(tx, placed);
    await tx
      .update(lots)
      .set({
        countryId: place.countryId ?? undefined,
        regionId: place.regionId,
        villageId: place.villageId,
        latitude: place.latitude,
        longitude: place.longitude,
      })
      .where(
        and(
          eq(lots.warehouseId, input.id),
          sql`not exists (select 1 from ${offers} where ${offers.lotId} = ${lots.id} and ${offers.status} = ${OFFER_STATUS.approved})`,
        ),
      );
    await refreshPriceCells(tx, [...before, ...(await priceCellsOfLots(tx, placed))]);
  });
  forgetLotCounts();
}
