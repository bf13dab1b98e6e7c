import { atom } from 'nanostores';
import { sessionUserId, withTabLock } from './outbox';

/**
 * Lots written without a connection: a lot sent while offline is kept on the phone and posted again, to the
 * address it was meant for and with the same form-encoded data, until the server takes it.
 *
 * A lot form whose POST fails with status 0 calls `queueOfflineQuote`; the entry is kept in localStorage until
 * `sendOfflineQuotes` posts it, on page load and on every `online` event (`startOfflineQuoteSender` wires both
 * and is all another page needs to call). A 2xx removes the entry; a network error keeps it; a 401 keeps it
 * (signing in again will send it); a 408, 429 or 5xx keeps it for a later try; any other 4xx marks it
 * `rejected` with the server's message, so the banner can say why it was dropped before the user dismisses it.
 *
 * Entries carry the id of the member who wrote them: on a shared phone, another member's session must never
 * publish them.
 */
export interface OfflineQuote {
  id: string;
  /** Where to post it, e.g. `/api-v2/board-list/create-quote`. */
  path: string;
  /** The body exactly as the form would have sent it (`BoardList[title]=…&BoardList[photos][]=…`). */
  body: string;
  title: string;
  /** ISO date and time it was kept. */
  createdAt: string;
  userId: number;
  /** The server's reason when it refused the quote; such an entry is never sent again. */
  rejected?: string;
}

/** What happened to a quote sent from this page (in memory only: a report for the banner). */
export interface SentQuote {
  id: string;
  title: string;
  path: string;
  /** The lot's id: the created one from the answer, or the updated one from the body. */
  lotId: number | null;
}

export type SenderState = 'idle' | 'sending' | 'offline' | 'signed_out';

const STORAGE_KEY = 'mavuno.offline-quotes';
const RETRY_MS = 60_000;

export const $offlineQuotes = atom<OfflineQuote[]>([]);
export const $sentQuotes = atom<SentQuote[]>([]);
export const $senderState = atom<SenderState>('idle');

function isQuote(value: unknown): value is OfflineQuote {
  const q = value as OfflineQuote;
  return (
    typeof q === 'object' &&
    q !== null &&
    typeof q.id === 'string' &&
    typeof q.path === 'string' &&
    q.path.startsWith('/api-v2/') &&
    typeof q.body === 'string' &&
    typeof q.title === 'string' &&
    typeof q.createdAt === 'string' &&
    typeof q.userId === 'number'
  );
}

/** The stored list; unreadable storage (private mode, a damaged value) reads as empty rather than breaking the page. */
function readStored(): OfflineQuote[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isQuote) : [];
  } catch {
    return [];
  }
}

function writeStored(quotes: OfflineQuote[]): void {
  try {
    if (quotes.length === 0) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, JSON.stringify(quotes));
  } catch {
    /* storage full or blocked: the in-memory list still shows what is waiting for this page's life */
  }
  $offlineQuotes.set(quotes);
}

/** Refreshes the store from localStorage (another tab may have sent or kept quotes). */
export function loadOfflineQuotes(): OfflineQuote[] {
  const quotes = readStored();
  $offlineQuotes.set(quotes);
  return quotes;
}

/** Keeps a quote that could not be sent; answers its id, or null when this browser cannot store it. */
export function queueOfflineQuote(quote: Omit<OfflineQuote, 'id' | 'createdAt' | 'rejected'>): string | null {
  const entry: OfflineQuote = {
    ...quote,
    id: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    createdAt: new Date().toISOString(),
  };
  const next = [...readStored(), entry];
  writeStored(next);
  return readStored().some((q) => q.id === entry.id) ? entry.id : null;
}

/** Removes a quote for good (the user dismissed a refused one, or chose not to send a waiting one). */
export function removeOfflineQuote(id: string): void {
  writeStored(readStored().filter((q) => q.id !== id));
}

type Outcome =
  | { kind: 'sent'; lotId: number | null }
  | { kind: 'network' }
  | { kind: 'signed_out' }
  | { kind: 'later' }
  | { kind: 'rejected'; reason: string };

