import { describe, expect, it } from 'vitest';
import { isPriceUnusual } from './price-plausibility';

describe('unusual prices', () => {
  it('asks beyond twenty times above or below the median, not within', () => {
    const median = 7_200_000;
    expect(isPriceUnusual(7_200, median)).toBe(true);
    expect(isPriceUnusual(median * 20 + 1, median)).toBe(true);
    expect(isPriceUnusual(median * 20, median)).toBe(false);
    expect(isPriceUnusual(median / 20, median)).toBe(false);
    expect(isPriceUnusual(median * 3, median)).toBe(false);
    // A free sample is priced 0 on purpose.
    expect(isPriceUnusual(0, median)).toBe(false);
  });
});
