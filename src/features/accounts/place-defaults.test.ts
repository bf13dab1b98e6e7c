import { describe, expect, it } from 'vitest';
import { DEFAULT_CURRENCY_ID } from './constants';
import { callingCodeOf, internationalDigits } from './calling-code';
import { countryOfPhone } from './phone';
import { defaultsOfPhone, phoneDefaultsTable } from './place-defaults';

const countries = [
  { id: 10, code: 'TZ' },
  { id: 11, code: 'CI' },
  { id: 12, code: 'KE' },
  { id: 13, code: 'US' },
  { id: 14, code: 'CA' },
];
const currencies = [
  { id: 1, code: 'KES' },
  { id: 3, code: 'USD' },
  { id: 4, code: 'TZS' },
  { id: 8, code: 'XOF' },
];

describe('the country of a phone number', () => {
  it('reads the calling code of a number being typed, or of a complete one', () => {
    expect(countryOfPhone('+255')).toBe('TZ');
    expect(countryOfPhone('+255 754 123 456')).toBe('TZ');
    expect(countryOfPhone('+225 07 12 34 56 78')).toBe('CI');
    expect(countryOfPhone('00255754123456')).toBe('TZ');
  });

  it('tells shared calling codes apart once the number is complete', () => {
    expect(countryOfPhone('+1')).toBe('US');
    expect(countryOfPhone('+1 416 555 0123')).toBe('CA');
  });

  it('reads a number without a country code as Kenyan, as it is stored', () => {
    expect(countryOfPhone('0712 345 678')).toBe('KE');
    expect(countryOfPhone('')).toBeUndefined();
    expect(countryOfPhone('+')).toBeUndefined();
    expect(countryOfPhone('+99')).toBeUndefined();
  });
});

describe('defaults from a phone number', () => {
  it('preselects the country and its currency', () => {
    expect(defaultsOfPhone('+255 754 123 456', countries, currencies)).toEqual({ countryId: 10, currencyId: 4 });
    expect(defaultsOfPhone('+225 07 12 34 56 78', countries, currencies)).toEqual({ countryId: 11, currencyId: 8 });
    expect(defaultsOfPhone('0712345678', countries, currencies)).toEqual({ countryId: 12, currencyId: 1 });
  });

  it('keeps the default currency where Mavuno does not trade in the country’s own', () => {
    expect(defaultsOfPhone('+1 212 555 0100', countries, currencies)).toEqual({
      countryId: 13,
      currencyId: DEFAULT_CURRENCY_ID,
    });
    // A country missing from the reference list still gives its currency when known.
    expect(defaultsOfPhone('+234 802 123 4567', countries, [...currencies, { id: 6, code: 'NGN' }])).toEqual({
      countryId: undefined,
      currencyId: 6,
    });
    expect(defaultsOfPhone('', countries, currencies)).toBeUndefined();
  });

  it('gives the page script a table that agrees with the server', () => {
    const table = phoneDefaultsTable(countries, currencies);
    expect(table['255']).toEqual([10, 4]);
    expect(table['225']).toEqual([11, 8]);
    expect(table['1']).toEqual([13, DEFAULT_CURRENCY_ID]);
    expect(table.national).toEqual([12, 1]);
    for (const typed of ['+255 7', '+2257', '00 225 07']) {
      const digits = internationalDigits(typed)!;
      const code = callingCodeOf(digits, table)!;
      expect(table[code]).toEqual([
        defaultsOfPhone(typed, countries, currencies)!.countryId,
        defaultsOfPhone(typed, countries, currencies)!.currencyId,
      ]);
    }
    expect(internationalDigits('0712 345')).toBeUndefined();
  });
});
