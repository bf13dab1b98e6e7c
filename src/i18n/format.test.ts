import { describe, expect, it } from 'vitest';
import { LOCALE_META } from './config';
import { formatCurrency, formatCurrencyWith, formatDate, formatMoney, formatNumber, languageName } from './format';
import { createTranslator } from './t';

describe('locale formatting', () => {
  it('formats money from integer minor units with the currency’s decimals', () => {
    // Intl separates currency codes and French thousands with no-break spaces; compare with plain ones.
    const plain = (text: string) => text.replace(/\s/g, ' ');
    expect(plain(formatMoney(123456789, { code: 'KES', decimals: 2 }, 'en'))).toBe('KES 1,234,567.89');
    expect(plain(formatMoney(1500000, { code: 'UGX', decimals: 0 }, 'en'))).toBe('UGX 1,500,000');
    expect(plain(formatMoney(123456, { code: 'EUR', decimals: 2 }, 'fr'))).toBe('1 234,56 €');
  });

  it('shows whole amounts of currencies without everyday cents with no decimals, and real cents when there are', () => {
    const plain = (text: string) => text.replace(/\s/g, ' ');
    const TZS = { code: 'TZS', decimals: 2 };
    expect(plain(formatMoney(7_200_000, TZS, 'en'))).toBe('TZS 72,000');
    expect(plain(formatMoney(7_200_000, TZS, 'sw'))).toBe('TSh 72,000');
    expect(plain(formatMoney(320_025, TZS, 'en'))).toBe('TZS 3,200.25');
    expect(plain(formatMoney(70_000, { code: 'XOF', decimals: 0 }, 'fr'))).toBe('70 000 FCFA');
    expect(plain(formatMoney(7_200_000, { code: 'USD', decimals: 2 }, 'en'))).toBe('US$72,000.00');
  });

  it('formats numbers and dates for the locale', () => {
    expect(formatNumber(1234.5, 'fr').replace(/\s/g, ' ')).toBe('1 234,5');
    expect(formatNumber(1234.5, 'sw')).toBe('1,234.5');
    const date = new Date('2026-03-05T12:00:00Z');
    expect(formatDate(date, 'sw', { dateStyle: 'long', timeZone: 'UTC' })).toBe('5 Machi 2026');
    expect(formatDate(date, 'fr', { dateStyle: 'long', timeZone: 'UTC' })).toBe('5 mars 2026');
  });

  it('writes the first day of a month as French writes it, "1er décembre", and no other day or language so', () => {
    const first = new Date('2026-12-01T12:00:00Z');
    expect(formatDate(first, 'fr', { dateStyle: 'long', timeZone: 'UTC' })).toBe('1er décembre 2026');
    expect(formatDate(first, 'fr', { dateStyle: 'medium', timeZone: 'UTC' })).toBe('1er déc. 2026');
    expect(formatDate(first, 'fr', { dateStyle: 'full', timeZone: 'UTC' })).toBe('mardi 1er décembre 2026');
    // Numeric dates and other days keep their digits; 11 and 21 are not "1er".
    expect(formatDate(first, 'fr', { dateStyle: 'short', timeZone: 'UTC' })).toBe('01/12/2026');
    expect(formatDate(new Date('2026-12-11T12:00:00Z'), 'fr', { dateStyle: 'long', timeZone: 'UTC' })).toBe(
      '11 décembre 2026',
    );
    expect(formatDate(first, 'en', { dateStyle: 'long', timeZone: 'UTC' })).toBe('1 December 2026');
    expect(formatDate(first, 'sw', { dateStyle: 'long', timeZone: 'UTC' })).toBe('1 Desemba 2026');
  });

  it('names a language in the reader’s language, as a sentence needs it', () => {
    expect(createTranslator('fr')('articles.shown_in', { language: languageName('en', 'fr') })).toBe('en anglais');
    expect(createTranslator('sw')('articles.shown_in', { language: languageName('en', 'sw') })).toBe('kwa Kiingereza');
    expect(languageName('sw', 'en')).toBe('Swahili');
  });

  it('keeps each reused formatter to its own locale and options', () => {
    // Formatters are built once per (locale, options): interleaved calls must not borrow another's.
    const plain = (text: string) => text.replace(/\s/g, ' ');
    for (let round = 0; round < 2; round++) {
      expect(plain(formatMoney(150, { code: 'KES', decimals: 2 }, 'en'))).toBe('KES 1.50');
      expect(plain(formatMoney(150, { code: 'USD', decimals: 2 }, 'en'))).toBe('US$1.50');
      expect(plain(formatMoney(150, { code: 'KES', decimals: 2 }, 'fr'))).toBe('1,50 KES');
      expect(formatNumber(0.125, 'en', { style: 'percent', maximumFractionDigits: 1 })).toBe('12.5%');
      expect(formatNumber(0.125, 'en')).toBe('0.125');
      const date = new Date('2026-03-05T12:00:00Z');
      for (const dateStyle of ['long', 'short'] as const)
        expect(formatDate(date, 'en', { dateStyle, timeZone: 'UTC' })).toBe(
          new Intl.DateTimeFormat(LOCALE_META.en.intl, { dateStyle, timeZone: 'UTC' }).format(date),
        );
    }
  });

  it('translates with placeholders and falls back to English for an unknown locale message', () => {
    const sw = createTranslator('sw');
    expect(sw('errors.status_code', { status: 503 })).toContain('503');
    expect(sw('errors.page_not_found')).not.toBe(createTranslator('en')('errors.page_not_found'));
  });
});

describe('currency symbols people write', () => {
  const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

  it('writes both CFA francs "FCFA" in every language, where CLDR writes the West African one "F CFA"', () => {
    expect(plain(formatMoney(123_400_000, { code: 'XOF', decimals: 0 }, 'fr'))).toBe('123 400 000 FCFA');
    expect(plain(formatMoney(5_000, { code: 'XAF', decimals: 0 }, 'fr'))).toBe('5 000 FCFA');
    expect(plain(formatMoney(1_234_000, { code: 'XOF', decimals: 0 }, 'en'))).toBe('FCFA 1,234,000');
    expect(plain(formatMoney(1_234_000, { code: 'XOF', decimals: 0 }, 'sw'))).toContain('FCFA');
    expect(plain(formatMoney(1_234_000, { code: 'XOF', decimals: 0 }, 'sw'))).not.toContain('F CFA');
    expect(plain(formatCurrency(4.37, 'XOF', 'fr', { maximumSignificantDigits: 3 }))).toBe('4,37 FCFA');
  });

  it('leaves every other currency as CLDR writes it, and works through any formatter (the islands’ own)', () => {
    const cldr = new Intl.NumberFormat(LOCALE_META.en.intl, { style: 'currency', currency: 'KES' });
    expect(formatMoney(150_050, { code: 'KES', decimals: 2 }, 'en')).toBe(cldr.format(1500.5));
    const chart = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'XOF', maximumFractionDigits: 0 });
    expect(plain(formatCurrencyWith(chart, 70_000))).toBe('70 000 FCFA');
    const shillings = new Intl.NumberFormat('en-KE', { style: 'currency', currency: 'KES' });
    expect(formatCurrencyWith(shillings, 5)).toBe(shillings.format(5));
  });
});
