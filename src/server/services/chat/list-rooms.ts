import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { chatRoomMembers, chatRooms } from '~/server/db/schema';
import { type Page, type PageRequest, pageOffset, toPage } from '~/server/db/pagination';
import { countRooms } from './count-rooms';
import { type ChatRoomItem, listedRoomCondition, toRoomItems } from './room-items';

/**
 * `GET /chat/rooms`: the member's rooms, newest activity first (one walk of chat_room_members_user_idx, joined to
 * the rooms by primary key), paginated in SQL, as room items (docs/chat.md).
 */
export async function listRoomItems(db: Executor, userId: number, request: PageRequest): Promise<Page<ChatRoomItem>> {
  const where = and(eq(chatRoomMembers.userId, userId), listedRoomCondition(userId));
  const [rows, total] = await Promise.all([
    db
      .select({ room: chatRooms })
      .from(chatRoomMembers)
      .innerJoin(chatRooms, eq(chatRooms.id, chatRoomMembers.roomId))
      .where(where)
      .orderBy(desc(chatRoomMembers.activityAt), desc(chatRoomMembers.roomId))
      .limit(request.perPage)
      .offset(pageOffset(request)),
    countRooms(db, userId),
  ]);
  return toPage(
    await toRoomItems(
      db,
      userId,
      rows.map((row) => row.room),
    ),
    total,
    request,
  );
}
