import type { Executor } from '~/server/db';
import { exchangeRates } from '~/server/db/schema';

/** Writes one day's rate of a currency, replacing the one of that day if any. */
export async function storeExchangeRate(db: Executor, currencyId: number, asOf: string, perUsd: number): Promise<void> {
  await db
    .insert(exchangeRates)
    .values({ currencyId, asOf, perUsd: String(perUsd) })
    .onConflictDoUpdate({ target: [exchangeRates.currencyId, exchangeRates.asOf], set: { perUsd: String(perUsd) } });
}
