import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatMessages, chatRooms, lots } from '~/server/db/schema';
import { appendMessage } from '~/server/services/chat/append-message';
import { newRoomKey } from '~/server/services/chat/room-key';
import { apiRequest, form, get } from '../fixtures/api';
import { signedUpUser } from '../fixtures/accounts';
import { call, messages, openRoom, roomItem, roomKey, send, sellerAndBuyer, sent, totalUnread } from '../fixtures/chat';
import { useTestDatabase } from '../fixtures/database';
import { getAs, sellMaize } from '../fixtures/deals';
import { memberWithTier, postAs } from '../fixtures/lots';

const database = useTestDatabase();
const db = () => database.handle().db;
const roomRow = async (key: string) => (await db().select().from(chatRooms).where(eq(chatRooms.uniqueKey, key)))[0];

describe('who may call the chat', () => {
  it('answers anonymous callers 401 with the usual sentence, and 0 unread', async () => {
    const calls: [string, string][] = [
      ['POST', '/chat/add-or-create'],
      ['GET', '/chat/rooms'],
      ['GET', '/chat/rooms-count'],
      ['POST', '/chat/user-order-rooms'],
      ['GET', '/chat/room-messages?room_unique_key=x'],
      ['POST', '/chat/post-message'],
      ['POST', '/chat/mark-read'],
      ['POST', '/chat/delete-message'],
      ['POST', '/chat/block'],
      ['POST', '/chat/unblock'],
      ['POST', '/chat/report'],
    ];
    for (const [method, path] of calls) {
      const res = await apiRequest(path, {
        method,
        body: method === 'POST' ? form({ order_id: 1, order_type: 'board_list' }) : undefined,
        headers: method === 'POST' ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {},
      });
      expect(res.status, path).toBe(401);
      expect(res.json).toMatchObject({
        code: 'unauthorized',
        message: 'You must be logged in to perform this action',
      });
    }
    const unread = await get('/user/get-all-unread-messages-count');
    expect(unread.status).toBe(200);
    expect(unread.text).toBe('0');
  });

  it('lists every chat endpoint in the OpenAPI document', async () => {
    const { json } = await get('/openapi.json');
    for (const path of [
      '/chat/add-or-create',
      '/chat/rooms',
      '/chat/rooms-count',
      '/chat/user-order-rooms',
      '/chat/room-messages',
      '/chat/post-message',
      '/chat/mark-read',
      '/chat/delete-message',
      '/chat/block',
      '/chat/unblock',
      '/chat/report',
      '/user/get-all-unread-messages-count',
    ])
      expect(Object.keys(json.paths), path).toContain(path);
  });
});

describe('add-or-create', () => {
  it('answers the same room to the same member, another to another member, and refuses the owner', async () => {
    const { seller, buyer, lotId, key } = await sellerAndBuyer(database);
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await roomKey(buyer.auth, lotId)).toBe(key);
    const other = await signedUpUser();
    const otherKey = await roomKey(other.auth, lotId);
    expect(otherKey).not.toBe(key);
    const rooms = await db().select().from(chatRooms).where(eq(chatRooms.lotId, lotId));
    expect(rooms).toHaveLength(2);

    const own = await openRoom(seller.auth, lotId);
    expect(own.status).toBe(422);
    expect(own.json).toMatchObject({ code: 'validation_failed', reason: 'chat.own_lot' });
    expect(own.json.errors.order_id).toHaveLength(1);
  });

  it('answers 404 for lots the caller may not see, and 422 for bad input', async () => {
    const seller = await memberWithTier(database.handle(), 'silver');
    const buyer = await signedUpUser();
    const lotId = await sellMaize(seller.auth);
    // The wrong kind, and no such lot.
    expect((await openRoom(buyer.auth, lotId, 'seeds_list')).status).toBe(404);
    expect((await openRoom(buyer.auth, 2_000_000_000)).status).toBe(404);

    // A hidden lot (deactivated by its owner) and a draft-like one are not there for a stranger…
    expect((await call(seller.auth, '/board-list/deactivate-quote', { id: lotId })).status).toBe(200);
    const hidden = await openRoom(buyer.auth, lotId);
    expect(hidden.status).toBe(404);
    expect(hidden.json.code).toBe('not_found');
    expect(await db().select().from(chatRooms).where(eq(chatRooms.lotId, lotId))).toHaveLength(0);

    // …but a member who already talks about it keeps their room.
    const active = await sellMaize(seller.auth);
    const key = await roomKey(buyer.auth, active);
    await db().update(lots).set({ status: 'not_active' }).where(eq(lots.id, active));
    expect(await roomKey(buyer.auth, active)).toBe(key);

    const bad = await call(buyer.auth, '/chat/add-or-create', { order_id: 'abc', order_type: 'cars' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors).sort()).toEqual(['order_id', 'order_type']);
  });
});

