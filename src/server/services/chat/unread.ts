import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { chatMessages, chatRoomMembers } from '~/server/db/schema';

/**
 * What counts as unread for a member of a room: the other member's text messages, not deleted, newer than the
 * member's last read message. System lines (deal events) and one's own messages never count. `userId` is the
 * member's id, or the membership's own column when many members are looked at at once (the notices).
 */
export function unreadCondition(userId: number | typeof chatRoomMembers.userId) {
  return and(
    eq(chatMessages.roomId, chatRoomMembers.roomId),
    gt(chatMessages.id, chatRoomMembers.lastReadMessageId),
    eq(chatMessages.kind, 'text'),
    ne(chatMessages.createdBy, userId),
    isNull(chatMessages.deletedAt),
  );
}

/** Unread messages over all of a member's rooms (the header badge, `/user/get-all-unread-messages-count`). */
export async function countAllUnread(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(chatRoomMembers)
    .innerJoin(chatMessages, unreadCondition(userId))
    .where(eq(chatRoomMembers.userId, userId));
  return row?.count ?? 0;
}

/** Unread messages per room for some of a member's rooms. */
export async function countUnreadByRoom(db: Executor, userId: number, roomIds: number[]): Promise<Map<number, number>> {
  if (roomIds.length === 0) return new Map();
  const rows = await db
    .select({ roomId: chatRoomMembers.roomId, count: sql<number>`count(*)::int` })
    .from(chatRoomMembers)
    .innerJoin(chatMessages, unreadCondition(userId))
    .where(and(eq(chatRoomMembers.userId, userId), inArray(chatRoomMembers.roomId, roomIds)))
    .groupBy(chatRoomMembers.roomId);
  return new Map(rows.map((row) => [row.roomId, row.count]));
}
