import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getApiApp } from '~/server/api/app';
import { chatMessages, chatRooms, sessions, users } from '~/server/db/schema';
import { hashToken } from '~/server/services/accounts/secrets';
import { runShutdownBeginHooks } from '~/server/lifecycle';
import { getChatHub } from '~/server/realtime/chat-hub';
import { openChatStream } from '~/server/realtime/chat-stream';
import { appendMessage } from '~/server/services/chat/append-message';
import { apiRequest } from '../fixtures/api';
import { signedUpUser } from '../fixtures/accounts';
import { call, roomKey, sent } from '../fixtures/chat';
import { useTestDatabase } from '../fixtures/database';
import { sellMaize } from '../fixtures/deals';
import { memberWithTier } from '../fixtures/lots';
import { readEvents } from '../fixtures/sse';

const database = useTestDatabase();
const db = () => database.handle().db;

type Member = Awaited<ReturnType<typeof signedUpUser>> & { id: number };
async function member(tier?: 'silver'): Promise<Member> {
  const account = tier ? await memberWithTier(database.handle(), tier) : await signedUpUser();
  const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, account.email));
  return { ...account, id: row.id };
}

/** Opens `GET /chat/stream` in-process as `auth`, with extra headers or query. */
async function openStream(
  auth: Record<string, string>,
  options: { headers?: Record<string, string>; query?: string; signal?: AbortSignal } = {},
) {
  const response = await getApiApp().request(`/api-v2/chat/stream${options.query ?? ''}`, {
    headers: { ...auth, ...options.headers },
    signal: options.signal,
  });
  if (response.status !== 200 || !response.body)
    throw new Error(`stream refused: ${response.status} ${await response.text()}`);
  return { response, stream: readEvents(response.body) };
}

/** The next message event, skipping others. */
async function nextMessage(stream: ReturnType<typeof readEvents>, timeoutMs = 5000) {
  for (;;) {
    const event = await stream.next(timeoutMs);
    if (event.event === 'message') return event;
  }
}

