import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createHistoryShareSchema, isHistoryShareToken } from './history-share';

describe('share links of a deal record', () => {
  it('recognises the tokens links carry and nothing else', () => {
    expect(isHistoryShareToken(randomBytes(32).toString('base64url'))).toBe(true);
    expect(isHistoryShareToken('')).toBe(false);
    expect(isHistoryShareToken('a'.repeat(42))).toBe(false);
    expect(isHistoryShareToken(`${'a'.repeat(42)}=`)).toBe(false);
    expect(isHistoryShareToken(`${'a'.repeat(42)}/`)).toBe(false);
  });

  it('takes an optional expiry of 1 to 365 days', () => {
    expect(createHistoryShareSchema.parse({ id: '7' })).toEqual({ id: 7 });
    expect(createHistoryShareSchema.parse({ id: 7, expires_in_days: '30' })).toEqual({ id: 7, expires_in_days: 30 });
    expect(createHistoryShareSchema.safeParse({ id: 7, expires_in_days: 0 }).success).toBe(false);
    expect(createHistoryShareSchema.safeParse({ id: 7, expires_in_days: 366 }).success).toBe(false);
    expect(createHistoryShareSchema.safeParse({ id: 7, expires_in_days: 2.5 }).success).toBe(false);
  });
});
