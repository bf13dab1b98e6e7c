import { and, eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { chatRoomMembers, chatRooms } from '~/server/db/schema';

/** The key of room `roomId` when `userId` is one of its members, else undefined. */
export async function findMemberRoomKey(db: Executor, userId: number, roomId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ key: chatRooms.uniqueKey })
    .from(chatRooms)
    .innerJoin(chatRoomMembers, and(eq(chatRoomMembers.roomId, chatRooms.id), eq(chatRoomMembers.userId, userId)))
    .where(eq(chatRooms.id, roomId));
  return row?.key;
}
