import { describe, expect, it } from 'vitest';
import { createTranslator } from '~/i18n/t';
import {
  type ReaderMoney,
  approximatePrice,
  approximationPair,
  describeApproximation,
  roundApproximation,
} from './approximate-price';

const KES = { code: 'KES', decimals: 2, per_usd: 129.2, rate_date: '2026-11-01' };
const XOF = { code: 'XOF', decimals: 0, per_usd: 565, rate_date: '2026-10-28' };
const TZS = { code: 'TZS', decimals: 2, per_usd: 2460, rate_date: '2026-11-01' };
const USD = { code: 'USD', decimals: 2, per_usd: 1, rate_date: '2026-11-01' };

describe('approximatePrice', () => {
  it('converts through the US dollar rates and keeps three significant digits', () => {
    // KSh 282,215.00 = 282,215 / 129.2 × 565 = 1,234,134.1… FCFA → 1,230,000.
    const approximation = approximatePrice(28_221_500, KES, XOF);
    expect(approximation).toEqual({
      amount_minor: 1_230_000,
      currency: { code: 'XOF', decimals: 0 },
      from: 'KES',
      rate: 565 / 129.2,
      rate_date: '2026-10-28',
    });
    // FCFA 50,000 → KSh 11,433.6… → 11,400.00 (minor units: cents).
    expect(approximatePrice(50_000, XOF, KES)?.amount_minor).toBe(1_140_000);
  });

  it('dates the conversion by the older of its two rates', () => {
    expect(approximatePrice(100, { ...KES, rate_date: '2026-09-30' }, XOF)?.rate_date).toBe('2026-09-30');
    expect(approximatePrice(100, KES, { ...XOF, rate_date: '2026-11-02' })?.rate_date).toBe('2026-11-01');
  });

  it('never shows cents of a whole-unit currency, nor finer than the currency, nor zero for a positive price', () => {
    // KSh 45.00 per kg → 196.7… FCFA → 197.
    expect(approximatePrice(4_500, KES, XOF)?.amount_minor).toBe(197);
    // KSh 1.00 → 19.04 TZS: TZS has no everyday cents, so 19 (stored as 1,900 minor units).
    expect(approximatePrice(100, KES, TZS)?.amount_minor).toBe(1_900);
    // KSh 0.50 → US$0.00387: at least one cent.
    expect(approximatePrice(50, KES, USD)?.amount_minor).toBe(1);
    // KSh 12.34 → US$0.0955… → 0.10.
    expect(approximatePrice(1_234, KES, USD)?.amount_minor).toBe(10);
  });

  it('answers nothing for the same currency, a missing rate or a price that is not positive', () => {
    expect(approximatePrice(1_000, KES, KES)).toBeNull();
    expect(approximatePrice(1_000, undefined, XOF)).toBeNull();
    expect(approximatePrice(1_000, KES, null)).toBeNull();
    expect(approximatePrice(0, KES, XOF)).toBeNull();
    expect(approximatePrice(-5, KES, XOF)).toBeNull();
    expect(approximatePrice(Number.NaN, KES, XOF)).toBeNull();
    expect(approximatePrice(1_000, { ...KES, per_usd: 0 }, XOF)).toBeNull();
  });
});

describe('roundApproximation', () => {
  it('rounds to three significant digits within the currency decimals', () => {
    expect(roundApproximation(1_234_567, { code: 'XOF', decimals: 0 })).toBe(1_230_000);
    expect(roundApproximation(987.6, { code: 'KES', decimals: 2 })).toBe(988);
    expect(roundApproximation(12.345, { code: 'KES', decimals: 2 })).toBe(12.3);
    expect(roundApproximation(0.4, { code: 'XOF', decimals: 0 })).toBe(1);
  });
});

/** Intl separates digits and currency names with no-break spaces of two widths, which differ between ICU versions. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('describeApproximation', () => {
  it('writes the amount as Intl writes the currency in each language, with the rate and its day', () => {
    const approximation = approximatePrice(28_221_500, KES, XOF)!;
    const fr = describeApproximation(approximation, 'fr', createTranslator('fr'));
    // "≈" never ends a line apart from its amount.
    expect(fr.text.startsWith('≈\u00a0')).toBe(true);
    expect(plain(fr.text)).toBe('≈ 1 230 000 FCFA');
    expect(fr.detail).toContain('28 octobre 2026');
    expect(plain(fr.detail)).toContain('1 KES ≈ 4,37 FCFA');
    // "1 KES" is never cut at the end of a line.
    expect(fr.detail).toContain('1\u00a0KES\u00a0≈');
    expect(fr.detail).toContain('KES');
    const en = describeApproximation(approximation, 'en', createTranslator('en'));
    expect(plain(en.text)).toBe('≈ FCFA 1,230,000');
    expect(en.detail).toContain('28 October 2026');
    // Whole amounts of currencies with cents drop them; others keep the currency's decimals.
    expect(plain(describeApproximation(approximatePrice(50_000, XOF, KES)!, 'en', createTranslator('en')).text)).toBe(
      '≈ KES 11,400',
    );
    expect(plain(describeApproximation(approximatePrice(1_234, KES, USD)!, 'en', createTranslator('en')).text)).toBe(
      '≈ US$0.10',
    );
    const sw = describeApproximation(
      approximatePrice(5_000_000, KES, { ...XOF, code: 'XAF' })!,
      'sw',
      createTranslator('sw'),
    );
    expect(sw.text).toContain('FCFA');
  });
});

describe('approximationPair', () => {
  const money: ReaderMoney = { reader: XOF, rates: { KES, XOF }, choices: [], source: 'profile' };
  it('pairs a rated currency with the reader’s, never a currency with itself', () => {
    expect(approximationPair(money, 'KES')).toEqual({ from: KES, to: XOF });
    expect(approximationPair(money, 'XOF')).toBeNull();
    expect(approximationPair(money, 'GHS')).toBeNull();
    expect(approximationPair({ ...money, reader: null }, 'KES')).toBeNull();
    expect(approximationPair(null, 'KES')).toBeNull();
  });
});
