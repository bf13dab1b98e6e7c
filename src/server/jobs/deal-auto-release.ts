import type { DatabaseHandle } from '~/server/db';
import { autoReleaseDeals } from '~/server/services/deals/auto-release-deals';
import { startIntervalJob } from './interval-job';

/** How often the job looks for deals to release or warn about (docs/deals.md "Automatic release"). */
export const DEAL_AUTO_RELEASE_EVERY_MS = 10 * 60_000;

/**
 * Starts the automatic release job of this process: `autoReleaseDeals` every ten minutes, with the clock's time.
 * The production server starts it (src/server/main.ts); tests call autoReleaseDeals with the time they choose.
 * Once per process; a run still going when the next one is due is not doubled; every process may run it, the
 * row locks and the ledger's keys release each deal once (services/deals/auto-release-deals.ts). On shutdown the
 * timer stops and a run in progress finishes before the database closes.
 */
export function startDealAutoRelease(database: DatabaseHandle): void {
  startIntervalJob({
    slot: 'mavuno.deal-auto-release',
    name: 'deal auto-release',
    everyMs: DEAL_AUTO_RELEASE_EVERY_MS,
    run: () => autoReleaseDeals(database.db),
  });
}
