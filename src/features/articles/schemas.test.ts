import { describe, expect, it } from 'vitest';
import { articleStateSchema } from './schemas';

const schedule = (publish_at: unknown) =>
  articleStateSchema.safeParse({ id: 1, version: 1, state: 'scheduled', publish_at });

describe('a schedule time', () => {
  it('is ISO 8601 with its offset, or epoch seconds', () => {
    const at = schedule('2030-12-01T11:00+03:00');
    expect(at.success && at.data.publish_at?.toISOString()).toBe('2030-12-01T08:00:00.000Z');
    const epoch = schedule(1_900_000_000);
    expect(epoch.success && epoch.data.publish_at?.getTime()).toBe(1_900_000_000_000);
  });

  it('is never guessed: no offset, a day that does not exist, a bare number, far future or long past', () => {
    for (const bad of ['2030-12-01T11:00', '2030-02-31T08:00Z', '1', '0', '2030-12-01', '+275760-09-13T00:00Z'])
      expect(schedule(bad).success, bad).toBe(false);
    expect(schedule(8.64e12).success).toBe(false);
    expect(schedule('1999-12-31T23:59Z').success).toBe(false);
  });
});
