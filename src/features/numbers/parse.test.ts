import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '~/i18n/config';
import { formatNumber } from '~/i18n/format';
import { parseNumber, readMachineNumber } from './parse';

const read = (text: string, locale: Locale, decimals?: number) => parseNumber(text, { locale, decimals });
const value = (text: string, locale: Locale, decimals?: number) => {
  const result = read(text, locale, decimals);
  return result.ok ? result.value : result.reason;
};

describe('parseNumber: what people type', () => {
  it('reads English and Swahili as they are written, with a comma between thousands', () => {
    for (const locale of ['en', 'sw'] as const) {
      expect(value('72,000', locale)).toBe(72_000);
      expect(value('1,100,000', locale)).toBe(1_100_000);
      expect(value('72,000.50', locale)).toBe(72_000.5);
      expect(value('1,500', locale)).toBe(1500);
      expect(value('72000.5', locale)).toBe(72_000.5);
      expect(value('1.5', locale)).toBe(1.5);
      // A dot before three digits is the decimal mark of these languages (and of every program).
      expect(value('1.500', locale)).toBe(1.5);
    }
  });

  it('reads French with spaces of every kind between thousands and a decimal comma', () => {
    expect(value('70 000', 'fr')).toBe(70_000);
    expect(value('70\u00a0000', 'fr')).toBe(70_000);
    expect(value('70\u202f000', 'fr')).toBe(70_000);
    expect(value('1 100 000', 'fr')).toBe(1_100_000);
    expect(value('72.000,50', 'fr')).toBe(72_000.5);
    expect(value('72 000,5', 'fr')).toBe(72_000.5);
    expect(value('1,5', 'fr')).toBe(1.5);
    expect(value('3600,50', 'fr')).toBe(3600.5);
    expect(value('1.100.000', 'fr')).toBe(1_100_000);
  });

  it('accepts the other languages’ common forms wherever they can only mean one number', () => {
    for (const locale of LOCALES) {
      expect(value('72 000', locale)).toBe(72_000);
      expect(value('72.000,50', locale)).toBe(72_000.5);
      expect(value('72,000.50', locale)).toBe(72_000.5);
      expect(value('1,100,000', locale)).toBe(1_100_000);
      expect(value('1 100 000,25', locale)).toBe(1_100_000.25);
      expect(value('1,5', locale)).toBe(1.5);
      expect(value('0,500', locale)).toBe(0.5);
      expect(value('1500,000', locale)).toBe(1500);
      expect(value(' 12 ', locale)).toBe(12);
      expect(value('007', locale)).toBe(7);
      expect(value(',5', locale)).toBe(0.5);
    }
  });

  it('always reads a bare machine number, in every language', () => {
    for (const locale of LOCALES) {
      expect(value('72000.5', locale)).toBe(72_000.5);
      expect(value('72000', locale)).toBe(72_000);
      expect(value('0.25', locale)).toBe(0.25);
      expect(value('1100000000', locale)).toBe(1_100_000_000);
    }
  });

  it('refuses in French a single mark before exactly three digits, naming both readings', () => {
    expect(read('1,500', 'fr')).toEqual({ ok: false, reason: 'ambiguous', grouped: 1500, decimal: 1.5 });
    expect(read('72.000', 'fr')).toEqual({ ok: false, reason: 'ambiguous', grouped: 72_000, decimal: 72 });
    expect(read('999,999', 'fr')).toMatchObject({ reason: 'ambiguous' });
    // Whole-number fields follow the same rule: the reading never depends on the field.
    expect(read('1,500', 'fr', 0)).toMatchObject({ reason: 'ambiguous' });
  });

  it('refuses what is not one number, never guessing a magnitude', () => {
    for (const locale of LOCALES) {
      expect(value('', locale)).toBe('empty');
      expect(value('   ', locale)).toBe('empty');
      expect(value('-5', locale)).toBe('negative');
      expect(value('−5', locale)).toBe('negative');
      for (const text of ['12abc', '1e3', 'TZS 72,000', '72 000 F', '0x10', '+5', '.', ',', '1.2.3,4,5', '72,']) {
        expect(read(text, locale).ok, `${text} in ${locale}`).toBe(false);
      }
      // Thousands are grouped by three, with one kind of separator.
      expect(value('7 2000', locale)).toBe('grouping');
      expect(value('72,00,000', locale)).toBe('grouping');
      expect(value('1,100 000', locale)).toBe('grouping');
      expect(value('1.100,000.5', locale)).toBe('grouping');
      expect(value('0,500,000', locale)).toBe('grouping');
      expect(value('1 500,5 5', locale)).toBe('grouping');
      expect(value('1234567890123456', locale)).toBe('too_big');
    }
  });

  it('takes at most the field’s decimals, not counting trailing zeros', () => {
    expect(read('12.345', 'en')).toEqual({ ok: false, reason: 'decimals', max: 2 });
    expect(value('12.340', 'en')).toBe(12.34);
    expect(value('72,000.00', 'en', 0)).toBe(72_000);
    expect(read('72,000.50', 'en', 0)).toEqual({ ok: false, reason: 'decimals', max: 0 });
    expect(read('1,25', 'fr', 0)).toEqual({ ok: false, reason: 'decimals', max: 0 });
  });
});

