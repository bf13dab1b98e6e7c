import type { DatabaseHandle } from '~/server/db';
import { sendPriceAlerts } from '~/server/services/statistics/send-price-alerts';
import { startIntervalJob } from './interval-job';

/** How often the job checks the price alerts (docs/statistics.md "Price alerts"). */
export const PRICE_ALERTS_EVERY_MS = 10 * 60_000;

/**
 * Starts the price alerts job of this process: `sendPriceAlerts` every ten minutes, with the clock's time. The
 * production server starts it (src/server/main.ts); tests call sendPriceAlerts with the time they choose. Once per
 * process; a run still going when the next one is due is not doubled; every process may run it, the claim in
 * deliverPriceAlert keeps an alert to one message a day. On shutdown the timer stops and a run finishes first.
 */
export function startPriceAlerts(database: DatabaseHandle): void {
  startIntervalJob({
    slot: 'mavuno.price-alerts',
    name: 'price alerts',
    everyMs: PRICE_ALERTS_EVERY_MS,
    run: () => sendPriceAlerts(database.db),
  });
}
