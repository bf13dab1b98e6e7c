import { and, eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { chatBlocks } from '~/server/db/schema';
import { publishChatEvent } from './chat-events';
import { findMemberRoom, otherMemberId } from './find-member-room';
import { type ChatRoomItem, toRoomItem } from './room-items';

/**
 * `POST /chat/unblock`: lifts the member's own block of the other member of one of their rooms (a block the
 * other made stays). Both members' streams are told.
 */
export async function unblockMember(db: Executor, userId: number, roomKey: string): Promise<ChatRoomItem> {
  const room = await db.transaction(async (tx) => {
    const room = await findMemberRoom(tx, userId, { key: roomKey });
    const otherId = otherMemberId(room, userId);
    const removed = await tx
      .delete(chatBlocks)
      .where(and(eq(chatBlocks.blockerId, userId), eq(chatBlocks.blockedId, otherId)))
      .returning({ blockerId: chatBlocks.blockerId });
    if (removed.length > 0) await publishChatEvent(tx, { t: 'blocked', users: [userId, otherId] });
    return room;
  });
  // Read after the commit: the room item's queries run side by side, which one transaction's connection cannot.
  return toRoomItem(db, userId, room);
}
