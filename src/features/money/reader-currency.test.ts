import { describe, expect, it } from 'vitest';
import { readCurrencyCode, visitorCurrency } from './reader-currency';

describe('visitorCurrency', () => {
  it('takes the footer choice first, `none` meaning no approximation', () => {
    expect(visitorCurrency('XOF', 'sw-KE')).toBe('XOF');
    expect(visitorCurrency(' kes ', 'fr-CI')).toBe('KES');
    expect(visitorCurrency('none', 'fr-CI')).toBeNull();
    expect(visitorCurrency('NONE', undefined)).toBeNull();
  });

  it('else reads the first country the browser languages name, best quality first', () => {
    expect(visitorCurrency(undefined, 'fr-CI,fr;q=0.9')).toBe('XOF');
    expect(visitorCurrency(undefined, 'fr-CM')).toBe('XAF');
    expect(visitorCurrency(undefined, 'sw-TZ')).toBe('TZS');
    expect(visitorCurrency(undefined, 'fr_SN')).toBe('XOF');
    expect(visitorCurrency(undefined, 'fr-FR')).toBe('EUR');
    expect(visitorCurrency(undefined, 'fr;q=1, en-KE;q=0.5, fr-CI;q=0.8')).toBe('XOF');
    expect(visitorCurrency(undefined, 'zh-Hant-TW, en-GH;q=0.1')).toBe('GHS');
    // A country Mavuno does not trade in is skipped, not guessed.
    expect(visitorCurrency(undefined, 'en-US,en-NG;q=0.7')).toBe('NGN');
  });

  it('gives none for a language without a country, a refused range or nothing at all', () => {
    expect(visitorCurrency(undefined, 'fr')).toBeNull();
    expect(visitorCurrency(undefined, 'sw, en')).toBeNull();
    expect(visitorCurrency(undefined, 'en-US')).toBeNull();
    expect(visitorCurrency(undefined, 'fr-CI;q=0')).toBeNull();
    expect(visitorCurrency(undefined, '*')).toBeNull();
    expect(visitorCurrency('', null)).toBeNull();
    expect(visitorCurrency(undefined, 'es-419')).toBeNull();
  });

  it('ignores a cookie that is no currency code and falls back to the browser', () => {
    expect(visitorCurrency('<script>', 'fr-CI')).toBe('XOF');
    expect(visitorCurrency('KESS', undefined)).toBeNull();
  });
});

describe('readCurrencyCode', () => {
  it('reads three letters, upper-cased, and nothing else', () => {
    expect(readCurrencyCode('xof')).toBe('XOF');
    expect(readCurrencyCode('X0F')).toBeNull();
    expect(readCurrencyCode(null)).toBeNull();
  });
});
