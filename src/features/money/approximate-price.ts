import { formatDay } from '~/features/deals/booking-days';
import { priceDecimals } from '~/features/numbers/money';
import { LOCALE_META, type Locale } from '~/i18n/config';
import { formatCurrency } from '~/i18n/format';
import type { MessageVars } from '~/i18n/t';

/**
 * A price shown beside its own in the reader's currency ("≈ 1 230 000 FCFA"), from the stored indicative rates
 * (`exchange_rates`, units per US dollar by day). It is a reading aid and nothing else: charging, the wallet and
 * payments always keep the lot's own currency (docs/lots.md "Prices in the reader's currency").
 */

/** A currency with its latest indicative rate, as the pages and the offer dialog carry it. */
export interface RatedCurrency {
  code: string;
  /** Digits of the minor unit amounts are stored in (`currencies.decimals`). */
  decimals: number;
  /** Units of this currency for one US dollar. */
  per_usd: number;
  /** The day of that rate, YYYY-MM-DD. */
  rate_date: string;
}

export interface Approximation {
  /** The rounded amount, in minor units of `currency`. */
  amount_minor: number;
  currency: { code: string; decimals: number };
  /** The currency the amount was converted from (the lot's: what is paid). */
  from: string;
  /** Units of `currency` for one unit of `from`. */
  rate: number;
  /** The older of the two rates' days: the conversion is as old as its oldest rate. */
  rate_date: string;
}

/** Significant digits an approximation keeps: indicative rates are a percent or so off a bank's, more would pretend. */
export const APPROXIMATION_DIGITS = 3;

/**
 * A converted amount (major units) rounded as the approximation shows it: three significant digits, never finer
 * than the currency's own decimals (none for a whole-unit currency such as XOF or TZS), and at least its smallest
 * unit, so a positive price never reads "≈ 0".
 */
export function roundApproximation(major: number, currency: { code: string; decimals: number }): number {
  const decimals = priceDecimals(currency);
  const scale = 10 ** decimals;
  const significant = Number(major.toPrecision(APPROXIMATION_DIGITS));
  return Math.max(Math.round(significant * scale), 1) / scale;
}

/**
 * `amountMinor` of `from` in `to`, rounded (roundApproximation), with the rate and its day; null when there is
 * nothing to show: a currency without a rate, the same currency, or an amount that is not positive (a free sample).
 */
export function approximatePrice(
  amountMinor: number,
  from: RatedCurrency | null | undefined,
  to: RatedCurrency | null | undefined,
): Approximation | null {
  if (!from || !to || from.code === to.code) return null;
  if (!(amountMinor > 0) || !Number.isFinite(amountMinor)) return null;
  if (!(from.per_usd > 0) || !(to.per_usd > 0)) return null;
  const rate = to.per_usd / from.per_usd;
  const major = (amountMinor / 10 ** from.decimals) * rate;
  const currency = { code: to.code, decimals: to.decimals };
  return {
    amount_minor: Math.round(roundApproximation(major, currency) * 10 ** to.decimals),
    currency,
    from: from.code,
    rate,
    // ISO days sort as text.
    rate_date: [from.rate_date, to.rate_date].sort()[0],
  };
}

/** What a page needs to convert the prices of one currency into the reader's: both rated currencies. */
export interface ApproximationPair {
  from: RatedCurrency;
  to: RatedCurrency;
}

/**
 * The reader's currency and the rates of a request (`Astro.locals.money`, read once by the middleware through
 * src/server/loaders/reader-money.ts).
 */
export interface ReaderMoney {
  /** The currency prices are approximated in; null: none (the reader chose none, or nothing names one). */
  reader: RatedCurrency | null;
  /** Every active currency with a rate, by code: what prices can be converted from. */
  rates: Record<string, RatedCurrency>;
  /** What the footer's chooser offers a visitor: the active currencies with a rate, in the reader's language. */
  choices: { code: string; name: string }[];
  /** Whose choice `reader` is: the member's profile, the visitor's footer choice, or their browser's languages. */
  source: 'profile' | 'chosen' | 'browser' | null;
}

/**
 * The two rated currencies that approximate amounts of `from` for this reader (what the offer dialog converts with
 * as the member types); null when the page shows no approximation for them.
 */
export function approximationPair(money: ReaderMoney | null | undefined, from: string): ApproximationPair | null {
  const to = money?.reader;
  const source = money?.rates[from];
  return to && source && to.code !== source.code ? { from: source, to } : null;
}

/** Anything that translates a message key (the server's `t` and the islands' translator both do). */
type Say = (key: 'money.approx_amount' | 'money.approx_detail', vars?: MessageVars) => string;

/**
 * The words of an approximation in the reader's language: the amount ("≈ 1 230 000 FCFA", the currency written
 * as Intl writes it in that language, with the symbols people use — "FCFA" for both CFA francs, formatCurrencyWith
 * in src/i18n/format.ts; no decimals for a whole
 * amount) and the detail shown on a tap, with the rate and its day and the currency that is paid.
 */
export function describeApproximation(approximation: Approximation, locale: Locale, t: Say) {
  const rate = formatCurrency(approximation.rate, approximation.currency.code, locale, {
    maximumSignificantDigits: APPROXIMATION_DIGITS,
  });
  const amount = approximation.amount_minor / 10 ** approximation.currency.decimals;
  // Three significant digits make most amounts whole: "≈ GH₵105,000", never "≈ GH₵105,000.00".
  const digits = Number.isInteger(amount) ? 0 : approximation.currency.decimals;
  return {
    text: t('money.approx_amount', {
      amount: formatCurrency(amount, approximation.currency.code, locale, {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }),
    }),
    detail: t('money.approx_detail', {
      date: formatDay(approximation.rate_date, LOCALE_META[locale].intl, { dateStyle: 'long' }),
      from: approximation.from,
      rate,
    }),
  };
}

/**
 * The look of an approximation, shared by the server component (src/components/money/ApproxMoney.astro) and the
 * islands' (src/islands/lib/approx-money.tsx): a small line under the price; the summary is underlined dotted to
 * say that a tap (or Enter) shows the rate and its day — not a hover-only title.
 */
export const APPROX_CLASSES = {
  root: 'approx-money text-sm font-normal text-base-content/80',
  summary:
    'inline cursor-pointer list-none tabular-nums underline decoration-dotted underline-offset-2 [&::-webkit-details-marker]:hidden',
  detail: 'mt-1 block max-w-xs whitespace-normal text-left text-xs',
} as const;
