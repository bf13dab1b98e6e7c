import type { DatabaseHandle } from '~/server/db';
import { publishDueArticles } from '~/server/services/articles/publish-due-articles';
import { startIntervalJob } from './interval-job';

/** How often scheduled articles are looked at: one is published at most a minute after its time. */
export const PUBLISH_DUE_ARTICLES_EVERY_MS = 60_000;

/**
 * Starts this process's publisher of scheduled articles (docs/articles.md "States"): publishDueArticles every
 * minute with the clock's time. Started by src/server/main.ts; tests call publishDueArticles with their own time.
 * A run still going when the next is due is not doubled; every process may run it (SKIP LOCKED rows). On
 * shutdown the timer stops and a run in progress finishes before the database closes.
 */
export function startPublishDueArticles(database: DatabaseHandle): void {
  startIntervalJob({
    slot: 'mavuno.publish-due-articles',
    name: 'publish due articles',
    everyMs: PUBLISH_DUE_ARTICLES_EVERY_MS,
    run: () => publishDueArticles(database.db),
  });
}
