import { atom } from 'nanostores';
import type { ChatMessageView } from '~/features/chat/items';
import { apiPost } from '~/stores/api';
import { sessionUserId, withTabLock } from './outbox';

/**
 * Chat messages not yet taken by the server (docs/chat.md "Screens"), kept on the phone like the offline lots of
 * ./offline-quotes.ts: a message is stored here before it is first sent, and removed when the server has it, so
 * a lost connection, a closed tab or a 429 never loses what was typed. Each carries its client id: sending it
 * again after a lost answer stores it once (the API answers the first copy).
 *
 * Sent on page load, on every `online` event, when the chat stream (re)connects and every minute while some wait.
 * A network error, a 5xx, a 408 or a 429 keeps it (a 429 says when to try again); a 401 keeps it (signing in again
 * sends it); any other refusal (blocked, a room gone, bad text) marks it `rejected` with the server's words, shown
 * beside it until the member removes it. Entries carry their writer's id: on a shared phone, another member's
 * session never sends them. Photos are not kept (too big for localStorage): a photo that fails stays in the box.
 */
export interface QueuedChatMessage {
  clientId: string;
  roomKey: string;
  text: string;
  userId: number;
  /** ISO time it was written. */
  createdAt: string;
  /** The server's reason when it refused the message for good. */
  rejected?: string;
  /** The server's reason the last try failed for now (too many messages…). */
  problem?: string;
}

const STORAGE_KEY = 'mavuno.chat-outbox';
const RETRY_MS = 60_000;

export const $chatOutbox = atom<QueuedChatMessage[]>([]);
/** 'offline' while the last try found no connection. */
export const $chatOutboxState = atom<'idle' | 'sending' | 'offline'>('idle');

function isQueued(value: unknown): value is QueuedChatMessage {
  const q = value as QueuedChatMessage;
  return (
    typeof q === 'object' &&
    q !== null &&
    typeof q.clientId === 'string' &&
    typeof q.roomKey === 'string' &&
    typeof q.text === 'string' &&
    typeof q.userId === 'number' &&
    typeof q.createdAt === 'string'
  );
}

function readStored(): QueuedChatMessage[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isQueued) : [];
  } catch {
    return [];
  }
}

// Storage may be blocked (private mode) or full: the page keeps its own copy for its life.
let memory: QueuedChatMessage[] | null = null;

function current(): QueuedChatMessage[] {
  return memory ?? readStored();
}

function writeStored(list: QueuedChatMessage[]): void {
  try {
    if (list.length === 0) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, JSON.stringify(list));
    memory = null;
  } catch {
    memory = list;
  }
  $chatOutbox.set(list);
}

export function loadChatOutbox(): QueuedChatMessage[] {
  const list = current();
  $chatOutbox.set(list);
  return list;
}

/** A client id for a new message (the API keeps at most 64 characters). */
export function newClientId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

export function queueChatMessage(entry: Omit<QueuedChatMessage, 'createdAt'>): QueuedChatMessage {
  const queued: QueuedChatMessage = { ...entry, createdAt: new Date().toISOString() };
  writeStored([...current().filter((q) => q.clientId !== entry.clientId), queued]);
  return queued;
}

export function removeChatMessage(clientId: string): void {
  writeStored(current().filter((q) => q.clientId !== clientId));
}

type Outcome =
  | { kind: 'sent'; message: ChatMessageView }
  | { kind: 'network' }
  | { kind: 'signed_out' }
  | { kind: 'later'; reason: string }
  | { kind: 'rejected'; reason: string };

async function post(entry: QueuedChatMessage): Promise<Outcome> {
  const result = await apiPost<ChatMessageView>('/chat/post-message', {
    ChatRoomMessage: { room_unique_key: entry.roomKey, text: entry.text, client_id: entry.clientId },
  });
  if (result.ok) return { kind: 'sent', message: result.data };
  if (result.status === 0) return { kind: 'network' };
  if (result.status === 401) return { kind: 'signed_out' };
  const reason = result.error.message || result.error.code;
  if (result.status === 408 || result.status === 429 || result.status >= 500) return { kind: 'later', reason };
  return { kind: 'rejected', reason };
}

type SentListener = (message: ChatMessageView) => void;
const sentListeners = new Set<SentListener>();

/** Called with each message the server took from the outbox (the room shows it at once, before the stream). */
export function onChatMessageSent(listener: SentListener): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

let running: Promise<void> | null = null;

/** Sends the member's waiting messages, oldest first; stops at the first network error or pause. */
export function sendChatOutbox(userId: number): Promise<void> {
  running ??= withTabLock('mavuno-chat-outbox', () => sendAll(userId)).finally(() => (running = null));
  return running;
}

async function sendAll(userId: number): Promise<void> {
  const pending = () => current().filter((q) => q.userId === userId && !q.rejected);
  if (pending().length === 0) {
    loadChatOutbox();
    $chatOutboxState.set('idle');
    return;
  }
  if ((await sessionUserId()) !== userId) {
    // No connection (or another member's session): nothing is sent; the messages wait.
    $chatOutboxState.set(navigator.onLine === false ? 'offline' : 'idle');
    loadChatOutbox();
    return;
  }
  $chatOutboxState.set('sending');
  let state: 'idle' | 'offline' = 'idle';
  for (const entry of pending()) {
    const outcome = await post(entry);
    const list = current();
    if (outcome.kind === 'sent') {
      writeStored(list.filter((q) => q.clientId !== entry.clientId));
      for (const listener of sentListeners) listener(outcome.message);
    } else if (outcome.kind === 'rejected') {
      writeStored(list.map((q) => (q.clientId === entry.clientId ? { ...q, rejected: outcome.reason } : q)));
    } else if (outcome.kind === 'later') {
      writeStored(list.map((q) => (q.clientId === entry.clientId ? { ...q, problem: outcome.reason } : q)));
      break;
    } else {
      state = 'offline';
      break;
    }
  }
  loadChatOutbox();
  $chatOutboxState.set(state);
}

/**
 * Sends waiting messages now, on `online`, and every minute while some wait; follows other tabs' changes.
 * Returns a function that stops it.
 */
export function startChatOutbox(userId: number): () => void {
  const send = () => void sendChatOutbox(userId);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) loadChatOutbox();
  };
  const timer = window.setInterval(() => {
    if (current().some((q) => q.userId === userId && !q.rejected)) send();
  }, RETRY_MS);
  window.addEventListener('online', send);
  window.addEventListener('storage', onStorage);
  loadChatOutbox();
  send();
  return () => {
    window.clearInterval(timer);
    window.removeEventListener('online', send);
    window.removeEventListener('storage', onStorage);
  };
}
