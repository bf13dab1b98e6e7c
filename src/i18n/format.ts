import { shownDecimals } from '~/features/numbers/money';
import { LOCALE_META, type Locale } from './config';

/**
 * Locale-aware formatting with Intl. Money is kept in integer minor units and formatted only for display.
 * Building an Intl formatter costs far more than using one, so each (locale, options) pair is built once per process
 * (a few dozen pairs exist: the options come from code, not from input).
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(locale: Locale, options: Intl.NumberFormatOptions | undefined): Intl.NumberFormat {
  const key = `${locale}|${options ? JSON.stringify(options) : ''}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE_META[locale].intl, options);
    numberFormats.set(key, format);
  }
  return format;
}

function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE_META[locale].intl, options);
    dateFormats.set(key, format);
  }
  return format;
}

export function formatNumber(value: number, locale: Locale, options?: Intl.NumberFormatOptions): string {
  return numberFormat(locale, options).format(value);
}

export function formatMoney(minorUnits: number, currency: { code: string; decimals: number }, locale: Locale): string {
  const amount = minorUnits / 10 ** currency.decimals;
  // Whole amounts of currencies without everyday cents (TZS, UGX, XOF…) show no ".00" (features/numbers/money.ts).
  const decimals = shownDecimals(currency, amount);
  return formatCurrencyWith(
    numberFormat(locale, {
      style: 'currency',
      currency: currency.code,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    }),
    amount,
  );
}

/**
 * How people write a currency where CLDR writes it otherwise: both CFA francs are "FCFA" on West and Central African
 * price tags, receipts and mobile-money messages, where CLDR has "F CFA" for the West African one (XOF).
 */
const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = { XOF: 'FCFA', XAF: 'FCFA' };

/**
 * An amount through a given currency formatter (`style: 'currency'`), with the symbols people use
 * (CURRENCY_SYMBOLS). Every money formatter of the site and its islands goes through here.
 */
export function formatCurrencyWith(format: Intl.NumberFormat, amount: number): string {
  const symbol = CURRENCY_SYMBOLS[format.resolvedOptions().currency ?? ''];
  if (!symbol) return format.format(amount);
  return format
    .formatToParts(amount)
    .map((part) => (part.type === 'currency' ? symbol : part.value))
    .join('');
}

/** An amount in a currency with the given number options (significant digits, decimals), as formatMoney writes it. */
export function formatCurrency(
  amount: number,
  code: string,
  locale: Locale,
  options: Omit<Intl.NumberFormatOptions, 'style' | 'currency'> = {},
): string {
  return formatCurrencyWith(numberFormat(locale, { ...options, style: 'currency', currency: code }), amount);
}

export function formatDate(
  value: Date | string | number,
  locale: Locale,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  return formatDateWith(dateFormat(locale, options), new Date(value));
}

const writesFirstDay = new WeakMap<Intl.DateTimeFormat, boolean>();

/**
 * A date through a given formatter, with the one thing Intl leaves out: French writes the first day of a month as
 * an ordinal, "1er décembre" (and "1er déc."), never in numeric dates ("01/12/2026"). Every date formatter of the
 * site and its islands goes through here.
 */
export function formatDateWith(format: Intl.DateTimeFormat, date: Date): string {
  let isFrench = writesFirstDay.get(format);
  if (isFrench === undefined) {
    isFrench = format.resolvedOptions().locale.split('-')[0] === 'fr';
    writesFirstDay.set(format, isFrench);
  }
  if (!isFrench) return format.format(date);
  const parts = format.formatToParts(date);
  const month = parts.find((part) => part.type === 'month');
  if (!month || /^\d+$/.test(month.value) || !parts.some((part) => part.type === 'day' && part.value === '1'))
    return format.format(date);
  return parts.map((part) => (part.type === 'day' ? '1er' : part.value)).join('');
}

const languageNames = new Map<Locale, Intl.DisplayNames>();

/**
 * A language's name in the reader's language, for a sentence ("en anglais", "kwa Kiingereza", "in French"): CLDR's,
 * through Intl.DisplayNames. A language switcher names each language in itself instead (LOCALE_META's label).
 */
export function languageName(code: Locale, reader: Locale): string {
  let names = languageNames.get(reader);
  if (!names) {
    names = new Intl.DisplayNames([LOCALE_META[reader].intl], { type: 'language' });
    languageNames.set(reader, names);
  }
  return names.of(code) ?? LOCALE_META[code].label;
}
