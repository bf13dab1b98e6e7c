import { eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { systemWarehouses } from '~/server/db/schema';
import { AppError } from '~/server/errors';

/**
 * Retires a public warehouse (`npm run admin -- warehouse-retire`): it stays, since members' warehouses may point
 * at it, but is no longer listed, shown or searched. Retiring a retired one keeps its first date. 404 if unknown.
 */
export async function retirePublicWarehouse(db: Executor, id: number): Promise<{ id: number; retired_at: Date }> {
  const [row] = await db
    .select({ retiredAt: systemWarehouses.retiredAt })
    .from(systemWarehouses)
    .where(eq(systemWarehouses.id, id));
  if (!row) throw new AppError('not_found', 'errors.not_found');
  if (row.retiredAt) return { id, retired_at: row.retiredAt };
  const retiredAt = new Date();
  await db.update(systemWarehouses).set({ retiredAt, updatedAt: retiredAt }).where(eq(systemWarehouses.id, id));
  return { id, retired_at: retiredAt };
}
