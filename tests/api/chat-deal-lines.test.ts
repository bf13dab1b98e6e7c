import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatMessages, chatRooms, users } from '~/server/db/schema';
import { CHAT_CHANNEL, parseChatEvent } from '~/server/services/chat/chat-events';
import { findOrCreateRoom } from '~/server/services/chat/find-or-create-room';
import { countAllUnread } from '~/server/services/chat/unread';
import { apiRequest, form } from '../fixtures/api';
import { signedUpUser } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';
import { act, makeOffer, sellMaize, sprayerForSale } from '../fixtures/deals';
import { memberWithTier } from '../fixtures/lots';

/** Deal lines: each deal event is told in the parties' chat room (docs/chat.md "Deal lines"). */

const database = useTestDatabase();
const db = () => database.handle().db;
const idOf = async (email: string) =>
  (await db().select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;

/** The room about `lotId` whose other member is `memberId`, or undefined. */
const roomOf = async (lotId: number, memberId: number) =>
  (
    await db()
      .select()
      .from(chatRooms)
      .where(and(eq(chatRooms.lotId, lotId), eq(chatRooms.memberId, memberId)))
  )[0];
const linesOf = async (roomId: number) =>
  db().select().from(chatMessages).where(eq(chatMessages.roomId, roomId)).orderBy(asc(chatMessages.id));
const eventsOf = async (roomId: number) => (await linesOf(roomId)).map((m) => m.system?.event);

async function parties() {
  const seller = await memberWithTier(database.handle(), 'silver');
  const buyer = await signedUpUser();
  return { seller, buyer, sellerId: await idOf(seller.email), buyerId: await idOf(buyer.email) };
}

describe('deal lines', () => {
  it('tell every step of a deal, from the offer to the feedback, in the room of its two parties', async () => {
    const { seller, buyer, sellerId, buyerId } = await parties();
    const lotId = await sellMaize(seller.auth);
    const offer = await makeOffer(buyer.auth, { order_id: lotId, order_type: 'board_list', price: 3500, volume: 20 });
    expect(offer.status).toBe(200);
    const id = offer.json.id as number;

    // The room is made by the offer: the lot's owner and the buyer.
    const room = await roomOf(lotId, buyerId);
    expect(room).toMatchObject({ ownerId: sellerId, memberId: buyerId });
    const [first] = await linesOf(room.id);
    expect(first).toMatchObject({
      kind: 'system',
      createdBy: null,
      offerId: id,
      system: { offerId: id, event: 'create' },
      deletedAt: null,
    });
    expect(room.uniqueKey).toMatch(/^[A-Za-z0-9_-]{32}$/);

    for (const [who, action] of [
      [seller, 'approve-offer'],
      [seller, 'delivery-send'],
      [buyer, 'delivery-get'],
      [buyer, 'payment-send'],
      [seller, 'payment-get'],
    ] as const) {
      expect((await act(who.auth, action, id)).status, action).toBe(200);
    }
    const feedback = await apiRequest('/user/set-feedback', {
      method: 'POST',
      headers: { ...buyer.auth, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form({ 'UserFeedback[offer_id]': id, 'UserFeedback[rating]': 5, 'UserFeedback[comment]': 'Good maize' }),
    });
    expect(feedback.status).toBe(200);

    expect(await eventsOf(room.id)).toEqual([
      'create',
      'approve-offer',
      'delivery-send',
      'delivery-get',
      'payment-send',
      'payment-get',
      'done',
      'feedback',
    ]);
    // One room for the whole story, its newest message the last line; lines are never unread.
    expect(await db().select().from(chatRooms).where(eq(chatRooms.lotId, lotId))).toHaveLength(1);
    const lines = await linesOf(room.id);
    expect((await roomOf(lotId, buyerId)).lastMessageId).toBe(lines.at(-1)!.id);
    expect(await countAllUnread(db(), buyerId)).toBe(0);
    expect(await countAllUnread(db(), sellerId)).toBe(0);
  });

  it('writes nothing for a refused step or a repeated one', async () => {
    const { seller, buyer, buyerId } = await parties();
    const stranger = await signedUpUser();
    const lotId = await sellMaize(seller.auth);
    const id = (await makeOffer(buyer.auth, { order_id: lotId, order_type: 'board_list', price: 3500, volume: 20 }))
      .json.id as number;
    const room = await roomOf(lotId, buyerId);

    expect((await act(stranger.auth, 'approve-offer', id)).status).toBe(403);
    expect((await act(buyer.auth, 'approve-offer', id)).status).toBe(403);
    expect((await act(seller.auth, 'delivery-send', id)).status).toBe(409);
    expect((await act(seller.auth, 'approve-offer', id)).status).toBe(200);
    // A double click answers 200 and changes nothing: no second line.
    expect((await act(seller.auth, 'approve-offer', id)).status).toBe(200);
    expect(await eventsOf(room.id)).toEqual(['create', 'approve-offer']);
    // A refused offer (over the lot's maximum) leaves no room behind.
    const other = await signedUpUser();
    const refused = await makeOffer(other.auth, {
      order_id: lotId,
      order_type: 'board_list',
      price: 3500,
      volume: 150,
    });
    expect(refused.status).toBe(422);
    expect(await roomOf(lotId, await idOf(other.email))).toBeUndefined();
  });

  it('goes to the room the two members already talk in', async () => {
    const { seller, buyer, sellerId, buyerId } = await parties();
    const lotId = await sellMaize(seller.auth);
    const { room } = await findOrCreateRoom(db(), { id: lotId, userId: sellerId }, buyerId);
    const id = (await makeOffer(buyer.auth, { order_id: lotId, order_type: 'board_list', price: 3500, volume: 20 }))
      .json.id as number;
    expect((await act(buyer.auth, 'delete-offer', id)).status).toBe(200);
    expect(await eventsOf(room.id)).toEqual(['create', 'delete-offer']);
    expect(await db().select().from(chatRooms).where(eq(chatRooms.lotId, lotId))).toHaveLength(1);
  });

  it('puts a buy request’s offer in the room of the requester (the lot’s owner) and the offering seller', async () => {
    const requester = await memberWithTier(database.handle(), 'silver');
    const farmer = await signedUpUser();
    const request = await sellMaize(requester.auth, { type: 'buy' });
    const id = (await makeOffer(farmer.auth, { order_id: request, order_type: 'board_list', price: 3300, volume: 30 }))
      .json.id as number;
    expect((await act(requester.auth, 'decline-offer', id)).status).toBe(200);
    const room = await roomOf(request, await idOf(farmer.email));
    expect(room.ownerId).toBe(await idOf(requester.email));
    expect(await eventsOf(room.id)).toEqual(['create', 'decline-offer']);
  });

  it('tells each waiting buyer in their own room that the closed lot declined their offer', async () => {
    const { seller, buyer, buyerId } = await parties();
    const second = await signedUpUser();
    const lotId = await sellMaize(seller.auth);
    for (const who of [buyer, second])
      await makeOffer(who.auth, { order_id: lotId, order_type: 'board_list', price: 3500, volume: 20 });
    const closed = await apiRequest('/board-list/close-quote', {
      method: 'POST',
      headers: { ...seller.auth, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `id=${lotId}`,
    });
    expect(closed.status).toBe(200);
    for (const memberId of [buyerId, await idOf(second.email)])
      expect(await eventsOf((await roomOf(lotId, memberId)).id)).toEqual(['create', 'lot-closed']);
  });

  it('tells the offers an approval that sold the lot out declined, each in its own room', async () => {
    const { seller, buyer, buyerId } = await parties();
    const second = await signedUpUser();
    const late = await signedUpUser();
    const lotId = await sellMaize(seller.auth);
    const ids: number[] = [];
    for (const who of [buyer, second, late])
      ids.push(
        (await makeOffer(who.auth, { order_id: lotId, order_type: 'board_list', price: 3500, volume: 100 })).json.id,
      );
    expect((await act(seller.auth, 'approve-offer', ids[0])).status).toBe(200);
    expect((await act(seller.auth, 'approve-offer', ids[1])).status).toBe(200);
    expect(await eventsOf((await roomOf(lotId, buyerId)).id)).toEqual(['create', 'approve-offer']);
    expect(await eventsOf((await roomOf(lotId, await idOf(late.email))).id)).toEqual(['create', 'sold-out']);
  });

  it('tells a direct buy at a fixed price as one line', async () => {
    const owner = await signedUpUser();
    const { buyer, buyerId } = await parties();
    const machine = await sprayerForSale(owner.auth);
    const order = await makeOffer(buyer.auth, { order_id: machine, order_type: 'technic_list', volume: 1 });
    expect(order.json).toMatchObject({ status: 3, is_direct_buy: true });
    expect(await eventsOf((await roomOf(machine, buyerId)).id)).toEqual(['direct-buy']);
  });

  it('reach both members’ live streams once the step commits (the chat channel names them)', async () => {
    const { seller, buyer, sellerId, buyerId } = await parties();
    const lotId = await sellMaize(seller.auth);
    const heard: string[] = [];
    const stop = await database.handle().subscribe(CHAT_CHANNEL, (event, payload) => {
      if (event === 'notify' && payload) heard.push(payload);
    });
    try {
      const id = (await makeOffer(buyer.auth, { order_id: lotId, order_type: 'board_list', price: 3500, volume: 20 }))
        .json.id as number;
      const room = await roomOf(lotId, buyerId);
      const [line] = await linesOf(room.id);
      for (let i = 0; i < 100 && heard.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      const events = heard.map(parseChatEvent);
      expect(events).toContainEqual({ t: 'message', room: room.id, id: line.id, users: [sellerId, buyerId] });
      expect(line.offerId).toBe(id);
    } finally {
      await stop();
    }
  });
});
