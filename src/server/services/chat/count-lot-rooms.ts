import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { chatRoomMembers, chatRooms } from '~/server/db/schema';

/**
 * How many rooms each of a member's lots has (My lots, docs/chat.md "Screens"): the rooms someone wrote in, as
 * `POST /chat/user-order-rooms` lists them (services/chat/list-lot-rooms.ts). One grouped query for the page.
 */
export async function countRoomsByLot(db: Executor, userId: number, lotIds: number[]): Promise<Map<number, number>> {
  if (lotIds.length === 0) return new Map();
  const rows = await db
    .select({ lotId: chatRooms.lotId, count: sql<number>`count(*)::int` })
    .from(chatRooms)
    .innerJoin(chatRoomMembers, and(eq(chatRoomMembers.roomId, chatRooms.id), eq(chatRoomMembers.userId, userId)))
    .where(and(inArray(chatRooms.lotId, lotIds), isNotNull(chatRooms.lastMessageId)))
    .groupBy(chatRooms.lotId);
  return new Map(rows.map((row) => [row.lotId, row.count]));
}