describe('a stranger and wrong keys', () => {
  it('get 404 chat.room_not_found from every room call, by key and by numeric id', async () => {
    const { buyer, key } = await sellerAndBuyer(database);
    const message = await sent(buyer.auth, key, 'Is the maize still available?');
    const stranger = await signedUpUser();
    const roomId = message.chat_room_id;
    const unknownKey = newRoomKey();

    for (const [who, k] of [
      [stranger.auth, key],
      [buyer.auth, unknownKey],
      [buyer.auth, 'not-a-key'],
    ] as const) {
      const refusals = [
        await messages(who, k),
        await send(who, k, 'hello'),
        await call(who, '/chat/mark-read', { room_unique_key: k }),
        await call(who, '/chat/block', { room_unique_key: k }),
        await call(who, '/chat/unblock', { room_unique_key: k }),
        await call(who, '/chat/report', { room_unique_key: k, reason: 'spam' }),
      ];
      for (const res of refusals) {
        expect(res.status).toBe(404);
        expect(res.json).toMatchObject({ code: 'not_found', reason: 'chat.room_not_found' });
      }
    }
    const byId = await postAs(
      stranger.auth,
      '/chat/post-message',
      form({ 'ChatRoomMessage[chat_room_id]': roomId, 'ChatRoomMessage[text]': 'hello' }),
    );
    expect(byId.status).toBe(404);
    expect(byId.json.reason).toBe('chat.room_not_found');
    const deleting = await call(stranger.auth, '/chat/delete-message', { message_id: message.id });
    expect(deleting.status).toBe(404);
    expect((await getAs(stranger.auth, '/chat/rooms')).json.items).toEqual([]);
    expect((await getAs(stranger.auth, '/chat/rooms-count')).json).toEqual({ count: 0 });
    expect(await totalUnread(stranger.auth)).toBe(0);
    // Nothing was written by any of it.
    const [{ n }] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(chatMessages)
      .where(eq(chatMessages.roomId, roomId));
    expect(n).toBe(1);
  });
});

describe('posting', () => {
  it('posts by key or by id, stores a re-sent client id once (201 then 200), and checks the text', async () => {
    const { seller, buyer, key } = await sellerAndBuyer(database);
    const first = await send(buyer.auth, key, '  Habari, bei ya mwisho?  ', 'c-1');
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({
      room_unique_key: key,
      kind: 'text',
      mine: true,
      text: 'Habari, bei ya mwisho?',
      client_id: 'c-1',
      deleted: false,
      photo: null,
      system: null,
    });
    expect(typeof first.json.created_at).toBe('number');
    const again = await send(buyer.auth, key, 'Habari, bei ya mwisho?', 'c-1');
    expect(again.status).toBe(200);
    expect(again.json.id).toBe(first.json.id);
    expect((await messages(buyer.auth, key)).json.items).toHaveLength(1);

    const byId = await postAs(
      seller.auth,
      '/chat/post-message',
      form({
        'ChatRoomMessage[chat_room_id]': first.json.chat_room_id,
        'ChatRoomMessage[text]': 'Call me 0712 345 678',
      }),
    );
    expect(byId.status).toBe(201);
    // The reader is warned about a phone number, the writer is not; the client id is the sender's only.
    const forBuyer = (await messages(buyer.auth, key)).json.items;
    expect(forBuyer.map((m: { warnings: string[] }) => m.warnings)).toEqual([[], ['phone_number']]);
    expect(forBuyer[0].client_id).toBe('c-1');
    expect((await messages(seller.auth, key)).json.items[0].client_id).toBeNull();

    for (const text of ['', '    ', 'x'.repeat(4001)]) {
      const res = await send(buyer.auth, key, text);
      expect(res.status).toBe(422);
      expect(res.json.code).toBe('validation_failed');
      expect(res.json.errors.text).toHaveLength(1);
    }
    expect((await send(buyer.auth, key, ` ${'x'.repeat(4000)} `)).status).toBe(201);
    const noRoom = await postAs(buyer.auth, '/chat/post-message', form({ 'ChatRoomMessage[text]': 'hi' }));
    expect(noRoom.status).toBe(422);
    expect(noRoom.json.errors.room_unique_key).toHaveLength(1);
    const longId = await send(buyer.auth, key, 'hi', 'x'.repeat(65));
    expect(longId.status).toBe(422);
    expect(longId.json.errors.client_id).toHaveLength(1);
  });
});

