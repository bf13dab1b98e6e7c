import { describe, expect, it } from 'vitest';
import { MAX_INT, parseId } from './fields';

describe('parseId', () => {
  it('reads a whole number that fits an integer column', () => {
    expect(parseId('1')).toBe(1);
    expect(parseId('0042')).toBe(42);
    expect(parseId(String(MAX_INT))).toBe(MAX_INT);
  });

  it('refuses anything else', () => {
    for (const raw of [
      undefined,
      null,
      '',
      '0',
      '-1',
      '1.5',
      '1e3',
      ' 12',
      '12abc',
      '0x10',
      String(MAX_INT + 1),
      '99999999999',
    ])
      expect(parseId(raw)).toBeUndefined();
  });
});
