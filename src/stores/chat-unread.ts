import { CHAT_UNREAD_POLL_MS } from '~/features/chat/items';
import { polledCount } from './polled-count';

/**
 * The signed-in member's unread chat messages over all rooms (docs/chat.md "Screens"): the header's chat badge
 * shows it. Polled from GET /user/get-all-unread-messages-count every minute (anonymous callers are answered 0);
 * while a chat stream is open its events set the number at once (setChatUnread).
 */
const unread = polledCount<number>('/user/get-all-unread-messages-count', (data) => data, CHAT_UNREAD_POLL_MS);
export const $chatUnread = unread.$count;
export const seedChatUnread = unread.seed;
export const setChatUnread = unread.set;
