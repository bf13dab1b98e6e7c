import type { Locale } from '~/i18n/config';
import { formatNumber } from '~/i18n/format';

/**
 * Numbers written the way a language writes them, for inputs to show and messages to name: parseNumber reads
 * every one of them back to the same number (the round-trip property tests in parse.test.ts).
 */

/** Up to two decimals, grouped ("1,100,000.5", "1 100 000,5"). */
export const localNumberText = (value: number, locale: Locale) =>
  formatNumber(value, locale, { maximumFractionDigits: 2 });

/** An amount as a form shows it: grouped, with cents written out when there are any ("3,600.50", "72 000"). */
export const localAmountText = (value: number, locale: Locale) =>
  formatNumber(value, locale, { minimumFractionDigits: Number.isInteger(value) ? 0 : 2, maximumFractionDigits: 2 });
