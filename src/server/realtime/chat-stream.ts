import type { Database } from '~/server/db';
import { resolveUser } from '~/server/services/accounts/authenticate';
import type { ChatEvent } from '~/server/services/chat/chat-events';
import { findMemberRoom } from '~/server/services/chat/find-member-room';
import { findNewestMessageId } from '~/server/services/chat/find-newest-message-id';
import { listMessageItemsAfter } from '~/server/services/chat/message-items';
import { countAllUnread, countUnreadByRoom } from '~/server/services/chat/unread';
import type { ChatHub, HubStream } from './chat-hub';
import { errorMessage, log } from '~/server/log';

/** At most this many missed messages are sent on resume; beyond, `event: reset` (docs/chat.md "Live stream"). */
export const MAX_RESUME = 500;
/** A comment line this often keeps proxies from cutting an idle stream. */
export const PING_EVERY_MS = 20_000;
/** The member's session is checked again this often (and before each event). */
export const SESSION_CHECK_EVERY_MS = 60_000;
/** A client that reads nothing while this much waits for it is cut off (it resumes from its last id). */
const MAX_QUEUED_BYTES = 1024 * 1024;

export interface ChatStreamOptions {
  db: Database;
  hub: ChatHub;
  user: { id: number; sessionId: number };
  /** The credentials the stream was opened with, checked again while it lasts. */
  credentials: { bearer?: string; cookie?: string };
  /** The last message id the client has (Last-Event-ID), or undefined for "from now on". */
  lastEventId?: number;
  /** The request's abort signal: the client went away. */
  signal?: AbortSignal;
  pingEveryMs?: number;
  sessionCheckEveryMs?: number;
}

const encoder = new TextEncoder();

function frame(event: string, data: unknown, id?: number): string {
  // JSON.stringify never writes a line break, so the data is one `data:` line.
  return `event: ${event}\n${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`;
}

/**
 * One member's live stream, as the body of a `text/event-stream` answer. Everything it sends is read from the
 * database when a hub event names its member: messages as `id > last delivered id` (so a message is never sent
 * twice nor skipped, see docs/chat.md "Order"), one read at a time. It ends when the client goes away, when the
 * session is no longer valid, when the hub closes it (shutdown) or when the client stops reading.
 */
