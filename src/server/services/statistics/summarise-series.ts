import type { PricePoint, SeriesSummary } from '~/features/statistics/query';

const round1 = (value: number) => Math.round(value * 10) / 10;
const percent = (now: number, before: number) => (before > 0 ? round1((now / before - 1) * 100) : null);

/** The month twelve months before `month` (YYYY-MM). */
export function sameMonthLastYear(month: string): string {
  const [year, mm] = month.split('-');
  return `${Number(year) - 1}-${mm}`;
}

/**
 * A series' market summary from its points over the period and its monthly prices over all its history: the last
 * price and its date, the change from the first point to the last (none with a single point), high and low, the
 * observations and quantity, the index (the first month of data = 100) of the last point's month, and that month
 * against the same month a year before (once the history reaches back that far). Ratios are taken on the exact
 * prices (`exact`, the points' unrounded minor units; `months[].price` likewise), not on prices rounded to a cent,
 * which for a price per kg would hide moves of a per cent or more.
 */
export function summariseSeries(
  points: readonly PricePoint[],
  months: readonly { month: string; price: number }[],
  exact: readonly number[] = points.map((point) => point.price_minor),
): SeriesSummary {
  const first = points.at(0);
  const last = points.at(-1);
  const prices = points.map((point) => point.price_minor);
  const base = months.at(0);
  // The month of the last data: the history's last month (it ends today). Not the last point's date, which for a
  // weekly point is its Monday, perhaps in the month before.
  const lastMonth = last ? months.at(-1) : undefined;
  const yearBefore = lastMonth ? months.find((row) => row.month === sameMonthLastYear(lastMonth.month)) : undefined;
  return {
    last_price_minor: last?.price_minor ?? null,
    last_date: last?.date ?? null,
    first_price_minor: first?.price_minor ?? null,
    change_percent: points.length >= 2 ? percent(exact[exact.length - 1], exact[0]) : null,
    high_minor: prices.length ? Math.max(...prices) : null,
    low_minor: prices.length ? Math.min(...prices) : null,
    count: points.reduce((sum, point) => sum + point.n, 0),
    volume: round1(points.reduce((sum, point) => sum + point.volume, 0)),
    index: base && lastMonth && base.price > 0 ? round1((lastMonth.price / base.price) * 100) : null,
    index_base_month: base?.month ?? null,
    year_on_year_percent: lastMonth && yearBefore ? percent(lastMonth.price, yearBefore.price) : null,
  };
}
