import { and, asc, desc, eq, inArray, isNotNull, ne, or } from 'drizzle-orm';
import { OFFER_STATUS } from '~/features/deals/constants';
import { KINDS } from '~/features/lots/constants';
import type { Executor } from '~/server/db';
import {
  chatBlocks,
  chatMessages,
  chatRoomMembers,
  chatRooms,
  lotPhotos,
  lots,
  offers,
  users,
} from '~/server/db/schema';
import { storageUrl } from '~/server/storage';
import { avatarUrls } from '~/server/services/accounts/avatar';
import { displayName } from '~/server/services/accounts/users';
import type { ChatRoomRow } from './find-or-create-room';
import { otherMemberId } from './find-member-room';
import { toMessageItem } from './message-items';
import { countUnreadByRoom } from './unread';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * The room item of the API and the /chat page (docs/chat.md "Room item") for some of `viewerId`'s rooms, in the
 * order given. A fixed number of queries whatever the number of rooms: the lots with their first photo, the other
 * members, the last messages, the unread counts, the other members' read marks, the blocks and the newest deals.
 * Paths (`lot.url`, `deal.url`) are unprefixed; a page localizes them for its language.
 */
export async function toRoomItems(db: Executor, viewerId: number, rooms: ChatRoomRow[]) {
  if (rooms.length === 0) return [];
  const roomIds = rooms.map((room) => room.id);
  const lotIds = [...new Set(rooms.map((room) => room.lotId))];
  const otherIds = [...new Set(rooms.map((room) => otherMemberId(room, viewerId)))];
  const lastIds = rooms.map((room) => room.lastMessageId).filter((id): id is number => id !== null);

  const [lotRows, photoRows, otherRows, lastRows, unread, readRows, blockRows, dealRows] = await Promise.all([
    db
      .select({ id: lots.id, kind: lots.kind, title: lots.title, status: lots.status })
      .from(lots)
      .where(inArray(lots.id, lotIds)),
    db
      .selectDistinctOn([lotPhotos.lotId], { lotId: lotPhotos.lotId, key: lotPhotos.storageKey })
      .from(lotPhotos)
      .where(inArray(lotPhotos.lotId, lotIds))
      .orderBy(asc(lotPhotos.lotId), asc(lotPhotos.position)),
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        avatarKey: users.avatarKey,
        emailVerifiedAt: users.emailVerifiedAt,
        phoneVerifiedAt: users.phoneVerifiedAt,
        tier: users.tier,
        traderStatus: users.traderStatus,
      })
      .from(users)
      .where(inArray(users.id, otherIds)),
    lastIds.length > 0 ? db.select().from(chatMessages).where(inArray(chatMessages.id, lastIds)) : [],
    countUnreadByRoom(db, viewerId, roomIds),
    db
      .select({ roomId: chatRoomMembers.roomId, lastRead: chatRoomMembers.lastReadMessageId })
      .from(chatRoomMembers)
      .where(and(inArray(chatRoomMembers.roomId, roomIds), ne(chatRoomMembers.userId, viewerId))),
    db
      .select({ blockerId: chatBlocks.blockerId, blockedId: chatBlocks.blockedId })
      .from(chatBlocks)
      .where(
        or(
          and(eq(chatBlocks.blockerId, viewerId), inArray(chatBlocks.blockedId, otherIds)),
          and(eq(chatBlocks.blockedId, viewerId), inArray(chatBlocks.blockerId, otherIds)),
        ),
      ),
    // The newest live offer of each (lot, buyer, seller) the viewer is a party of, among these lots.
    db
      .selectDistinctOn([offers.lotId, offers.buyerId, offers.sellerId], {
        id: offers.id,
        lotId: offers.lotId,
        buyerId: offers.buyerId,
        sellerId: offers.sellerId,
        status: offers.status,
      })
      .from(offers)
      .where(
        and(
          inArray(offers.lotId, lotIds),
          or(eq(offers.buyerId, viewerId), eq(offers.sellerId, viewerId)),
          ne(offers.status, OFFER_STATUS.deleted),
        ),
      )
      .orderBy(asc(offers.lotId), asc(offers.buyerId), asc(offers.sellerId), desc(offers.id)),
  ]);

  const lotById = new Map(lotRows.map((row) => [row.id, row]));
  const photoByLot = new Map(photoRows.map((row) => [row.lotId, row.key]));
  const otherById = new Map(otherRows.map((row) => [row.id, row]));
  const lastById = new Map(lastRows.map((row) => [row.id, row]));
  const otherReadByRoom = new Map(readRows.map((row) => [row.roomId, row.lastRead]));

  return rooms.map((room) => {
    const otherId = otherMemberId(room, viewerId);
    const lot = lotById.get(room.lotId)!;
    const photoKey = photoByLot.get(room.lotId);
    const other = otherById.get(otherId);
    const last = room.lastMessageId === null ? undefined : lastById.get(room.lastMessageId);
    const deal = dealRows
      .filter(
        (row) =>
          row.lotId === room.lotId &&
          ((row.buyerId === viewerId && row.sellerId === otherId) ||
            (row.sellerId === viewerId && row.buyerId === otherId)),
      )
      .sort((a, b) => b.id - a.id)[0];
    return {
      id: room.id,
      room_unique_key: room.uniqueKey,
      order_id: room.lotId,
      order_type: KINDS[lot.kind].orderType,
      lot: {
        id: lot.id,
        kind: lot.kind,
        title: lot.title,
        status: lot.status,
        photo: photoKey ? storageUrl(`${photoKey}-320.webp`) : null,
        url: `${KINDS[lot.kind].sitePath}/${lot.id}`,
      },
      other: {
        id: otherId,
        name: other ? displayName(other) : '',
        avatar: other?.avatarKey ? avatarUrls(other.avatarKey).avatar_small : null,
        email_verified: other ? other.emailVerifiedAt !== null : false,
        phone_verified: other ? other.phoneVerifiedAt !== null : false,
        tier: other?.tier ?? 'basic',
        trader_status: other?.traderStatus ?? null,
      },
      is_owner: room.ownerId === viewerId,
      last_message: last ? toMessageItem(last, room.uniqueKey, viewerId) : null,
      unread_count: unread.get(room.id) ?? 0,
      other_last_read_message_id: otherReadByRoom.get(room.id) ?? 0,
      blocked: {
        by_me: blockRows.some((row) => row.blockerId === viewerId && row.blockedId === otherId),
        by_other: blockRows.some((row) => row.blockerId === otherId && row.blockedId === viewerId),
      },
      deal: deal ? { id: deal.id, status: deal.status, url: `/user/offer/${deal.id}` } : null,
      updated_at: seconds(room.lastMessageAt ?? room.createdAt),
    };
  });
}
export type ChatRoomItem = Awaited<ReturnType<typeof toRoomItems>>[number];

/** One room's item, as `viewerId` sees it. */
export async function toRoomItem(db: Executor, viewerId: number, room: ChatRoomRow): Promise<ChatRoomItem> {
  return (await toRoomItems(db, viewerId, [room]))[0];
}

/**
 * Which of a member's rooms their lists show: rooms with at least one message, and the empty rooms they opened
 * themselves about someone else's lot (so "Chat with the seller" is in their list before they write). A lot's
 * owner never sees a room nobody wrote in.
 */
export function listedRoomCondition(viewerId: number) {
  return or(isNotNull(chatRooms.lastMessageId), eq(chatRooms.memberId, viewerId));
}
