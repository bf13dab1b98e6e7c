import type { Locale } from '~/i18n/config';
import { formatNumber } from '~/i18n/format';

/** A change in per cent with its sign, in the reader's language (+2.5%, −1 %). */
export const phonePercent = (percent: number, locale: Locale) =>
  formatNumber(percent / 100, locale, { style: 'percent', signDisplay: 'exceptZero', maximumFractionDigits: 1 });
