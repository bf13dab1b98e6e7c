import { beforeEach, describe, expect, it } from 'vitest';
import { cachedLotResult, forgetLotCounts } from './lot-counts';

describe('catalogue counts cache', () => {
  beforeEach(() => forgetLotCounts());

  it('answers a filter asked again from one count, and counts again after a write', async () => {
    let loads = 0;
    const count = () => cachedLotResult('count:a', async () => ++loads);
    expect(await count()).toBe(1);
    expect(await count()).toBe(1);
    forgetLotCounts();
    expect(await count()).toBe(2);
  });

  it('does not keep a count that was under way when lots changed', async () => {
    let release: (value: number) => void = () => undefined;
    const slow = cachedLotResult('count:b', () => new Promise<number>((resolve) => (release = resolve)));
    forgetLotCounts();
    release(5);
    expect(await slow).toBe(5);
    expect(await cachedLotResult('count:b', async () => 6)).toBe(6);
  });

  it('forgets a failed count', async () => {
    await expect(cachedLotResult('count:c', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cachedLotResult('count:c', async () => 7)).toBe(7);
  });
});
