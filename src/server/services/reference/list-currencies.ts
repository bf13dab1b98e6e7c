import { asc, desc, eq } from 'drizzle-orm';
import type { Locale } from '~/i18n/config';
import { LOCALE_META } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { currencies, exchangeRates } from '~/server/db/schema';
import { DEFAULT_CURRENCY_ID } from '~/features/accounts/constants';

export interface CurrencyOption {
  id: number;
  code: string;
  symbol: string;
  name: string;
  decimals: number;
  is_default: boolean;
  /** Indicative units of this currency per US dollar, and the day of that rate. */
  per_usd: string | null;
  rate_date: string | null;
}

/** Active currencies with their latest indicative rate, names from CLDR in the caller's language. */
export async function listCurrencies(db: Executor, locale: Locale): Promise<CurrencyOption[]> {
  const rows = await db
    .selectDistinctOn([currencies.sortOrder, currencies.id], {
      id: currencies.id,
      code: currencies.code,
      symbol: currencies.symbol,
      decimals: currencies.decimals,
      perUsd: exchangeRates.perUsd,
      asOf: exchangeRates.asOf,
    })
    .from(currencies)
    .leftJoin(exchangeRates, eq(exchangeRates.currencyId, currencies.id))
    .where(eq(currencies.isActive, true))
    .orderBy(asc(currencies.sortOrder), asc(currencies.id), desc(exchangeRates.asOf));
  const names = new Intl.DisplayNames([LOCALE_META[locale].intl], { type: 'currency' });
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    symbol: row.symbol,
    name: names.of(row.code) ?? row.code,
    decimals: row.decimals,
    is_default: row.id === DEFAULT_CURRENCY_ID,
    per_usd: row.perUsd,
    rate_date: row.asOf,
  }));
}
