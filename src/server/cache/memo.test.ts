import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearMemo, memoize } from './memo';

afterEach(() => {
  vi.useRealTimers();
  clearMemo();
});

describe('memoize', () => {
  it('loads once within the time to live and again after it', async () => {
    vi.useFakeTimers();
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([memoize('k', 1000, load), memoize('k', 1000, load)])).toEqual([1, 1]);
    vi.advanceTimersByTime(999);
    expect(await memoize('k', 1000, load)).toBe(1);
    vi.advanceTimersByTime(2);
    expect(await memoize('k', 1000, load)).toBe(2);
  });

  it('does not remember a failed load', async () => {
    await expect(memoize('x', 1000, async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await memoize('x', 1000, async () => 'up')).toBe('up');
  });
});
