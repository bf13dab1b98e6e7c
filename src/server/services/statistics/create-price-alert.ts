import { count, eq } from 'drizzle-orm';
import type { PriceAlertInput } from '~/features/statistics/alerts';
import type { Executor } from '~/server/db';
import { priceAlerts } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { priceAlertValues } from './price-alert-values';
import { newUnsubscribeToken } from './price-alert-token';

/** Alerts one member may keep. */
export const MAX_PRICE_ALERTS = 50;

/** A new price alert of the member (docs/statistics.md "Price alerts"), active; answers its id. */
export async function createPriceAlert(db: Executor, userId: number, input: PriceAlertInput): Promise<{ id: number }> {
  const values = await priceAlertValues(db, userId, input);
  const [{ n }] = await db.select({ n: count() }).from(priceAlerts).where(eq(priceAlerts.userId, userId));
  if (n >= MAX_PRICE_ALERTS) throw new AppError('conflict', 'price_alerts.too_many');
  const [row] = await db
    .insert(priceAlerts)
    .values({ userId, ...values, active: true, unsubscribeTokenHash: newUnsubscribeToken().hash })
    .returning({ id: priceAlerts.id });
  return row;
}
