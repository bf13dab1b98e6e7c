import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startIntervalJob } from '~/server/jobs/interval-job';
import { runShutdownHooks } from '~/server/lifecycle';

let slotCount = 0;
const freshSlot = () => `mavuno.test-interval-job-${++slotCount}`;

describe('startIntervalJob', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(async () => {
    await runShutdownHooks();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('runs every interval, once per process, and never doubles a run still going', async () => {
    let finish: () => void = () => {};
    const run = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const slot = freshSlot();
    startIntervalJob({ slot, name: 'test job', everyMs: 1_000, run });
    startIntervalJob({ slot, name: 'test job', everyMs: 1_000, run });
    await vi.advanceTimersByTimeAsync(999);
    expect(run).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    // Still running at the next two ticks: no second run.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(run).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(2);
    finish();
  });

  it('logs a failed run with its name and runs again at the next tick', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const run = vi.fn().mockRejectedValueOnce(new Error('boom')).mockResolvedValue(undefined);
    startIntervalJob({ slot: freshSlot(), name: 'test job', everyMs: 1_000, run });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(error).toHaveBeenCalledWith('[test job] failed:', 'boom');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('on shutdown stops the timer and waits for the run in progress', async () => {
    let finished = false;
    let finish: () => void = () => {};
    const run = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = () => {
            finished = true;
            resolve();
          };
        }),
    );
    startIntervalJob({ slot: freshSlot(), name: 'test job', everyMs: 1_000, run });
    await vi.advanceTimersByTimeAsync(1_000);
    const shutdown = runShutdownHooks();
    let shutDown = false;
    void shutdown.then(() => (shutDown = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(shutDown).toBe(false);
    finish();
    await shutdown;
    expect(finished).toBe(true);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
