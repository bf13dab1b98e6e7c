import { describe, expect, it } from 'vitest';
import { pluralKey } from './plural';

const keys = { one: 'x_one', other: 'x_other' } as const;

describe('pluralKey', () => {
  it('follows English: one is 1 only', () => {
    expect(pluralKey(1, 'en', keys)).toBe('x_one');
    expect(pluralKey(0, 'en', keys)).toBe('x_other');
    expect(pluralKey(2, 'en', keys)).toBe('x_other');
    expect(pluralKey(1.5, 'en', keys)).toBe('x_other');
  });

  it('follows French: 0, 1 and 1.5 are one', () => {
    expect(pluralKey(0, 'fr', keys)).toBe('x_one');
    expect(pluralKey(1.5, 'fr', keys)).toBe('x_one');
    expect(pluralKey(2, 'fr', keys)).toBe('x_other');
  });

  it('follows Swahili, and takes an island’s BCP 47 tag as well as a site locale', () => {
    expect(pluralKey(1, 'sw', keys)).toBe('x_one');
    expect(pluralKey(3, 'sw', keys)).toBe('x_other');
    expect(pluralKey(1, 'en-GB', keys)).toBe('x_one');
    expect(pluralKey(7, 'en-GB', keys)).toBe('x_other');
  });
});
