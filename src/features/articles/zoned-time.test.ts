import { describe, expect, it } from 'vitest';
import { isTimeZone, utcToZonedLocal, zonedLocalToUtc } from './zoned-time';

describe('zoned time', () => {
  it('reads a wall-clock time in the editor’s zone as the right instant', () => {
    expect(zonedLocalToUtc('2026-12-01T08:30', 'Africa/Nairobi')?.toISOString()).toBe('2026-12-01T05:30:00.000Z');
    expect(zonedLocalToUtc('2026-12-01T08:30', 'UTC')?.toISOString()).toBe('2026-12-01T08:30:00.000Z');
    // Paris in summer is UTC+2, in winter UTC+1.
    expect(zonedLocalToUtc('2026-07-01T12:00', 'Europe/Paris')?.toISOString()).toBe('2026-07-01T10:00:00.000Z');
    expect(zonedLocalToUtc('2026-01-01T12:00', 'Europe/Paris')?.toISOString()).toBe('2026-01-01T11:00:00.000Z');
  });

  it('refuses a malformed time or an unknown zone', () => {
    expect(zonedLocalToUtc('tomorrow', 'UTC')).toBeUndefined();
    expect(zonedLocalToUtc('2026-12-01T08:30', 'Mars/Olympus')).toBeUndefined();
    expect(isTimeZone('Africa/Lagos')).toBe(true);
  });

  it('shows an instant as the zone’s wall clock', () => {
    expect(utcToZonedLocal(new Date('2026-12-01T05:30:00Z'), 'Africa/Nairobi')).toBe('2026-12-01T08:30');
  });
});
