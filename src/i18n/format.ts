import { shownDecimals } from '~/features/numbers/money';
import { LOCALE_META, type Locale } from './config';

/** Locale-aware formatting with Intl. Money is kept in integer minor units and formatted only for display. */
export function formatNumber(value: number, locale: Locale, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(LOCALE_META[locale].intl, options).format(value);
}

export function formatMoney(minorUnits: number, currency: { code: string; decimals: number }, locale: Locale): string {
  const amount = minorUnits / 10 ** currency.decimals;
  // Whole amounts of currencies without everyday cents (TZS, UGX, XOF…) show no ".00" (features/numbers/money.ts).
  const decimals = shownDecimals(currency, amount);
  return new Intl.NumberFormat(LOCALE_META[locale].intl, {
    style: 'currency',
    currency: currency.code,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(amount);
}

export function formatDate(
  value: Date | string | number,
  locale: Locale,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  return new Intl.DateTimeFormat(LOCALE_META[locale].intl, options).format(new Date(value));
}
