import type { DatabaseHandle } from '~/server/db';
import { onShutdown } from '~/server/lifecycle';
import { processGlobal } from '~/server/process-global';
import { notifyUnread } from '~/server/services/chat/notify-unread';

/** How often the notices job looks for unread messages (docs/chat.md "Notices"). */
export const CHAT_NOTICES_EVERY_MS = 60_000;

type Slot = { timer?: NodeJS.Timeout; running?: Promise<void> };
const slot = processGlobal<Slot>('mavuno.chat-notices', () => ({}));

/**
 * Starts the chat notices job of this process: `notifyUnread` every minute. The production server starts it
 * (src/server/main.ts) and so does the dev server on its first request (src/middleware.ts); tests call
 * notifyUnread themselves. Once per process (a dev reload finds it running); a run still going when the next one is
 * due is not doubled; every process may run it, the claim in notifyUnread keeps two from sending the same notice.
 * On shutdown the timer stops and a run in progress finishes before the database closes.
 */
export function startChatNotices(database: DatabaseHandle): void {
  if (slot.timer) return;
  const run = () => {
    if (slot.running) return;
    slot.running = notifyUnread(database.db)
      .then(() => undefined)
      .catch((error) => console.error('[chat notices] failed:', error instanceof Error ? error.message : error))
      .finally(() => {
        slot.running = undefined;
      });
  };
  slot.timer = setInterval(run, CHAT_NOTICES_EVERY_MS);
  slot.timer.unref();
  onShutdown('chat notices', async () => {
    clearInterval(slot.timer);
    slot.timer = undefined;
    await slot.running;
  });
}
