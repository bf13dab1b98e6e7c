import type { Locale } from '~/i18n/config';
import { formatNumber } from '~/i18n/format';

/** A change in per cent with its sign, in the reader's language (+2.5%, −1 %). */
export const phonePercent = (percent: number, locale: Locale) =>
  formatNumber(percent / 100, locale, { style: 'percent', signDisplay: 'exceptZero', maximumFractionDigits: 1 });

/** A text cut to `max` characters, ending in "…" when cut (toGsm7 writes it "..."): a lot's title in an SMS, a quote. */
export const shortenText = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
