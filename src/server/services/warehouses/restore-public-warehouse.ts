import { eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { systemWarehouses } from '~/server/db/schema';
import { AppError } from '~/server/errors';

/** Brings a retired public warehouse back on the map and lists (`npm run admin -- warehouse-restore`). 404 if unknown. */
export async function restorePublicWarehouse(db: Executor, id: number): Promise<{ id: number }> {
  const [row] = await db
    .update(systemWarehouses)
    .set({ retiredAt: null, updatedAt: new Date() })
    .where(eq(systemWarehouses.id, id))
    .returning({ id: systemWarehouses.id });
  if (!row) throw new AppError('not_found', 'errors.not_found');
  return row;
}