async function post(quote: OfflineQuote): Promise<Outcome> {
  let response: Response;
  try {
    // The stored body is already form-encoded, so this posts it as it is rather than through apiPost's encoder.
    response = await fetch(quote.path, {
      method: 'POST',
      body: quote.body,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/x-www-form-urlencoded',
        'Accept-Language': document.documentElement.lang || 'en',
        'X-Session-Mode': 'cookie',
      },
    });
  } catch {
    return { kind: 'network' };
  }
  const data = (await response.json().catch(() => null)) as { id?: unknown; message?: unknown } | null;
  if (response.ok) {
    const created = typeof data?.id === 'number' ? data.id : null;
    return { kind: 'sent', lotId: created ?? idInBody(quote.body) };
  }
  if (response.status === 401) return { kind: 'signed_out' };
  if (response.status === 408 || response.status === 429 || response.status >= 500) return { kind: 'later' };
  return {
    kind: 'rejected',
    reason: typeof data?.message === 'string' && data.message ? data.message : response.statusText,
  };
}

/** The lot id of an update-quote body (`BoardList[id]=12`). */
function idInBody(body: string): number | null {
  for (const [name, value] of new URLSearchParams(body))
    if (/\[id\]$/.test(name) && /^\d+$/.test(value)) return Number(value);
  return null;
}

let running: Promise<void> | null = null;

/**
 * Posts the signed-in member's waiting quotes, oldest first, and stops at the first network error (the rest
 * would fail too). Tabs share the work through a Web Lock, so a quote is never posted twice at once.
 */
export function sendOfflineQuotes(userId: number): Promise<void> {
  running ??= withTabLock('mavuno-offline-quotes', () => sendAll(userId)).finally(() => (running = null));
  return running;
}

async function sendAll(userId: number): Promise<void> {
  const pending = () => readStored().filter((q) => q.userId === userId && !q.rejected);
  if (pending().length === 0) {
    loadOfflineQuotes();
    $senderState.set('idle');
    return;
  }
  // A page rendered for one member must not post their lots with another member's session.
  if ((await sessionUserId()) !== userId) {
    $senderState.set('idle');
    return;
  }
  $senderState.set('sending');
  let state: SenderState = 'idle';
  for (const quote of pending()) {
    const outcome = await post(quote);
    // Read again after each answer: the user may have removed entries meanwhile.
    const current = readStored();
    if (outcome.kind === 'sent') {
      writeStored(current.filter((q) => q.id !== quote.id));
      $sentQuotes.set([
        ...$sentQuotes.get(),
        { id: quote.id, title: quote.title, path: quote.path, lotId: outcome.lotId },
      ]);
    } else if (outcome.kind === 'rejected') {
      writeStored(current.map((q) => (q.id === quote.id ? { ...q, rejected: outcome.reason } : q)));
    } else if (outcome.kind === 'network') {
      state = 'offline';
      break;
    } else if (outcome.kind === 'signed_out') {
      state = 'signed_out';
      break;
    } else state = 'offline';
  }
  loadOfflineQuotes();
  $senderState.set(state);
}

let stopCurrent: (() => void) | null = null;

/**
 * Sends the member's waiting quotes now, whenever the browser comes back online, and every minute while some
 * still wait (`online` is not fired when a network is joined but has no internet). Any page may call it once
 * for a signed-in member; calling it again replaces the previous wiring. Returns a function that stops it.
 */
export function startOfflineQuoteSender(userId: number): () => void {
  stopCurrent?.();
  const send = () => void sendOfflineQuotes(userId);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) loadOfflineQuotes();
  };
  const timer = window.setInterval(() => {
    if (readStored().some((q) => q.userId === userId && !q.rejected)) send();
  }, RETRY_MS);
  window.addEventListener('online', send);
  window.addEventListener('storage', onStorage);
  loadOfflineQuotes();
  send();
  const stop = () => {
    window.clearInterval(timer);
    window.removeEventListener('online', send);
    window.removeEventListener('storage', onStorage);
    if (stopCurrent === stop) stopCurrent = null;
  };
  stopCurrent = stop;
  return stop;
}
