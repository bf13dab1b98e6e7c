import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { memberWarehouses, systemWarehouses } from '~/server/db/schema';

/** What a lot shows of the warehouse it is placed at (docs/warehouses.md "Lots placed at a warehouse"). */
export interface WarehouseSummary {
  id: number;
  description: string | null;
  address: string | null;
  system_warehouse_id: number | null;
  /** The public warehouse's title while it is live, else null (then no link to it is shown). */
  system_warehouse_title: string | null;
}

/** Members' warehouses by id, in one query: what lot cards and pages show of `lots.warehouse_id`. */
export async function warehousesByIds(db: Executor, ids: number[]): Promise<Map<number, WarehouseSummary>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: memberWarehouses.id,
      description: memberWarehouses.description,
      address: memberWarehouses.address,
      system_warehouse_id: memberWarehouses.systemWarehouseId,
      system_warehouse_title: sql<
        string | null
      >`case when ${systemWarehouses.retiredAt} is null then ${systemWarehouses.title} end`,
    })
    .from(memberWarehouses)
    .leftJoin(systemWarehouses, eq(systemWarehouses.id, memberWarehouses.systemWarehouseId))
    .where(inArray(memberWarehouses.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}
