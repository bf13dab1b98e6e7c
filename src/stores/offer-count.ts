import { atom, onMount } from 'nanostores';
import { OFFER_COUNT_POLL_MS } from '~/features/deals/constants';
import { apiGet } from '~/islands/lib/api';

/**
 * How many offers wait for the signed-in user (docs/deals.md "Lists, badge, cabinet"): the header badge shows
 * it, and the offers list reloads when it changes. null until a page hands over the number it was rendered
 * with (seedOfferCount); from then on the store polls GET /offer/user-offer-count every minute while anything
 * listens, and not while the tab is hidden: a phone on a metered connection pays for every request.
 */
export const $offerCount = atom<number | null>(null);

/**
 * The count the server rendered the page with. Called from an island's effect (never while rendering on the
 * server, where this module is shared by every visitor's request); the first caller wins.
 */
export function seedOfferCount(count: number): void {
  if ($offerCount.get() === null) $offerCount.set(count);
}

async function refresh(): Promise<'ok' | 'signed_out' | 'failed'> {
  const result = await apiGet<{ count: number }>('/offer/user-offer-count');
  if (result.ok && Number.isInteger(result.data.count)) {
    $offerCount.set(result.data.count);
    return 'ok';
  }
  // Signed out (here or in another tab): nothing more to count until a page renders signed in again.
  return result.status === 401 ? 'signed_out' : 'failed';
}

onMount($offerCount, () => {
  let lastPoll = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const schedule = (delay: number) => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(() => void poll(), Math.max(delay, 0));
  };
  const poll = async () => {
    // A hidden tab skips its turn; coming back (below) polls at once if a turn was missed.
    if (document.hidden) return;
    lastPoll = Date.now();
    if ((await refresh()) === 'signed_out') stopped = true;
    schedule(OFFER_COUNT_POLL_MS);
  };
  const onVisibility = () => {
    if (document.hidden) clearTimeout(timer);
    else schedule(lastPoll + OFFER_COUNT_POLL_MS - Date.now());
  };

  document.addEventListener('visibilitychange', onVisibility);
  schedule(OFFER_COUNT_POLL_MS);
  return () => {
    stopped = true;
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisibility);
  };
});
