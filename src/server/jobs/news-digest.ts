import type { DatabaseHandle } from '~/server/db';
import { sendNewsNotifications } from '~/server/services/articles/send-news-notifications';
import { startIntervalJob } from './interval-job';

/** How often the job looks for news to e-mail (docs/articles.md "News e-mails"). */
export const NEWS_DIGEST_EVERY_MS = 10 * 60_000;

/**
 * Starts the news e-mails job of this process: `sendNewsNotifications` every ten minutes, with the clock's time.
 * The production server starts it (src/server/main.ts); tests call sendNewsNotifications with the time they
 * choose. Once per process; a run still going when the next one is due is not doubled; every process may run it,
 * the claim in sendNewsNotifications keeps a member to one e-mail a day. On shutdown the timer stops and a run in
 * progress finishes before the database closes.
 */
export function startNewsDigest(database: DatabaseHandle): void {
  startIntervalJob({
    slot: 'mavuno.news-digest',
    name: 'news e-mails',
    everyMs: NEWS_DIGEST_EVERY_MS,
    run: () => sendNewsNotifications(database.db),
  });
}
