import { count, eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { lots, marketPrices, memberWarehouseProducts, offers, priceDaily } from '~/server/db/schema';

/** How many rows point at a unit: lots, deals, warehouse products, market prices and statistics. */
export async function countUnitUses(db: Executor, id: number): Promise<number> {
  const n = async (query: Promise<{ n: number }[]>) => Number((await query)[0]?.n ?? 0);
  const counts = await Promise.all([
    n(db.select({ n: count() }).from(lots).where(eq(lots.perUnitId, id))),
    n(db.select({ n: count() }).from(offers).where(eq(offers.perUnitId, id))),
    n(db.select({ n: count() }).from(memberWarehouseProducts).where(eq(memberWarehouseProducts.perUnitId, id))),
    n(db.select({ n: count() }).from(marketPrices).where(eq(marketPrices.unitId, id))),
    n(db.select({ n: count() }).from(priceDaily).where(eq(priceDaily.unitId, id))),
  ]);
  return counts.reduce((a, b) => a + b, 0);
}
