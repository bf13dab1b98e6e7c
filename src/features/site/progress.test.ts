import { describe, expect, it } from 'vitest';
import { shouldReloadAfterChunkError } from './chunk-reload';
import { createProgress } from './progress';

function fakeTimers() {
  let now = 0;
  const queue = new Map<number, { at: number; fn: () => void }>();
  let next = 1;
  return {
    setTimeout: (fn: () => void, ms: number) => {
      queue.set(next, { at: now + ms, fn });
      return next++;
    },
    clearTimeout: (handle: unknown) => queue.delete(handle as number),
    advance(ms: number) {
      now += ms;
      for (const [id, timer] of [...queue].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at <= now) {
          queue.delete(id);
          timer.fn();
        }
      }
    },
  };
}

describe('navigation progress bar', () => {
  it('stays hidden for loads shorter than 200 ms', () => {
    const events: string[] = [];
    const timers = fakeTimers();
    const progress = createProgress(
      { show: () => events.push('show'), finish: () => events.push('finish'), hide: () => events.push('hide') },
      timers,
    );
    progress.start();
    timers.advance(150);
    progress.done();
    timers.advance(1000);
    expect(events).toEqual([]);
  });

  it('shows after 200 ms and hides 500 ms after the load ends', () => {
    const events: string[] = [];
    const timers = fakeTimers();
    const progress = createProgress(
      { show: () => events.push('show'), finish: () => events.push('finish'), hide: () => events.push('hide') },
      timers,
    );
    progress.start();
    timers.advance(199);
    expect(events).toEqual([]);
    timers.advance(1);
    expect(events).toEqual(['show']);
    progress.start();
    progress.done();
    expect(events).toEqual(['show', 'finish']);
    timers.advance(499);
    expect(events).toEqual(['show', 'finish']);
    timers.advance(1);
    expect(events).toEqual(['show', 'finish', 'hide']);
  });
});

describe('chunk-load reload guard', () => {
  it('reloads at most once per 60 s', () => {
    const first = shouldReloadAfterChunkError(0, 1_000_000);
    expect(first).toEqual({ reload: true, stamp: 1_000_000 });
    expect(shouldReloadAfterChunkError(first.stamp, 1_030_000).reload).toBe(false);
    expect(shouldReloadAfterChunkError(first.stamp, 1_060_000).reload).toBe(true);
    expect(shouldReloadAfterChunkError(Number.NaN, 5).reload).toBe(true);
  });
});
