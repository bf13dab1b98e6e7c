import { and, eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { chatRoomMembers, chatRooms } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import type { ChatRoomRow } from './find-or-create-room';
import { ROOM_KEY_PATTERN } from './room-key';

/** How a client names a room: its key (what URLs carry) or its numeric id (`ChatRoomMessage[chat_room_id]` of the mobile apps). */
export type RoomRef = { key: string } | { id: number };

export const roomNotFound = () => new AppError('not_found', 'chat.room_not_found');

/**
 * The room `userId` is a member of, named by key or id; anything else — no such room, or someone else's — is the
 * same 404 `chat.room_not_found`, so a stranger learns nothing about a room's existence.
 */
export async function findMemberRoom(db: Executor, userId: number, ref: RoomRef): Promise<ChatRoomRow> {
  if ('key' in ref && !ROOM_KEY_PATTERN.test(ref.key)) throw roomNotFound();
  const [row] = await db
    .select({ room: chatRooms })
    .from(chatRooms)
    .innerJoin(chatRoomMembers, and(eq(chatRoomMembers.roomId, chatRooms.id), eq(chatRoomMembers.userId, userId)))
    .where('key' in ref ? eq(chatRooms.uniqueKey, ref.key) : eq(chatRooms.id, ref.id));
  if (!row) throw roomNotFound();
  return row.room;
}

/** The other member of a room, seen from `userId`. */
export function otherMemberId(room: Pick<ChatRoomRow, 'ownerId' | 'memberId'>, userId: number): number {
  return room.ownerId === userId ? room.memberId : room.ownerId;
}
