import { desc, eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { exchangeRates } from '~/server/db/schema';
import { AppError } from '~/server/errors';

/**
 * A lot's reference price in US cents (`lots.price_usd_cents`, what the catalogue sorts and filters by) is its
 * price at the latest indicative rate of its currency. One rule everywhere: a currency without a rate is refused
 * (never priced as if it were dollars).
 */

/** Units of a currency per US dollar at its latest rate; a currency without a rate is refused (invalid `currency_id`). */
export async function latestPerUsd(db: Executor, currencyId: number): Promise<number> {
  const [rate] = await db
    .select({ perUsd: exchangeRates.perUsd })
    .from(exchangeRates)
    .where(eq(exchangeRates.currencyId, currencyId))
    .orderBy(desc(exchangeRates.asOf))
    .limit(1);
  const perUsd = rate ? Number(rate.perUsd) : NaN;
  if (!(perUsd > 0))
    throw new AppError('validation_failed', 'errors.validation_failed', {
      fields: { currency_id: [{ key: 'validation.invalid_option' }] },
    });
  return perUsd;
}

/** An amount of a currency in whole US cents, at `perUsd` units of it per dollar. */
export function toUsdCents(amount: number, perUsd: number): number {
  return Math.round((amount / perUsd) * 100);
}