export function openChatStream(options: ChatStreamOptions): ReadableStream<Uint8Array> {
  const { db, hub, user, credentials, signal } = options;
  let lastId = 0;
  let ended = false;
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let unregister = () => {};
  let timer: ReturnType<typeof setInterval> | undefined;
  let ticks = 0;
  // Work runs one task at a time, in order; a pending catch-up absorbs the message events that arrive meanwhile.
  let chain: Promise<void> = Promise.resolve();
  let catchUpQueued = false;

  const cleanup = () => {
    if (ended) return false;
    ended = true;
    unregister();
    if (timer) clearInterval(timer);
    signal?.removeEventListener('abort', onAbort);
    return true;
  };
  const end = () => {
    if (!cleanup()) return;
    try {
      controller.close();
    } catch {
      /* already closed or cancelled */
    }
  };
  const onAbort = () => cleanup();

  const send = (text: string) => {
    if (ended) return;
    controller.enqueue(encoder.encode(text));
    if ((controller.desiredSize ?? 0) < -MAX_QUEUED_BYTES) end();
  };

  const run = (task: () => Promise<void>) => {
    chain = chain.then(async () => {
      if (ended) return;
      try {
        await task();
      } catch (error) {
        // A failed read (the database restarting) ends the stream; the client resumes from its last id.
        log.error({ component: 'chat-stream' }, `chat stream ended by an error: ${errorMessage(error)}`);
        end();
      }
    });
  };

  /** The session this stream was opened with is still valid for the same member. */
  const sessionValid = async () => {
    const current = await resolveUser(db, credentials);
    return current !== null && current.id === user.id && current.sessionId === user.sessionId;
  };

  /** Sends every message above the last delivered id (or `reset` when more than MAX_RESUME are waiting). */
  const catchUp = async () => {
    const items = await listMessageItemsAfter(db, user.id, lastId, MAX_RESUME + 1);
    if (ended) return;
    if (items.length > MAX_RESUME) {
      const newest = await findNewestMessageId(db, user.id);
      const total = await countAllUnread(db, user.id);
      if (ended) return;
      lastId = Math.max(lastId, newest);
      // With an id: a client that reloads its rooms resumes from here, not from before the gap again.
      send(frame('reset', { last_message_id: lastId, total_unread: total }, lastId));
      return;
    }
    if (items.length === 0) return;
    const unread = await countUnreadByRoom(db, user.id, [...new Set(items.map((item) => item.chat_room_id))]);
    const total = await countAllUnread(db, user.id);
    if (ended) return;
    for (const item of items) {
      if (item.id <= lastId) continue;
      send(
        frame('message', { ...item, unread_count: unread.get(item.chat_room_id) ?? 0, total_unread: total }, item.id),
      );
      lastId = item.id;
    }
  };

  const queueCatchUp = () => {
    if (catchUpQueued) return;
    catchUpQueued = true;
    run(async () => {
      catchUpQueued = false;
      if (!(await sessionValid())) return end();
      await catchUp();
    });
  };

  const other = (users: number[]) => users.find((id) => id !== user.id) ?? user.id;

  const onEvent = (event: ChatEvent) => {
    if (ended) return;
    if (event.t === 'message') {
      if (event.id > lastId) queueCatchUp();
      return;
    }
    run(async () => {
      if (!(await sessionValid())) return end();
      if (event.t === 'blocked') {
        send(frame('blocked', { other_id: other(event.users) }));
        return;
      }
      // Read with the membership checked: only a member of the room hears about it.
      const key = await findMemberRoom(db, user.id, { id: event.room }).then(
        (room) => room.uniqueKey,
        () => undefined,
      );
      if (!key) return;
      if (event.t === 'deleted') {
        send(frame('deleted', { room_unique_key: key, message_id: event.id }));
        send(frame('unread', { total_unread: await countAllUnread(db, user.id) }));
      } else {
        send(frame('read', { room_unique_key: key, reader_id: event.reader, last_read_message_id: event.upTo }));
        if (event.reader === user.id) send(frame('unread', { total_unread: await countAllUnread(db, user.id) }));
      }
    });
  };

  const stream: HubStream = {
    userId: user.id,
    event: onEvent,
    resync: () => {
      // Messages may have been missed while the listener was down; so may read marks: the total is sent again.
      queueCatchUp();
      run(async () => send(frame('unread', { total_unread: await countAllUnread(db, user.id) })));
    },
    close: end,
  };

  return new ReadableStream<Uint8Array>(
    {
      start(streamController) {
        controller = streamController;
        if (signal?.aborted) {
          ended = true;
          controller.close();
          return;
        }
        signal?.addEventListener('abort', onAbort);
        const pingEvery = options.pingEveryMs ?? PING_EVERY_MS;
        const checkEvery = Math.max(1, Math.round((options.sessionCheckEveryMs ?? SESSION_CHECK_EVERY_MS) / pingEvery));
        timer = setInterval(() => {
          send(': ping\n\n');
          if (++ticks % checkEvery === 0)
            run(async () => {
              if (!(await sessionValid())) end();
            });
        }, pingEvery);
        timer.unref?.();
        // A reconnecting EventSource waits this long; the first line also tells the client the stream is open.
        send('retry: 3000\n\n');
        run(async () => {
          // The starting point is read before the stream joins the hub, and everything above it is read after:
          // a message committed in between is sent (by this catch-up, or by its own event), never lost.
          lastId = options.lastEventId ?? (await findNewestMessageId(db, user.id));
          if (ended) return;
          unregister = hub.add(stream);
          await catchUp();
        });
      },
      cancel() {
        cleanup();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 64 * 1024 }),
  );
}
