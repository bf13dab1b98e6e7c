import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { OrderType } from '~/features/deals/constants';
import { KINDS, LOT_KINDS } from '~/features/lots/constants';
import type { Executor } from '~/server/db';
import { chatRoomMembers, chatRooms, lots } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { type ChatRoomItem, toRoomItems } from './room-items';

/** The lot kind an `order_type` names (`board_list` → board). */
export function kindOfOrderType(orderType: OrderType) {
  return LOT_KINDS.find((kind) => KINDS[kind].orderType === orderType)!;
}

/**
 * `POST /chat/user-order-rooms`: the rooms of one of the caller's lots — one per member who wrote about it —
 * newest activity first. Someone else's lot, or no such lot, is 404 (`lots.not_found`).
 */
export async function listLotRoomItems(
  db: Executor,
  userId: number,
  lot: { orderId: number; orderType: OrderType },
): Promise<ChatRoomItem[]> {
  const [owned] = await db
    .select({ id: lots.id })
    .from(lots)
    .where(and(eq(lots.id, lot.orderId), eq(lots.kind, kindOfOrderType(lot.orderType)), eq(lots.userId, userId)));
  if (!owned) throw new AppError('not_found', 'lots.not_found');
  const rows = await db
    .select({ room: chatRooms })
    .from(chatRooms)
    .innerJoin(chatRoomMembers, and(eq(chatRoomMembers.roomId, chatRooms.id), eq(chatRoomMembers.userId, userId)))
    .where(and(eq(chatRooms.lotId, owned.id), isNotNull(chatRooms.lastMessageId)))
    .orderBy(desc(chatRoomMembers.activityAt), desc(chatRooms.id));
  return toRoomItems(
    db,
    userId,
    rows.map((row) => row.room),
  );
}
