import type { DatabaseHandle } from '~/server/db';
import { onShutdown } from '~/server/lifecycle';
import { processGlobal } from '~/server/process-global';
import { sendPriceAlerts } from '~/server/services/statistics/send-price-alerts';

/** How often the job checks the price alerts (docs/statistics.md "Price alerts"). */
export const PRICE_ALERTS_EVERY_MS = 10 * 60_000;

type Slot = { timer?: NodeJS.Timeout; running?: Promise<void> };
const slot = processGlobal<Slot>('mavuno.price-alerts', () => ({}));

/**
 * Starts the price alerts job of this process: `sendPriceAlerts` every ten minutes, with the clock's time. The
 * production server starts it (src/server/main.ts); tests call sendPriceAlerts with the time they choose. Once per
 * process; a run still going when the next one is due is not doubled; every process may run it, the claim in
 * deliverPriceAlert keeps an alert to one message a day. On shutdown the timer stops and a run finishes first.
 */
export function startPriceAlerts(database: DatabaseHandle): void {
  if (slot.timer) return;
  const run = () => {
    if (slot.running) return;
    slot.running = sendPriceAlerts(database.db)
      .then(() => undefined)
      .catch((error) => console.error('[price alerts] failed:', error instanceof Error ? error.message : error))
      .finally(() => {
        slot.running = undefined;
      });
  };
  slot.timer = setInterval(run, PRICE_ALERTS_EVERY_MS);
  slot.timer.unref();
  onShutdown('price alerts', async () => {
    clearInterval(slot.timer);
    slot.timer = undefined;
    await slot.running;
  });
}
