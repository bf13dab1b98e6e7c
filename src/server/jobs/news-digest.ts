import type { DatabaseHandle } from '~/server/db';
import { onShutdown } from '~/server/lifecycle';
import { processGlobal } from '~/server/process-global';
import { sendNewsNotifications } from '~/server/services/articles/send-news-notifications';

/** How often the job looks for news to e-mail (docs/articles.md "News e-mails"). */
export const NEWS_DIGEST_EVERY_MS = 10 * 60_000;

type Slot = { timer?: NodeJS.Timeout; running?: Promise<void> };
const slot = processGlobal<Slot>('mavuno.news-digest', () => ({}));

/**
 * Starts the news e-mails job of this process: `sendNewsNotifications` every ten minutes, with the clock's time.
 * The production server starts it (src/server/main.ts); tests call sendNewsNotifications with the time they
 * choose. Once per process; a run still going when the next one is due is not doubled; every process may run it,
 * the claim in sendNewsNotifications keeps a member to one e-mail a day. On shutdown the timer stops and a run in
 * progress finishes before the database closes.
 */
export function startNewsDigest(database: DatabaseHandle): void {
  if (slot.timer) return;
  const run = () => {
    if (slot.running) return;
    slot.running = sendNewsNotifications(database.db)
      .then(() => undefined)
      .catch((error) => console.error('[news e-mails] failed:', error instanceof Error ? error.message : error))
      .finally(() => {
        slot.running = undefined;
      });
  };
  slot.timer = setInterval(run, NEWS_DIGEST_EVERY_MS);
  slot.timer.unref();
  onShutdown('news e-mails', async () => {
    clearInterval(slot.timer);
    slot.timer = undefined;
    await slot.running;
  });
}
