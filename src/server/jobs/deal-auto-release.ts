import type { DatabaseHandle } from '~/server/db';
import { onShutdown } from '~/server/lifecycle';
import { processGlobal } from '~/server/process-global';
import { autoReleaseDeals } from '~/server/services/deals/auto-release-deals';

/** How often the job looks for deals to release or warn about (docs/deals.md "Automatic release"). */
export const DEAL_AUTO_RELEASE_EVERY_MS = 10 * 60_000;

type Slot = { timer?: NodeJS.Timeout; running?: Promise<void> };
const slot = processGlobal<Slot>('mavuno.deal-auto-release', () => ({}));

/**
 * Starts the automatic release job of this process: `autoReleaseDeals` every ten minutes, with the clock's time.
 * The production server starts it (src/server/main.ts); tests call autoReleaseDeals with the time they choose.
 * Once per process; a run still going when the next one is due is not doubled; every process may run it, the
 * row locks and the ledger's keys release each deal once (services/deals/auto-release-deals.ts). On shutdown the
 * timer stops and a run in progress finishes before the database closes.
 */
export function startDealAutoRelease(database: DatabaseHandle): void {
  if (slot.timer) return;
  const run = () => {
    if (slot.running) return;
    slot.running = autoReleaseDeals(database.db)
      .then(() => undefined)
      .catch((error) => console.error('[deal auto-release] failed:', error instanceof Error ? error.message : error))
      .finally(() => {
        slot.running = undefined;
      });
  };
  slot.timer = setInterval(run, DEAL_AUTO_RELEASE_EVERY_MS);
  slot.timer.unref();
  onShutdown('deal auto-release', async () => {
    clearInterval(slot.timer);
    slot.timer = undefined;
    await slot.running;
  });
}
