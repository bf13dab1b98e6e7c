import { describe, expect, it } from 'vitest';
import { plainLine } from './schemas';

describe('plainLine', () => {
  const line = plainLine(80);

  it('takes a name in any script, trimmed', () => {
    expect(line.parse('  Wanjiru Kamau ')).toBe('Wanjiru Kamau');
    expect(line.parse('Adjoa Mensah-Épée')).toBe('Adjoa Mensah-Épée');
    expect(line.parse('محمد علي')).toBe('محمد علي');
  });

  it('refuses control characters, C1 ones included', () => {
    for (const control of ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u009b'])
      expect(line.safeParse(`Amina${control}[31m`).success).toBe(false);
  });

  it('refuses bidirectional overrides and isolates, which disguise what a name says', () => {
    for (const mark of ['\u202a', '\u202e', '\u2066', '\u2069'])
      expect(line.safeParse(`Amina ${mark}evil`).success).toBe(false);
  });

  it('refuses a line longer than its limit', () => {
    expect(plainLine(5).safeParse('Amina W.').success).toBe(false);
  });
});
