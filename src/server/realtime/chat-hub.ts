import { type DatabaseHandle, getDatabaseHandle } from '~/server/db';
import { onShutdown, onShutdownBegin } from '~/server/lifecycle';
import { processGlobal } from '~/server/process-global';
import { CHAT_CHANNEL, type ChatEvent, parseChatEvent } from '~/server/services/chat/chat-events';

/** What the hub knows of one open stream (src/server/realtime/chat-stream.ts). */
export interface HubStream {
  readonly userId: number;
  /** An event that names this stream's member (payload: ids only; the stream reads the rest). */
  event(event: ChatEvent): void;
  /** The listening connection came back: notifications may have been lost, so the stream catches up. */
  resync(): void;
  /** The server stops: the stream ends now. */
  close(): void;
}

/**
 * The process's chat hub (docs/chat.md "Live stream"): it listens to the chat channel on the database's one
 * listening connection and hands each event to the open streams of the members it names. It holds no message:
 * streams read what they send from the database.
 */
export class ChatHub {
  private readonly byUser = new Map<number, Set<HubStream>>();
  private open = 0;
  /** False between `lost` and `live`: events may be missing, and each stream catches up once `live` again. */
  live = true;

  /** Number of open streams. */
  get size(): number {
    return this.open;
  }

  /** Registers a stream; answers the function that unregisters it (idempotent). */
  add(stream: HubStream): () => void {
    const streams = this.byUser.get(stream.userId) ?? new Set<HubStream>();
    this.byUser.set(stream.userId, streams);
    streams.add(stream);
    this.open++;
    let removed = false;
    return () => {
      if (removed) return;
      removed = true;
      this.open--;
      streams.delete(stream);
      if (streams.size === 0 && this.byUser.get(stream.userId) === streams) this.byUser.delete(stream.userId);
    };
  }

  /** What the database's listener hears on the chat channel. */
  hear(kind: 'notify' | 'lost' | 'live', payload?: string): void {
    if (kind === 'lost') {
      this.live = false;
      return;
    }
    if (kind === 'live') {
      this.live = true;
      for (const streams of this.byUser.values()) for (const stream of streams) stream.resync();
      return;
    }
    const event = parseChatEvent(payload);
    if (!event) return;
    for (const userId of new Set(event.users)) {
      const streams = this.byUser.get(userId);
      if (streams) for (const stream of streams) stream.event(event);
    }
  }

  /** Ends every open stream (server shutdown). */
  closeAll(): void {
    for (const streams of [...this.byUser.values()]) for (const stream of [...streams]) stream.close();
  }
}

/** A hub listening on `database` until the answered `stop`. */
export async function startChatHub(database: DatabaseHandle): Promise<{ hub: ChatHub; stop: () => Promise<void> }> {
  const hub = new ChatHub();
  const unsubscribe = await database.subscribe(CHAT_CHANNEL, (kind, payload) => hub.hear(kind, payload));
  return {
    hub,
    stop: async () => {
      hub.closeAll();
      await unsubscribe();
    },
  };
}

type Slot = { database?: DatabaseHandle; hub?: Promise<ChatHub>; started?: ChatHub };
const slot = processGlobal<Slot>('mavuno.chat-hub', () => ({}));

/**
 * The hub of this process, started on the process's database at first use (the production server starts it at
 * start-up). Streams end as soon as shutdown begins, so the server does not wait for them; the listener stops
 * before the database closes (close hooks run last-registered first, and the database registered before).
 */
export async function getChatHub(): Promise<ChatHub> {
  const database = await getDatabaseHandle();
  if (slot.database !== database || !slot.hub) {
    slot.database = database;
    slot.started = undefined;
    slot.hub = startChatHub(database).then(
      ({ hub, stop }) => {
        onShutdownBegin('chat streams', () => hub.closeAll());
        onShutdown('chat hub', stop);
        slot.started = hub;
        return hub;
      },
      (error) => {
        slot.hub = undefined;
        slot.started = undefined;
        throw error;
      },
    );
  }
  return slot.hub;
}

/**
 * The hub this process started, if it did, without starting one: what the readiness check and the metrics read (its
 * open streams, whether its listening connection is up: src/server/services/health/check-readiness.ts).
 */
export function startedChatHub(): ChatHub | undefined {
  return slot.started;
}
