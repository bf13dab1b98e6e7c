import { and, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { chatRoomMembers } from '~/server/db/schema';
import { publishChatEvent } from './chat-events';
import { findMemberRoom } from './find-member-room';
import { countAllUnread, countUnreadByRoom } from './unread';

/**
 * `POST /chat/mark-read`: the member has read their room up to `messageId` (at most the room's newest message),
 * or up to the newest when left out. A read mark never moves backwards; when it moves, both members' streams are
 * told (the other shows "seen"). Answers the room's and the member's unread counts after it.
 */
export async function markRead(
  db: Executor,
  userId: number,
  roomKey: string,
  messageId?: number,
): Promise<{ unread_count: number; total_unread: number }> {
  return db.transaction(async (tx) => {
    const room = await findMemberRoom(tx, userId, { key: roomKey });
    const newest = room.lastMessageId ?? 0;
    const upTo = Math.min(messageId ?? newest, newest);
    const moved = await tx
      .update(chatRoomMembers)
      .set({ lastReadMessageId: sql`greatest(${chatRoomMembers.lastReadMessageId}, ${upTo})` })
      .where(
        and(
          eq(chatRoomMembers.roomId, room.id),
          eq(chatRoomMembers.userId, userId),
          lt(chatRoomMembers.lastReadMessageId, upTo),
        ),
      )
      .returning({ roomId: chatRoomMembers.roomId });
    if (moved.length > 0)
      await publishChatEvent(tx, {
        t: 'read',
        room: room.id,
        reader: userId,
        upTo,
        users: [room.ownerId, room.memberId],
      });
    // One after the other: a transaction is one connection, which runs one query at a time.
    const byRoom = await countUnreadByRoom(tx, userId, [room.id]);
    const total = await countAllUnread(tx, userId);
    return { unread_count: byRoom.get(room.id) ?? 0, total_unread: total };
  });
}
