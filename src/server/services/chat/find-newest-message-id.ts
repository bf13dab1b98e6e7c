import { eq, sql } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { chatRoomMembers, chatRooms } from '~/server/db/schema';

/**
 * The id of the newest message in any of a member's rooms (0 when there is none): where a stream without a
 * resume point starts, and where it goes on after telling its client to reload (docs/chat.md "Live stream").
 */
export async function findNewestMessageId(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ id: sql<number | null>`max(${chatRooms.lastMessageId})` })
    .from(chatRoomMembers)
    .innerJoin(chatRooms, eq(chatRooms.id, chatRoomMembers.roomId))
    .where(eq(chatRoomMembers.userId, userId));
  return Number(row?.id ?? 0);
}
