import { atom, onMount } from 'nanostores';
import { CHAT_UNREAD_POLL_MS } from '~/features/chat/items';
import { apiGet } from '~/islands/lib/api';

/**
 * The signed-in member's unread chat messages over all rooms (docs/chat.md "Screens"): the header's chat badge
 * shows it. null until a page hands over the number it was rendered with (seedChatUnread); from then on the store
 * polls GET /user/get-all-unread-messages-count every minute while anything listens and the tab is visible, as
 * src/stores/offer-count.ts does. While a chat stream is open its events set the number at once (setChatUnread).
 */
export const $chatUnread = atom<number | null>(null);

/** The count the server rendered the page with; called from an island's effect, the first caller wins. */
export function seedChatUnread(count: number): void {
  if ($chatUnread.get() === null) $chatUnread.set(count);
}

/** A number the stream or a mark-read answer told. */
export function setChatUnread(count: number): void {
  if (Number.isInteger(count) && count >= 0) $chatUnread.set(count);
}

async function refresh(): Promise<'ok' | 'signed_out' | 'failed'> {
  const result = await apiGet<number>('/user/get-all-unread-messages-count');
  if (result.ok && Number.isInteger(result.data)) {
    $chatUnread.set(result.data);
    return 'ok';
  }
  return result.status === 401 ? 'signed_out' : 'failed';
}

onMount($chatUnread, () => {
  let lastPoll = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const schedule = (delay: number) => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(() => void poll(), Math.max(delay, 0));
  };
  const poll = async () => {
    if (document.hidden) return;
    lastPoll = Date.now();
    // Anonymous callers are answered 0, not 401: a signed-out session stops with the next page anyway.
    if ((await refresh()) === 'signed_out') stopped = true;
    schedule(CHAT_UNREAD_POLL_MS);
  };
  const onVisibility = () => {
    if (document.hidden) clearTimeout(timer);
    else schedule(lastPoll + CHAT_UNREAD_POLL_MS - Date.now());
  };

  document.addEventListener('visibilitychange', onVisibility);
  schedule(CHAT_UNREAD_POLL_MS);
  return () => {
    stopped = true;
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisibility);
  };
});
