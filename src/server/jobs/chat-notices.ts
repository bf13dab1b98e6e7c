import type { DatabaseHandle } from '~/server/db';
import { notifyUnread } from '~/server/services/chat/notify-unread';
import { startIntervalJob } from './interval-job';

/** How often the notices job looks for unread messages (docs/chat.md "Notices"). */
export const CHAT_NOTICES_EVERY_MS = 60_000;

/**
 * Starts the chat notices job of this process: `notifyUnread` every minute. The production server starts it
 * (src/server/main.ts) and so does the dev server on its first request (src/middleware.ts); tests call
 * notifyUnread themselves. Once per process (a dev reload finds it running); a run still going when the next one is
 * due is not doubled; every process may run it, the claim in notifyUnread keeps two from sending the same notice.
 * On shutdown the timer stops and a run in progress finishes before the database closes.
 */
export function startChatNotices(database: DatabaseHandle): void {
  startIntervalJob({
    slot: 'mavuno.chat-notices',
    name: 'chat notices',
    everyMs: CHAT_NOTICES_EVERY_MS,
    run: () => notifyUnread(database.db),
  });
}
