import { type WritableAtom, atom, onMount } from 'nanostores';
import { apiGet } from '~/stores/api';

export interface PolledCount {
  /** null until a page hands over the number it was rendered with (`seed`). */
  $count: WritableAtom<number | null>;
  /**
   * The count the server rendered the page with. Called from an island's effect (never while rendering on the
   * server, where a module is shared by every visitor's request); the first caller wins.
   */
  seed(count: number): void;
  /** A number learnt otherwise (a live stream, another call's answer). */
  set(count: number): void;
}

/**
 * A number of the signed-in member's that the header shows (offers waiting, unread messages): seeded by the page,
 * then polled from the API every `everyMs` while anything listens — and not while the tab is hidden, since a phone
 * on a metered connection pays for every request; coming back polls at once when a turn was missed. A 401 (signed
 * out here or in another tab) stops the polling until a page renders signed in again.
 */
export function polledCount<T>(path: string, read: (data: T) => unknown, everyMs: number): PolledCount {
  const $count = atom<number | null>(null);
  const set = (count: number) => {
    if (Number.isInteger(count) && count >= 0) $count.set(count);
  };

  const refresh = async (): Promise<'ok' | 'signed_out' | 'failed'> => {
    const result = await apiGet<T>(path);
    if (result.ok) {
      const count = read(result.data);
      if (typeof count === 'number' && Number.isInteger(count)) {
        $count.set(count);
        return 'ok';
      }
    }
    return result.status === 401 ? 'signed_out' : 'failed';
  };

  onMount($count, () => {
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
      if ((await refresh()) === 'signed_out') stopped = true;
      schedule(everyMs);
    };
    const onVisibility = () => {
      if (document.hidden) clearTimeout(timer);
      else schedule(lastPoll + everyMs - Date.now());
    };

    document.addEventListener('visibilitychange', onVisibility);
    schedule(everyMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  });

  return {
    $count,
    seed: (count) => {
      if ($count.get() === null) $count.set(count);
    },
    set,
  };
}
