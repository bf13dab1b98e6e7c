import { getDb } from '~/server/db';
import { countAllUnread } from '~/server/services/chat/unread';
import { errorMessage, log } from '~/server/log';

/**
 * The header chat badge's first number: the member's unread messages, read while the page renders so the header
 * is right before any script runs (the header and the drawer share one query per request). A failed count shows
 * no badge (the island's polling corrects it) rather than breaking the page around it. /chat reads it after its
 * own loader marked the open room read, so the badge already leaves out what the page shows.
 */
const perRequest = new WeakMap<Request, Promise<number>>();

export function loadChatUnread(request: Request, userId: number): Promise<number> {
  let count = perRequest.get(request);
  if (!count) {
    count = getDb()
      .then((db) => countAllUnread(db, userId))
      .catch((error: unknown) => {
        log.error({ component: 'chat' }, `chat badge count failed: ${errorMessage(error)}`);
        return 0;
      });
    perRequest.set(request, count);
  }
  return count;
}
