import type { DatabaseHandle } from '~/server/db';
import { onShutdown } from '~/server/lifecycle';
import { processGlobal } from '~/server/process-global';
import { publishDueArticles } from '~/server/services/articles/publish-due-articles';

/** How often scheduled articles are looked at: one is published at most a minute after its time. */
export const PUBLISH_DUE_ARTICLES_EVERY_MS = 60_000;

type Slot = { timer?: NodeJS.Timeout; running?: Promise<void> };
const slot = processGlobal<Slot>('mavuno.publish-due-articles', () => ({}));

/**
 * Starts this process's publisher of scheduled articles (docs/articles.md "States"): publishDueArticles every
 * minute with the clock's time. Started by src/server/main.ts; tests call publishDueArticles with their own time.
 * A run still going when the next is due is not doubled; every process may run it (SKIP LOCKED rows). On
 * shutdown the timer stops and a run in progress finishes before the database closes.
 */
export function startPublishDueArticles(database: DatabaseHandle): void {
  if (slot.timer) return;
  const run = () => {
    if (slot.running) return;
    slot.running = publishDueArticles(database.db)
      .then(() => undefined)
      .catch((error) => console.error('[publish due articles] failed:', error instanceof Error ? error.message : error))
      .finally(() => {
        slot.running = undefined;
      });
  };
  slot.timer = setInterval(run, PUBLISH_DUE_ARTICLES_EVERY_MS);
  slot.timer.unref();
  onShutdown('publish due articles', async () => {
    clearInterval(slot.timer);
    slot.timer = undefined;
    await slot.running;
  });
}
