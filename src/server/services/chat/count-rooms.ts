import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { chatRoomMembers, chatRooms } from '~/server/db/schema';
import { listedRoomCondition } from './room-items';

/** `GET /chat/rooms-count`: how many rooms the member's list holds. */
export async function countRooms(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(chatRoomMembers)
    .innerJoin(chatRooms, eq(chatRooms.id, chatRoomMembers.roomId))
    .where(and(eq(chatRoomMembers.userId, userId), listedRoomCondition(userId)));
  return row?.count ?? 0;
}
