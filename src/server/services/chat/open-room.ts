import { and, eq, or } from 'drizzle-orm';
import type { OrderType } from '~/features/deals/constants';
import { isLotOnMarket } from '~/server/services/lots/lot-item';
import type { Executor } from '~/server/db';
import { chatRooms, lots, offers } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { assertNotBlocked } from './blocks';
import { type ChatRoomRow, findOrCreateRoom } from './find-or-create-room';
import { kindOfOrderType } from './list-lot-rooms';

/**
 * `POST /chat/add-or-create`: the caller's room about someone else's lot, made when missing (docs/chat.md).
 * The caller must be able to see the lot: on the market (as the lot page decides, services/lots/get-lot.ts), or
 * already theirs to talk about — a room they are in, or a deal of theirs on it (the deal page's "Chat"). Anything
 * else is 404 `lots.not_found`, as the lot page answers. One's own lot is 422 `chat.own_lot`; a pair where either
 * blocked the other is 409. Calling it again answers the same room.
 */
export async function openRoom(
  db: Executor,
  userId: number,
  lot: { orderId: number; orderType: OrderType },
): Promise<{ room: ChatRoomRow; created: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: lots.id,
        userId: lots.userId,
        status: lots.status,
        hiddenAt: lots.hiddenAt,
        ownerBlockedAt: lots.ownerBlockedAt,
      })
      .from(lots)
      .where(and(eq(lots.id, lot.orderId), eq(lots.kind, kindOfOrderType(lot.orderType))));
    if (!row) throw new AppError('not_found', 'lots.not_found');
    if (row.userId === userId)
      throw new AppError('validation_failed', 'chat.own_lot', { fields: { order_id: [{ key: 'chat.own_lot' }] } });
    if (!isLotOnMarket(row) && !(await mayStillTalkAbout(tx, userId, row.id)))
      throw new AppError('not_found', 'lots.not_found');
    await assertNotBlocked(tx, userId, row.userId);
    return findOrCreateRoom(tx, { id: row.id, userId: row.userId }, userId);
  });
}

/** A lot off the market stays open to talk about for a member who already has a room or a deal about it. */
async function mayStillTalkAbout(db: Executor, userId: number, lotId: number): Promise<boolean> {
  const [room] = await db
    .select({ id: chatRooms.id })
    .from(chatRooms)
    .where(and(eq(chatRooms.lotId, lotId), eq(chatRooms.memberId, userId)));
  if (room) return true;
  const [offer] = await db
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.lotId, lotId), or(eq(offers.buyerId, userId), eq(offers.sellerId, userId))))
    .limit(1);
  return offer !== undefined;
}
