import { and, eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { priceAlerts } from '~/server/db/schema';
import { AppError } from '~/server/errors';

/** Deletes one of the member's alerts; another member's, or none, is a 404. */
export async function deletePriceAlert(db: Executor, userId: number, id: number): Promise<void> {
  const [row] = await db
    .delete(priceAlerts)
    .where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId)))
    .returning({ id: priceAlerts.id });
  if (!row) throw new AppError('not_found', 'price_alerts.not_found');
}
