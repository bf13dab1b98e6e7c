import { describe, expect, it } from 'vitest';
import { SMS_MAX, SMS_MAX_PARTS, SMS_PART_MAX } from '~/features/channels/constants';
import { gsm7Length, isGsm7 } from '~/features/channels/gsm7';
import { splitSms } from './split-sms';

describe('splitSms', () => {
  it('sends a reply that fits as one GSM-7 SMS', () => {
    expect(splitSms('Maïs, Nakuru : prix demandé 3 600 KES')).toEqual(['Mais, Nakuru : prix demandé 3 600 KES']);
    const full = 'a'.repeat(SMS_MAX);
    expect(splitSms(full)).toEqual([full]);
  });

  it('splits a longer one into numbered parts, between words, each within SMS_PART_MAX', () => {
    const words = Array.from({ length: 50 }, (_, i) => `word${i}`).join(' ');
    const parts = splitSms(words);
    expect(parts.length).toBe(3);
    parts.forEach((part, i) => {
      expect(part.startsWith(`(${i + 1}/3) `)).toBe(true);
      expect(gsm7Length(part)).toBeLessThanOrEqual(SMS_PART_MAX);
      expect(isGsm7(part)).toBe(true);
      expect(part).not.toMatch(/ $/);
    });
    expect(parts.map((p) => p.slice(6)).join(' ')).toBe(words);
  });

  it('counts the extension table twice and ends what does not fit in "..."', () => {
    const euros = '€'.repeat(200);
    const two = splitSms(euros);
    expect(two.length).toBe(3);
    for (const part of two) expect(gsm7Length(part)).toBeLessThanOrEqual(SMS_PART_MAX);
    const long = splitSms('x '.repeat(1000));
    expect(long.length).toBe(SMS_MAX_PARTS);
    expect(long.at(-1)).toMatch(/\.\.\.$/);
    for (const part of long) expect(gsm7Length(part)).toBeLessThanOrEqual(SMS_PART_MAX);
  });
});
