import { and, eq } from 'drizzle-orm';
import type { PriceAlertInput } from '~/features/statistics/alerts';
import type { Executor } from '~/server/db';
import { priceAlerts } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { priceAlertValues } from './price-alert-values';

/**
 * Changes one of the member's alerts and turns it on again (an alert stopped by its unsubscribe link is started
 * again by saving it); another member's, or none, is a 404.
 */
export async function updatePriceAlert(
  db: Executor,
  userId: number,
  id: number,
  input: PriceAlertInput,
): Promise<void> {
  const values = await priceAlertValues(db, userId, input);
  const [row] = await db
    .update(priceAlerts)
    .set({ ...values, active: true, updatedAt: new Date() })
    .where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId)))
    .returning({ id: priceAlerts.id });
  if (!row) throw new AppError('not_found', 'price_alerts.not_found');
}
