import { describe, expect, it } from 'vitest';
import { dayOf, groupByDay, timeOf } from './day-groups';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('groupByDay', () => {
  const messages = [
    { id: 1, created_at: at('2026-03-01T20:30:00Z') },
    { id: 2, created_at: at('2026-03-01T22:30:00Z') },
    { id: 3, created_at: at('2026-03-02T08:00:00Z') },
  ];
  const now = at('2026-03-02T09:00:00Z');

  it('splits days where the reader lives, not where the server is', () => {
    // 22:30 UTC is already the next day in Nairobi (UTC+3).
    const nairobi = groupByDay(messages, 'sw', 'Africa/Nairobi', now);
    expect(nairobi.map((g) => [g.day, g.when, g.messages.map((m) => m.id)])).toEqual([
      ['2026-03-01', 'yesterday', [1]],
      ['2026-03-02', 'today', [2, 3]],
    ]);
    const utc = groupByDay(messages, 'en-GB', 'UTC', now);
    expect(utc.map((g) => g.messages.map((m) => m.id))).toEqual([[1, 2], [3]]);
  });

  it('names older days by their date in the reader language', () => {
    const [group] = groupByDay([{ created_at: at('2026-01-15T10:00:00Z') }], 'fr', 'UTC', now);
    expect(group.when).toBe('date');
    expect(group.label).toBe('15 janvier 2026');
  });

  it('writes times as the locale does', () => {
    expect(timeOf(at('2026-03-02T13:05:00Z'), 'en-GB', 'UTC')).toBe('13:05');
    expect(dayOf(at('2026-03-02T23:59:00Z'), 'Africa/Abidjan')).toBe('2026-03-02');
  });
});
