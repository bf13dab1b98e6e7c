import type { Locale } from '../../i18n/config';
import { formatMoney } from '../../i18n/format';

/** One currency's line of a money card (listMoneyDue in src/server/services/deals/cabinet.ts). */
export interface MoneyDue {
  currency_id: number;
  currency: string;
  decimals: number;
  /** The sum due, in major units of the currency (as every offer answer gives money). */
  amount: number;
  /** How many deals it adds up. */
  count: number;
}

/**
 * An amount in major units of a currency, written the way the rest of the site writes money. formatMoney
 * takes minor units (the stored integers); rounding to the currency's decimals first undoes the float
 * division that made the major-unit number.
 */
export function majorMoney(amount: number, currency: string, decimals: number, locale: Locale): string {
  return formatMoney(Math.round(amount * 10 ** decimals), { code: currency, decimals }, locale);
}
