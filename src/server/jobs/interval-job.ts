import { onShutdown } from '~/server/lifecycle';
import { processGlobal } from '~/server/process-global';

export interface IntervalJob {
  /** The process-wide slot's name (`mavuno.<job>`): a dev reload finds the job already running. */
  slot: string;
  /** The job's name in log lines (`[name] failed: …`) and its shutdown hook. */
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
}

type Slot = { timer?: NodeJS.Timeout; running?: Promise<void> };

/**
 * Runs `run` every `everyMs` in this process, the timer not keeping the process alive. Once per process (a second
 * start is ignored); a run still going when the next one is due is not doubled; a failure is logged and the next
 * run tries again. On shutdown the timer stops and a run in progress finishes before the database closes.
 */
export function startIntervalJob({ slot: slotName, name, everyMs, run }: IntervalJob): void {
  const slot = processGlobal<Slot>(slotName, () => ({}));
  if (slot.timer) return;
  const tick = () => {
    if (slot.running) return;
    slot.running = run()
      .then(() => undefined)
      .catch((error) => console.error(`[${name}] failed:`, error instanceof Error ? error.message : error))
      .finally(() => {
        slot.running = undefined;
      });
  };
  slot.timer = setInterval(tick, everyMs);
  slot.timer.unref();
  onShutdown(name, async () => {
    clearInterval(slot.timer);
    slot.timer = undefined;
    await slot.running;
  });
}
