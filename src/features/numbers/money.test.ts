import { describe, expect, it } from 'vitest';
import { WHOLE_UNIT_CURRENCIES, priceDecimals, priceDecimalsProblem, shownDecimals } from './money';

const TZS = { code: 'TZS', decimals: 2 };
const KES = { code: 'KES', decimals: 2 };
const UGX = { code: 'UGX', decimals: 0 };

describe('money without everyday cents', () => {
  it('lists the shillings and francs traded in whole units, including those ISO gives two decimals', () => {
    for (const code of ['TZS', 'UGX', 'RWF', 'XOF', 'XAF', 'BIF', 'KMF', 'GNF'])
      expect(WHOLE_UNIT_CURRENCIES.has(code)).toBe(true);
    for (const code of ['KES', 'USD', 'GHS', 'NGN', 'EUR']) expect(WHOLE_UNIT_CURRENCIES.has(code)).toBe(false);
  });

  it('takes prices in whole units there, and the currency’s own decimals elsewhere', () => {
    expect(priceDecimals(TZS)).toBe(0);
    expect(priceDecimals(UGX)).toBe(0);
    expect(priceDecimals(KES)).toBe(2);
    expect(priceDecimalsProblem(72_000, TZS)).toBeNull();
    expect(priceDecimalsProblem(72_000.5, TZS)).toEqual({ key: 'validation.whole_amount', vars: { currency: 'TZS' } });
    expect(priceDecimalsProblem(72_000.5, KES)).toBeNull();
    expect(priceDecimalsProblem(1.005, { code: 'KWD', decimals: 3 })).toBeNull();
    expect(priceDecimalsProblem(1.0005, { code: 'KWD', decimals: 3 })).toEqual({
      key: 'validation.max_decimals',
      vars: { max: 3 },
    });
  });

  it('shows whole amounts without decimals, and a computed amount with cents as it is', () => {
    expect(shownDecimals(TZS, 72_000)).toBe(0);
    expect(shownDecimals(TZS, 3_200.25)).toBe(2);
    expect(shownDecimals(KES, 72_000)).toBe(2);
  });
});