describe('paging a room', () => {
  it('pages back with before and catches up with after, exactly', async () => {
    const { seller, buyer, key } = await sellerAndBuyer(database);
    const ids: number[] = [];
    for (let i = 1; i <= 7; i++) ids.push((await sent(i % 2 ? buyer.auth : seller.auth, key, `message ${i}`)).id);
    const idsOf = (res: { json: { items: { id: number }[] } }) => res.json.items.map((m) => m.id);

    const newest = await messages(buyer.auth, key, '&limit=3');
    expect(idsOf(newest)).toEqual(ids.slice(4));
    expect(newest.json.has_more).toBe(true);
    expect(newest.json.room).toMatchObject({ room_unique_key: key, is_owner: false });
    const older = await messages(buyer.auth, key, `&limit=3&before=${ids[4]}`);
    expect(idsOf(older)).toEqual(ids.slice(1, 4));
    expect(older.json.has_more).toBe(true);
    const oldest = await messages(buyer.auth, key, `&limit=3&before=${ids[1]}`);
    expect(idsOf(oldest)).toEqual([ids[0]]);
    expect(oldest.json.has_more).toBe(false);

    const after = await messages(seller.auth, key, `&limit=3&after=${ids[1]}`);
    expect(idsOf(after)).toEqual(ids.slice(2, 5));
    expect(after.json.has_more).toBe(true);
    const rest = await messages(seller.auth, key, `&limit=3&after=${ids[4]}`);
    expect(idsOf(rest)).toEqual(ids.slice(5));
    expect(rest.json.has_more).toBe(false);
    const none = await messages(seller.auth, key, `&after=${ids[6]}`);
    expect(none.json).toMatchObject({ items: [], has_more: false });
    const all = await messages(seller.auth, key);
    expect(idsOf(all)).toEqual(ids);
    expect(all.json.has_more).toBe(false);

    for (const query of ['&limit=101', '&limit=0', '&before=abc', `&before=${ids[3]}&after=${ids[1]}`]) {
      const res = await messages(buyer.auth, key, query);
      expect(res.status, query).toBe(422);
      expect(res.json.code).toBe('validation_failed');
      expect(Object.keys(res.json.errors).length).toBeGreaterThan(0);
    }
  });
});

