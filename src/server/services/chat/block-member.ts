import type { Executor } from '~/server/db';
import { chatBlocks } from '~/server/db/schema';
import { publishChatEvent } from './chat-events';
import { findMemberRoom, otherMemberId } from './find-member-room';
import { type ChatRoomItem, toRoomItem } from './room-items';

/**
 * `POST /chat/block`: the member blocks the other member of one of their rooms — no new messages either way in
 * any room they share, until unblocked. Blocking twice is harmless. Both members' streams are told.
 */
export async function blockMember(db: Executor, userId: number, roomKey: string): Promise<ChatRoomItem> {
  const room = await db.transaction(async (tx) => {
    const room = await findMemberRoom(tx, userId, { key: roomKey });
    const otherId = otherMemberId(room, userId);
    const made = await tx
      .insert(chatBlocks)
      .values({ blockerId: userId, blockedId: otherId })
      .onConflictDoNothing()
      .returning({ blockerId: chatBlocks.blockerId });
    if (made.length > 0) await publishChatEvent(tx, { t: 'blocked', users: [userId, otherId] });
    return room;
  });
  // Read after the commit: the room item's queries run side by side, which one transaction's connection cannot.
  return toRoomItem(db, userId, room);
}
