import type { MessageKey, MessageVars } from '~/i18n/t';

/**
 * Currencies whose everyday prices have no minor unit: their coins below one unit are gone or never used in
 * trade, so a price is a whole number of shillings or francs even where ISO 4217 (and the `currencies` table)
 * gives the currency two decimals (the Tanzanian shilling, the Congolese franc, the Malagasy ariary, the Somali
 * shilling). Amounts in them are shown without decimals and prices are typed without them (docs/decisions.md).
 */
export const WHOLE_UNIT_CURRENCIES: ReadonlySet<string> = new Set([
  'BIF', // Burundian franc
  'CDF', // Congolese franc
  'DJF', // Djiboutian franc
  'GNF', // Guinean franc
  'KMF', // Comorian franc
  'MGA', // Malagasy ariary
  'RWF', // Rwandan franc
  'SOS', // Somali shilling
  'TZS', // Tanzanian shilling
  'UGX', // Ugandan shilling
  'XAF', // Central African CFA franc
  'XOF', // West African CFA franc
]);

export interface MoneyCurrency {
  code: string;
  /** Digits of the minor unit the amounts are stored in (`currencies.decimals`). */
  decimals: number;
}

export const isWholeUnitCurrency = (code: string) => WHOLE_UNIT_CURRENCIES.has(code.toUpperCase());

/** At most two decimals, exact for any amount a double holds to the cent (555490948.68 included). */
export const hasDecimals = (value: number, decimals: number) => Number(value.toFixed(decimals)) === value;

/** Digits a price in this currency may have after the decimal mark: none for a whole-unit currency, else the currency's own. */
export function priceDecimals(currency: MoneyCurrency): number {
  return isWholeUnitCurrency(currency.code) ? 0 : currency.decimals;
}

/**
 * Digits an amount is shown with: none for a whole amount of a whole-unit currency ("TZS 72,000"), else the
 * currency's own, so a computed total that does carry cents ("TZS 3,200.25") is never rounded on screen.
 */
export function shownDecimals(currency: MoneyCurrency, amount: number): number {
  return isWholeUnitCurrency(currency.code) && Number.isInteger(amount) ? 0 : currency.decimals;
}

/** Why a price does not fit its currency (cents in a whole-unit currency, more decimals than it has), or null. */
export function priceDecimalsProblem(
  value: number,
  currency: MoneyCurrency,
): { key: MessageKey; vars?: MessageVars } | null {
  const decimals = priceDecimals(currency);
  if (hasDecimals(value, decimals)) return null;
  if (decimals === 0) return { key: 'validation.whole_amount', vars: { currency: currency.code } };
  return decimals === 2
    ? { key: 'validation.two_decimals' }
    : { key: 'validation.max_decimals', vars: { max: decimals } };
}