describe('room lists', () => {
  it('lists rooms newest activity first with the room item, paginated, and a lot owner’s rooms', async () => {
    const { seller, buyer, lotId, key } = await sellerAndBuyer(database);
    // The buyer sees the room they opened; the seller sees nothing until someone writes.
    expect((await getAs(buyer.auth, '/chat/rooms')).json._meta.totalCount).toBe(1);
    expect((await getAs(seller.auth, '/chat/rooms')).json.items).toEqual([]);
    expect((await getAs(seller.auth, '/chat/rooms-count')).json).toEqual({ count: 0 });
    expect(
      (await call(seller.auth, '/chat/user-order-rooms', { order_id: lotId, order_type: 'board_list' })).json,
    ).toEqual({ items: [] });

    const hello = await sent(buyer.auth, key, 'Hello, is it dry?');
    const second = await sellMaize(seller.auth, { title: 'Yellow maize' });
    const key2 = await roomKey(buyer.auth, second);
    await sent(buyer.auth, key2, 'And this one?');

    const rooms = await getAs(seller.auth, '/chat/rooms');
    expect(rooms.status).toBe(200);
    expect(rooms.json._meta).toMatchObject({ totalCount: 2, currentPage: 1 });
    expect(rooms.json.items.map((r: { room_unique_key: string }) => r.room_unique_key)).toEqual([key2, key]);
    expect(rooms.json.items[1]).toMatchObject({
      id: hello.chat_room_id,
      room_unique_key: key,
      order_id: lotId,
      order_type: 'board_list',
      lot: {
        id: lotId,
        kind: 'board',
        title: 'Dry white maize, grade 1',
        status: 'active',
        photo: null,
        url: `/board/${lotId}`,
      },
      other: { name: 'Baraka O.', avatar: null, email_verified: false, phone_verified: false, tier: 'basic' },
      is_owner: true,
      last_message: { id: hello.id, text: 'Hello, is it dry?', mine: false },
      unread_count: 1,
      other_last_read_message_id: hello.id,
      blocked: { by_me: false, by_other: false },
      deal: null,
    });
    expect(typeof rooms.json.items[0].updated_at).toBe('number');

    // Writing in the older room brings it to the top.
    await sent(seller.auth, key, 'Yes, 13% moisture');
    const reordered = await getAs(seller.auth, '/chat/rooms?per-page=1');
    expect(reordered.json._meta).toMatchObject({ totalCount: 2, pageCount: 2, perPage: 1 });
    expect(reordered.json.items[0].room_unique_key).toBe(key);
    expect((await getAs(seller.auth, '/chat/rooms?per-page=1&page=2')).json.items[0].room_unique_key).toBe(key2);
    expect((await getAs(seller.auth, '/chat/rooms?per-page=500')).status).toBe(422);
    expect((await getAs(seller.auth, '/chat/rooms-count')).json).toEqual({ count: 2 });

    const lotRooms = await call(seller.auth, '/chat/user-order-rooms', { order_id: lotId, order_type: 'board_list' });
    expect(lotRooms.json.items.map((r: { room_unique_key: string }) => r.room_unique_key)).toEqual([key]);
    // Someone else's lot is not theirs to list.
    expect(
      (await call(buyer.auth, '/chat/user-order-rooms', { order_id: lotId, order_type: 'board_list' })).status,
    ).toBe(404);
  });

  it('shows the newest deal between the two on the lot', async () => {
    const { seller, buyer, lotId, key } = await sellerAndBuyer(database);
    const offer = await postAs(
      buyer.auth,
      '/offer/create-offer',
      form({
        'Offer[order_id]': lotId,
        'Offer[order_type]': 'board_list',
        'Offer[price]': '3500',
        'Offer[volume]': '20',
        'Offer[delivery_type]': 1,
      }),
    );
    expect(offer.status).toBe(200);
    expect((await roomItem(buyer.auth, key)).deal).toEqual({
      id: offer.json.id,
      status: 2,
      url: `/user/offer/${offer.json.id}`,
    });
    expect((await roomItem(seller.auth, key)).deal.id).toBe(offer.json.id);
  });
});

describe('unread counts', () => {
  it('count the other member’s live text messages after the read mark, per room and in total', async () => {
    const { seller, buyer, key } = await sellerAndBuyer(database);
    const m1 = await sent(buyer.auth, key, 'one');
    const m2 = await sent(buyer.auth, key, 'two');
    expect(await totalUnread(seller.auth)).toBe(2);
    expect(await totalUnread(buyer.auth)).toBe(0);
    expect((await roomItem(seller.auth, key)).unread_count).toBe(2);

    // A system line (a deal event) never counts.
    const room = await roomRow(key);
    await db().transaction((tx) =>
      appendMessage(tx, room, { kind: 'system', createdBy: null, body: '', system: { offerId: 1, event: 'created' } }),
    );
    expect(await totalUnread(seller.auth)).toBe(2);

    // A second room adds to the total.
    const other = await signedUpUser();
    const otherKey = await roomKey(other.auth, room.lotId);
    await sent(other.auth, otherKey, 'three');
    expect(await totalUnread(seller.auth)).toBe(3);

    const read = await call(seller.auth, '/chat/mark-read', { room_unique_key: key, message_id: m1.id });
    expect(read.status).toBe(200);
    expect(read.json).toEqual({ unread_count: 1, total_unread: 2 });
    expect((await roomItem(buyer.auth, key)).other_last_read_message_id).toBe(m1.id);
    const all = await call(seller.auth, '/chat/mark-read', { room_unique_key: key });
    expect(all.json).toEqual({ unread_count: 0, total_unread: 1 });
    // Never backwards: reading an older message again leaves the mark where it is.
    const back = await call(seller.auth, '/chat/mark-read', { room_unique_key: key, message_id: m2.id - 1 });
    expect(back.json).toEqual({ unread_count: 0, total_unread: 1 });
    const m3 = await sent(buyer.auth, key, 'four');
    expect((await roomItem(seller.auth, key)).unread_count).toBe(1);

    // Writing marks everything before it read for the writer; a deleted message no longer counts.
    await sent(seller.auth, key, 'reply');
    expect((await roomItem(seller.auth, key)).unread_count).toBe(0);
    const m4 = await sent(buyer.auth, key, 'oops');
    expect((await roomItem(seller.auth, key)).unread_count).toBe(1);
    expect((await call(buyer.auth, '/chat/delete-message', { message_id: m4.id })).status).toBe(200);
    expect((await roomItem(seller.auth, key)).unread_count).toBe(0);
    expect(await totalUnread(seller.auth)).toBe(1);
    expect(m3.id).toBeGreaterThan(m2.id);

    const bad = await call(seller.auth, '/chat/mark-read', { room_unique_key: key, message_id: 'x' });
    expect(bad.status).toBe(422);
    expect(bad.json.errors.message_id).toHaveLength(1);
  });
});

