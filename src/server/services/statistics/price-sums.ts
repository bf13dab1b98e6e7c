import { sql } from 'drizzle-orm';
import { type PricePoint, type SeriesName, THIN_BELOW } from '~/features/statistics/query';

/**
 * The additive sums of a group of `price_daily` rows, as exact decimal strings: observations, quantity, value,
 * Σ price, and the n-weighted median and quartiles. Sums of groups add up to the sums of their union
 * (PriceSumsByKey), so a chart and an overview card price the same rows the same way (`priceOfSums`).
 */
export interface PriceSums {
  n: string;
  volume: string;
  value_usd: string;
  price_sum_usd: string;
  median_n_usd: string;
  p25_n_usd: string;
  p75_n_usd: string;
}

/** The SQL select list of a group's sums (as text, exact whatever the driver), named as the fields of PriceSums. */
export const PRICE_SUMS_SQL = sql`sum(n)::text as n, sum(volume)::text as volume, sum(value_usd)::text as value_usd,
  sum(price_sum_usd)::text as price_sum_usd, sum(median_usd * n)::text as median_n_usd,
  sum(p25_usd * n)::text as p25_n_usd, sum(p75_usd * n)::text as p75_n_usd`;

const FIELDS = ['n', 'volume', 'value_usd', 'price_sum_usd', 'median_n_usd', 'p25_n_usd', 'p75_n_usd'] as const;

/** A row's sums (the columns selected by PRICE_SUMS_SQL). */
export const priceSumsOf = (row: Record<string, unknown>): PriceSums =>
  Object.fromEntries(FIELDS.map((field) => [field, String(row[field])])) as unknown as PriceSums;

/** An exact decimal: value × 10^-scale. */
interface Exact {
  value: bigint;
  scale: number;
}

const exact = (text: string): Exact => {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new Error(`not a decimal: ${text}`);
  const fraction = match[3] ?? '';
  const digits = BigInt(match[2] + fraction);
  return { value: match[1] ? -digits : digits, scale: fraction.length };
};

const plus = (a: Exact, b: Exact): Exact => {
  const scale = Math.max(a.scale, b.scale);
  return {
    value: a.value * 10n ** BigInt(scale - a.scale) + b.value * 10n ** BigInt(scale - b.scale),
    scale,
  };
};

const text = ({ value, scale }: Exact) => {
  const digits = (value < 0n ? -value : value).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  return `${value < 0n ? '-' : ''}${whole}${scale ? `.${digits.slice(digits.length - scale)}` : ''}`;
};

/**
 * Rows of sums (PRICE_SUMS_SQL) added up per key (a date, a month), exactly as PostgreSQL would add them in one
 * group: the sums of a union of groups, for a price equal to the one of a single query over the union.
 */
export class PriceSumsByKey {
  private readonly groups = new Map<string, Exact[]>();

  add(key: string, row: Record<string, unknown>) {
    const sums = FIELDS.map((field) => exact(String(row[field])));
    const group = this.groups.get(key);
    if (!group) this.groups.set(key, sums);
    else for (let i = 0; i < sums.length; i++) group[i] = plus(group[i], sums[i]);
  }

  /** The sums per key, keys in ascending order. */
  sorted(): [string, PriceSums][] {
    return [...this.groups.keys()]
      .sort()
      .map((key) => [
        key,
        Object.fromEntries(FIELDS.map((field, i) => [field, text(this.groups.get(key)![i])])) as unknown as PriceSums,
      ]);
  }
}

/**
 * The price of a group of daily rows from its sums, US dollars per basis: volume-weighted for deals (the mean
 * price when they carry no quantity), the n-weighted median for asking prices, the mean for references; and the
 * n-weighted quartiles.
 */
export function priceOfSums(series: SeriesName, sums: PriceSums) {
  const n = Number(sums.n);
  const volume = Number(sums.volume);
  const usd =
    series === 'traded'
      ? volume > 0
        ? Number(sums.value_usd) / volume
        : Number(sums.price_sum_usd) / n
      : series === 'asked'
        ? Number(sums.median_n_usd) / n
        : Number(sums.price_sum_usd) / n;
  return { usd, p25: Number(sums.p25_n_usd) / n, p75: Number(sums.p75_n_usd) / n, n, volume };
}

/** A chart point from a group's sums, in minor units of a currency (`toMinor` converts US dollars). */
export function pointOfSums(
  series: SeriesName,
  date: string,
  sums: PriceSums,
  toMinor: (usd: number) => number,
): PricePoint {
  const price = priceOfSums(series, sums);
  return {
    date,
    price_minor: toMinor(price.usd),
    p25_minor: toMinor(price.p25),
    p75_minor: toMinor(price.p75),
    n: price.n,
    volume: price.volume,
    thin: price.n < THIN_BELOW,
  };
}