describe('parseNumber: format → parse round trips', () => {
  // Amounts to the cent up to 1,100,000,000 and beyond (any integer number of cents a price may have).
  const cents = fc.oneof(
    fc.integer({ min: 0, max: 10_000_000_000_000 }),
    fc.integer({ min: 0, max: 100_000_00 }),
    fc.constantFrom(0, 1, 50, 150_000, 7_200_000, 110_000_000_000, 110_000_000_050),
  );

  for (const locale of LOCALES) {
    it(`reads back every number ${locale} formats, grouped or not, with up to two decimals`, () => {
      fc.assert(
        fc.property(cents, fc.boolean(), fc.integer({ min: 0, max: 2 }), (amountCents, grouped, minimumDigits) => {
          const amount = amountCents / 100;
          const text = formatNumber(amount, locale, {
            useGrouping: grouped,
            minimumFractionDigits: Math.min(minimumDigits, 2),
            maximumFractionDigits: 2,
          });
          const result = parseNumber(text, { locale });
          expect(result, text).toEqual({ ok: true, value: amount });
        }),
        { numRuns: 2000 },
      );
    });

    it(`reads back every whole number ${locale} formats`, () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), (whole) => {
          const text = formatNumber(whole, locale);
          expect(parseNumber(text, { locale, decimals: 0 }), text).toEqual({ ok: true, value: whole });
        }),
        { numRuns: 1000 },
      );
    });
  }

  it('reads back what a program writes (String(n)), in every language', () => {
    fc.assert(
      fc.property(cents, fc.constantFrom(...LOCALES), (amountCents, locale) => {
        const amount = amountCents / 100;
        // A program's "72.125" never comes from a price: prices have two decimals at most.
        expect(parseNumber(String(amount), { locale })).toEqual({ ok: true, value: amount });
      }),
      { numRuns: 2000 },
    );
  });

  it('never reads a number a language formats as another number in another language', () => {
    // Whatever one language wrote, the other two read it as the same number or refuse it: never a new magnitude.
    fc.assert(
      fc.property(cents, fc.constantFrom(...LOCALES), fc.constantFrom(...LOCALES), (amountCents, writer, reader) => {
        const amount = amountCents / 100;
        const text = formatNumber(amount, writer, { maximumFractionDigits: 2 });
        const result = parseNumber(text, { locale: reader });
        if (result.ok) expect(result.value, `${text}: ${writer} → ${reader}`).toBe(amount);
        else expect(result.reason).toBe('ambiguous');
      }),
      { numRuns: 3000 },
    );
  });
});

describe('readMachineNumber', () => {
  it('reads numbers as programs write them, and leaves anything else for the schema to refuse', () => {
    expect(readMachineNumber('12')).toBe(12);
    expect(readMachineNumber('-1.25')).toBe(-1.25);
    expect(readMachineNumber(' 7 ')).toBe(7);
    expect(readMachineNumber(5)).toBe(5);
    for (const text of ['1,5', '1e3', '0x10', '', '1 000', 'Infinity', '12abc'])
      expect(readMachineNumber(text)).toBe(text);
  });
});
