/**
 * When a lot's price asks its seller to confirm it (docs/lots.md "Unusual prices"): a price more than
 * UNUSUAL_FACTOR times above or below the median price of the lots on the market in the same kind, category,
 * type, unit and currency (and rent unit, for machines for rent), once at least MIN_LOTS_FOR_MEDIAN such lots
 * make the median meaningful. A typo such as "72" for "72,000" is a thousand times off; real prices of one
 * crop and unit differ by far less than twenty times. A price of 0 is a deliberate one (a free sample): never
 * unusual, and left out of the median.
 */
export const UNUSUAL_FACTOR = 20;
export const MIN_LOTS_FOR_MEDIAN = 5;

/** Whether a price in minor units is far from the median (in the same minor units). */
export function isPriceUnusual(priceMinor: number, medianMinor: number): boolean {
  if (priceMinor === 0) return false;
  return priceMinor > medianMinor * UNUSUAL_FACTOR || priceMinor * UNUSUAL_FACTOR < medianMinor;
}