const waitUntil = async (ready: () => boolean, timeoutMs = 3000) => {
  const deadline = Date.now() + timeoutMs;
  while (!ready() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  return ready();
};

let seller: Member;
let buyer: Member;
let stranger: Member;
let room: { id: number; ownerId: number; memberId: number; uniqueKey: string };

/** Posts `text` as `from` into the room through `POST /chat/post-message`. */
const post = (from: Member, text: string) => sent(from.auth, room.uniqueKey, text);

beforeAll(async () => {
  seller = await member('silver');
  buyer = await member();
  stranger = await member();
  const key = await roomKey(buyer.auth, await sellMaize(seller.auth));
  [room] = await db().select().from(chatRooms).where(eq(chatRooms.uniqueKey, key));
});

describe('GET /chat/stream', () => {
  it('answers 401 to an anonymous caller and 422 to a resume point that is not a message id', async () => {
    const anonymous = await apiRequest('/chat/stream');
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.code).toBe('unauthorized');
    const bad = await apiRequest('/chat/stream', { headers: { ...buyer.auth, 'Last-Event-ID': 'yesterday' } });
    expect(bad.status).toBe(422);
    expect(bad.json.errors.last_event_id).toHaveLength(1);
    const negative = await apiRequest('/chat/stream?last_event_id=-4', { headers: buyer.auth });
    expect(negative.status).toBe(422);
  });

  it("delivers a message to both members' streams, with unread counts, and never to a stranger's", async () => {
    const mine = await openStream(buyer.auth);
    const theirs = await openStream(seller.auth);
    const strangers = await openStream(stranger.auth);
    expect(mine.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(mine.response.headers.get('cache-control')).toBe('no-store');
    await new Promise((resolve) => setTimeout(resolve, 100));

    const message = await post(seller, 'Habari, the maize is ready. Call 0712 345 678');
    const received = await nextMessage(mine.stream);
    expect(received.id).toBe(String(message.id));
    expect(received.data).toMatchObject({
      id: message.id,
      chat_room_id: room.id,
      room_unique_key: room.uniqueKey,
      kind: 'text',
      created_by: seller.id,
      mine: false,
      text: 'Habari, the maize is ready. Call 0712 345 678',
      deleted: false,
      client_id: null,
      unread_count: 1,
      total_unread: 1,
    });
    expect(received.data.warnings).toContain('phone_number');
    const echoed = await nextMessage(theirs.stream);
    expect(echoed.data).toMatchObject({ id: message.id, mine: true, unread_count: 0, total_unread: 0, warnings: [] });

    const strangerEvents = await strangers.stream.during(300);
    expect(strangerEvents).toEqual([]);
    await Promise.all([mine.stream.close(), theirs.stream.close(), strangers.stream.close()]);
  });

  it('resumes after Last-Event-ID with exactly the missed messages, in order, then live ones once', async () => {
    const first = await openStream(buyer.auth);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const seen = await post(seller, 'Bei ni 3,600 kwa gunia');
    const last = await nextMessage(first.stream);
    expect(last.id).toBe(String(seen.id));
    await first.stream.close();

    const missed = [await post(seller, 'one'), await post(buyer, 'two'), await post(seller, 'three')];
    const resumed = await openStream(buyer.auth, { headers: { 'Last-Event-ID': last.id! } });
    const got = [
      await nextMessage(resumed.stream),
      await nextMessage(resumed.stream),
      await nextMessage(resumed.stream),
    ];
    expect(got.map((event) => Number(event.id))).toEqual(missed.map((message) => message.id));
    expect(got.map((event) => event.data.text)).toEqual(['one', 'two', 'three']);
    // The newest figures: the buyer's own message marked everything before it read.
    expect(got[2].data).toMatchObject({ unread_count: 1, total_unread: 1 });

    const live = await post(seller, 'four');
    const next = await nextMessage(resumed.stream);
    expect(Number(next.id)).toBe(live.id);
    // Nothing is sent twice: the events of the resumed messages arrived while the stream was reading them.
    expect((await resumed.stream.during(300)).filter((event) => event.event === 'message')).toEqual([]);
    await resumed.stream.close();

    // The query parameter works the same; a stream without a resume point sends only what comes later.
    const byQuery = await openStream(buyer.auth, { query: `?last_event_id=${missed[2].id}` });
    expect(Number((await nextMessage(byQuery.stream)).id)).toBe(live.id);
    await byQuery.stream.close();
    const fresh = await openStream(buyer.auth);
    expect((await fresh.stream.during(300)).filter((event) => event.event === 'message')).toEqual([]);
    await fresh.stream.close();
  });

  it('tells a client that missed more than 500 messages to reload, and goes on from the newest', async () => {
    const before = await post(seller, 'before the flood');
    const flood = await db().transaction(async (tx) => {
      let newest = 0;
      for (let i = 0; i < 501; i++)
        newest = (await appendMessage(tx, room, { kind: 'text', createdBy: seller.id, body: `line ${i}` })).message.id;
      return newest;
    });
    const resumed = await openStream(buyer.auth, { headers: { 'Last-Event-ID': String(before.id) } });
    const reset = await resumed.stream.next();
    expect(reset).toMatchObject({ event: 'reset', id: String(flood) });
    expect(reset.data.last_message_id).toBe(flood);
    const after = await post(seller, 'after the flood');
    expect(Number((await nextMessage(resumed.stream)).id)).toBe(after.id);
    await resumed.stream.close();
  });

  it('frees the stream when the client goes away (abort signal or cancelled body)', async () => {
    const hub = await getChatHub();
    expect(hub.size).toBe(0);
    const aborter = new AbortController();
    const aborted = await openStream(buyer.auth, { signal: aborter.signal });
    const cancelled = await openStream(seller.auth);
    expect(await waitUntil(() => hub.size === 2)).toBe(true);
    aborter.abort();
    expect(await waitUntil(() => hub.size === 1)).toBe(true);
    await cancelled.stream.close();
    expect(await waitUntil(() => hub.size === 0)).toBe(true);
    await aborted.stream.close();
  });

  it('ends when its member signs out, without delivering what comes after', async () => {
    const hub = await getChatHub();
    const other = await member();
    const otherKey = await roomKey(other.auth, await sellMaize(seller.auth));
    const opened = await openStream(other.auth);
    const logout = await apiRequest('/user/logout', {
      method: 'POST',
      headers: { ...other.auth, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(logout.status).toBe(200);
    await sent(seller.auth, otherKey, 'are you there?');
    expect(await opened.stream.ended()).toBe(true);
    expect(opened.stream.events.filter((event) => event.event === 'message')).toEqual([]);
    expect(await waitUntil(() => hub.size === 0)).toBe(true);
  });

  it('pings, and checks the session on a timer even when nothing happens', async () => {
    const hub = await getChatHub();
    const other = await member();
    const [session] = await db()
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.accessHash, hashToken(other.access)));
    const body = openChatStream({
      db: db(),
      hub,
      user: { id: other.id, sessionId: session.id },
      credentials: { bearer: other.access },
      pingEveryMs: 40,
      sessionCheckEveryMs: 80,
    });
    const stream = readEvents(body);
    expect(await stream.comment(2)).toBe(true);
    expect(await stream.ended(200)).toBe(false);
    await apiRequest('/user/logout', {
      method: 'POST',
      headers: { ...other.auth, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(await stream.ended(2000)).toBe(true);
    expect(await waitUntil(() => hub.size === 0)).toBe(true);
  });

  it('passes read marks, deletions and blocks to the members, with the room key and no resume id', async () => {
    const buyers = await openStream(buyer.auth);
    const sellers = await openStream(seller.auth);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const message = await post(seller, 'to be read');
    await nextMessage(buyers.stream);
    await nextMessage(sellers.stream);

    expect((await call(buyer.auth, '/chat/mark-read', { room_unique_key: room.uniqueKey })).status).toBe(200);
    const read = { room_unique_key: room.uniqueKey, reader_id: buyer.id, last_read_message_id: message.id };
    expect(await sellers.stream.next()).toEqual({ event: 'read', id: undefined, data: read });
    expect(await buyers.stream.next()).toEqual({ event: 'read', id: undefined, data: read });
    // The reader's own badge follows (another tab read the room).
    expect(await buyers.stream.next()).toEqual({ event: 'unread', id: undefined, data: { total_unread: 0 } });

    const unread = await post(seller, 'sorry, wrong price');
    await nextMessage(buyers.stream);
    await nextMessage(sellers.stream);
    expect((await call(seller.auth, '/chat/delete-message', { message_id: unread.id })).status).toBe(200);
    expect(await buyers.stream.next()).toEqual({
      event: 'deleted',
      id: undefined,
      data: { room_unique_key: room.uniqueKey, message_id: unread.id },
    });
    expect(await buyers.stream.next()).toEqual({ event: 'unread', id: undefined, data: { total_unread: 0 } });
    expect((await sellers.stream.next()).event).toBe('deleted');
    expect((await sellers.stream.next()).event).toBe('unread');

    expect((await call(buyer.auth, '/chat/block', { room_unique_key: room.uniqueKey })).status).toBe(200);
    expect(await sellers.stream.next()).toEqual({ event: 'blocked', id: undefined, data: { other_id: buyer.id } });
    expect(await buyers.stream.next()).toEqual({ event: 'blocked', id: undefined, data: { other_id: seller.id } });
    expect((await call(buyer.auth, '/chat/unblock', { room_unique_key: room.uniqueKey })).status).toBe(200);
    await Promise.all([buyers.stream.close(), sellers.stream.close()]);
  });

  it('catches up from the database when the listening connection comes back', async () => {
    const hub = await getChatHub();
    const opened = await openStream(buyer.auth);
    await new Promise((resolve) => setTimeout(resolve, 50));
    hub.hear('lost');
    // A message committed while the listener was down: its notification is lost (stored without one here).
    const [lost] = await db()
      .insert(chatMessages)
      .values({ roomId: room.id, kind: 'text', createdBy: seller.id, body: 'sent while you were away' })
      .returning();
    await db().update(chatRooms).set({ lastMessageId: lost.id }).where(eq(chatRooms.id, room.id));
    expect((await opened.stream.during(200)).filter((event) => event.event === 'message')).toEqual([]);
    hub.hear('live');
    const caught = await nextMessage(opened.stream);
    expect(caught).toMatchObject({ id: String(lost.id), data: { text: 'sent while you were away' } });
    await opened.stream.close();
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "on PostgreSQL, catches up after the process's one listening connection is cut and reconnects",
    async () => {
      const hub = await getChatHub();
      const opened = await openStream(buyer.auth);
      await new Promise((resolve) => setTimeout(resolve, 100));
      // One LISTEN connection serves the process (the chat hub's channel, and any other).
      const cut = await db().execute(
        sql`select pg_terminate_backend(pid) as cut from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and query like 'LISTEN%'`,
      );
      expect((cut as unknown as { rows: unknown[] }).rows).toHaveLength(1);
      expect(await waitUntil(() => !hub.live)).toBe(true);
      const missed = await post(seller, 'posted while the listener was away');
      // Back after the first backoff (1 s): the stream reads what it missed from the database.
      const caught = await nextMessage(opened.stream, 5000);
      expect(caught).toMatchObject({ id: String(missed.id), data: { text: 'posted while the listener was away' } });
      expect(hub.live).toBe(true);
      await opened.stream.close();
    },
  );

  it('ends every stream when shutdown begins', async () => {
    const hub = await getChatHub();
    const a = await openStream(buyer.auth);
    const b = await openStream(seller.auth);
    expect(await waitUntil(() => hub.size === 2)).toBe(true);
    await runShutdownBeginHooks();
    expect(await a.stream.ended(1000)).toBe(true);
    expect(await b.stream.ended(1000)).toBe(true);
    expect(hub.size).toBe(0);
  });
});
