import { and, asc, desc, eq, gt, lt } from 'drizzle-orm';
import { CHAT_PAGE_MAX, CHAT_PAGE_SIZE } from '~/features/chat/safety';
import type { Executor } from '~/server/db';
import { chatMessages } from '~/server/db/schema';
import { findMemberRoom } from './find-member-room';
import { toMessageItem } from './message-items';
import { toRoomItem } from './room-items';

export interface MessagePageRequest {
  /** Messages older than this id (the newest of them first, answered oldest first). */
  before?: number;
  /** Messages newer than this id (catching up), oldest first. */
  after?: number;
  limit?: number;
}

/**
 * `GET /chat/room-messages`: a page of a member's room, oldest first, with the room item. Without a cursor, the
 * newest `limit` messages; `before` pages back, `after` catches up. `has_more` says whether more lie beyond the
 * page in the direction read (older for `before` and the newest page, newer for `after`).
 */
export async function listRoomMessages(
  db: Executor,
  userId: number,
  roomKey: string,
  request: MessagePageRequest = {},
) {
  const room = await findMemberRoom(db, userId, { key: roomKey });
  const limit = Math.min(Math.max(request.limit ?? CHAT_PAGE_SIZE, 1), CHAT_PAGE_MAX);
  const forward = request.after !== undefined;
  const rows = await db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.roomId, room.id),
        forward
          ? gt(chatMessages.id, request.after!)
          : request.before !== undefined
            ? lt(chatMessages.id, request.before)
            : undefined,
      ),
    )
    .orderBy(forward ? asc(chatMessages.id) : desc(chatMessages.id))
    .limit(limit + 1);
  const has_more = rows.length > limit;
  const page = rows.slice(0, limit);
  if (!forward) page.reverse();
  return {
    room: await toRoomItem(db, userId, room),
    items: page.map((row) => toMessageItem(row, room.uniqueKey, userId)),
    has_more,
  };
}
