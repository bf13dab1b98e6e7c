import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { issueToMessage } from '~/features/validation/messages';
import { hasMessage } from '~/i18n/t';
import { optionalTypedNumber, perLocale, readMachineField, typedNumber } from './schema';

const messagesOf = (result: { success: boolean; error?: z.ZodError }) =>
  (result.error?.issues ?? []).map((issue) => issueToMessage(issue, hasMessage));

describe('typed numbers in schemas', () => {
  it('reads text in the schema’s language, and numbers sent as numbers', () => {
    expect(typedNumber('en', { max: 1e11 }).parse('72,000')).toBe(72_000);
    expect(typedNumber('fr', { max: 1e11 }).parse('72 000,5')).toBe(72_000.5);
    expect(typedNumber('fr', { max: 1e11 }).parse(72_000.5)).toBe(72_000.5);
    expect(optionalTypedNumber('sw', { max: 10 }).parse('  ')).toBeUndefined();
  });

  it('refuses with a message that names both readings, the limits or the decimals', () => {
    const french = typedNumber('fr', { max: 1e11 });
    const [ambiguous] = messagesOf(french.safeParse('1,500'));
    expect(ambiguous.key).toBe('validation.number_ambiguous');
    expect(String(ambiguous.vars?.grouped).replace(/\s/g, ' ')).toBe('1 500');
    expect(ambiguous.vars?.decimal).toBe('1,5');
    expect(messagesOf(typedNumber('en', { max: 100 }).safeParse('1,000'))).toEqual([
      { key: 'validation.too_big', vars: { max: 100 } },
    ]);
    expect(messagesOf(typedNumber('en', { max: 100 }).safeParse(1.234))).toEqual([{ key: 'validation.two_decimals' }]);
    expect(messagesOf(typedNumber('en', { max: 3000, decimals: 0 }).safeParse('2019.5'))).toEqual([
      { key: 'validation.whole_number' },
    ]);
    expect(messagesOf(typedNumber('en', { max: 1 }).safeParse(''))).toEqual([{ key: 'validation.required' }]);
  });

  it('reads machine values (ids, coordinates) strictly, whatever the language', () => {
    expect(readMachineField('12')).toBe(12);
    expect(readMachineField('-1.25')).toBe(-1.25);
    expect(readMachineField('')).toBeUndefined();
    expect(readMachineField('1,5')).toBe('1,5');
  });

  it('builds a schema once per language', () => {
    let built = 0;
    const schemaFor = perLocale(() => ({ n: ++built }));
    expect(schemaFor('fr')).toBe(schemaFor('fr'));
    expect(schemaFor('en')).not.toBe(schemaFor('fr'));
    expect(built).toBe(2);
  });
});