describe('deleting', () => {
  it('deletes one’s own message only; it stays as "deleted"', async () => {
    const { seller, buyer, key } = await sellerAndBuyer(database);
    const mine = await sent(buyer.auth, key, 'Send me M-Pesa first');
    const others = await call(seller.auth, '/chat/delete-message', { message_id: mine.id });
    expect(others.status).toBe(404);
    expect(others.json.reason).toBe('chat.message_not_found');
    const deleted = await call(buyer.auth, '/chat/delete-message', { message_id: mine.id });
    expect(deleted.status).toBe(200);
    expect(deleted.json).toMatchObject({ id: mine.id, deleted: true, text: null, photo: null });
    expect((await call(buyer.auth, '/chat/delete-message', { message_id: mine.id })).status).toBe(200);
    const seen = (await messages(seller.auth, key)).json.items[0];
    expect(seen).toMatchObject({ id: mine.id, deleted: true, text: null, warnings: [] });
    const [row] = await db().select().from(chatMessages).where(eq(chatMessages.id, mine.id));
    expect(row.body).toBe('');
    expect((await call(buyer.auth, '/chat/delete-message', { message_id: 'x' })).status).toBe(422);
  });
});

describe('blocking', () => {
  it('stops messages and new rooms both ways until the blocker unblocks', async () => {
    const { seller, buyer, lotId, key } = await sellerAndBuyer(database);
    await sent(buyer.auth, key, 'Hello');
    const blocked = await call(seller.auth, '/chat/block', { room_unique_key: key });
    expect(blocked.status).toBe(200);
    expect(blocked.json).toMatchObject({ room_unique_key: key, blocked: { by_me: true, by_other: false } });
    expect((await roomItem(buyer.auth, key)).blocked).toEqual({ by_me: false, by_other: true });
    expect((await call(seller.auth, '/chat/block', { room_unique_key: key })).status).toBe(200);

    const fromBuyer = await send(buyer.auth, key, 'Why?');
    expect(fromBuyer.status).toBe(409);
    expect(fromBuyer.json).toMatchObject({ code: 'conflict', reason: 'chat.blocked' });
    expect(fromBuyer.json.message).toBe('This member does not take messages from you.');
    const fromSeller = await send(seller.auth, key, 'Bye');
    expect(fromSeller.status).toBe(409);
    expect(fromSeller.json.reason).toBe('chat.blocked_by_you');
    // No new room with the blocker either, about any of their lots; an existing room is refused too.
    const another = await sellMaize(seller.auth);
    expect((await openRoom(buyer.auth, another)).status).toBe(409);
    expect((await openRoom(buyer.auth, lotId)).status).toBe(409);
    // Reading still works.
    expect((await messages(buyer.auth, key)).json.items).toHaveLength(1);

    // The blocked member cannot lift the block; the blocker can.
    await call(buyer.auth, '/chat/unblock', { room_unique_key: key });
    expect((await send(buyer.auth, key, 'Still?')).status).toBe(409);
    const unblocked = await call(seller.auth, '/chat/unblock', { room_unique_key: key });
    expect(unblocked.json.blocked).toEqual({ by_me: false, by_other: false });
    expect((await send(buyer.auth, key, 'Thanks')).status).toBe(201);
    expect((await send(seller.auth, key, 'Welcome')).status).toBe(201);
    expect((await openRoom(buyer.auth, another)).status).toBe(200);
  });

  it('refuses when the other member blocked from their side too', async () => {
    const { seller, buyer, key } = await sellerAndBuyer(database);
    await call(buyer.auth, '/chat/block', { room_unique_key: key });
    expect((await send(seller.auth, key, 'Hello?')).json.reason).toBe('chat.blocked');
    expect((await send(buyer.auth, key, 'Hello?')).json.reason).toBe('chat.blocked_by_you');
  });
});
