import { and, asc, eq, gt } from 'drizzle-orm';
import { chatWarnings } from '~/features/chat/safety';
import type { Executor } from '~/server/db';
import { chatMessages, chatRoomMembers, chatRooms } from '~/server/db/schema';
import { photoView } from '~/server/services/lots/lot-item';
import type { ChatMessageRow } from './append-message';

/** The message item of the API and the stream (docs/chat.md "Message item"), as `viewerId` sees it. */
export function toMessageItem(row: ChatMessageRow, roomKey: string, viewerId: number) {
  const deleted = row.deletedAt !== null;
  // Hidden by a moderator (docs/backoffice.md "Moderation"): neither member reads it any more, both see why.
  const hidden = row.hiddenAt !== null;
  const gone = deleted || hidden;
  const mine = row.createdBy === viewerId;
  return {
    id: row.id,
    chat_room_id: row.roomId,
    room_unique_key: roomKey,
    kind: row.kind,
    created_by: row.createdBy,
    mine,
    created_at: Math.floor(row.createdAt.getTime() / 1000),
    text: gone ? null : row.body,
    photo:
      gone || !row.photoKey
        ? null
        : photoView({ storageKey: row.photoKey, width: row.photoWidth ?? 0, height: row.photoHeight ?? 0 }),
    deleted,
    hidden,
    hidden_reason: hidden ? row.hiddenReason : null,
    client_id: mine ? row.clientId : null,
    system: row.system
      ? { offer_id: row.system.offerId, event: row.system.event, url: `/user/offer/${row.system.offerId}` }
      : null,
    // Warnings are for the reader: a sender is not warned about their own words.
    warnings: gone || mine || row.kind !== 'text' ? [] : chatWarnings(row.body),
  };
}
export type ChatMessageItem = ReturnType<typeof toMessageItem>;

/**
 * Messages of `viewerId`'s rooms with an id above `afterId`, oldest first, at most `limit`: what a stream sends
 * when it resumes or catches up. Only rooms the viewer is a member of are read.
 */
export async function listMessageItemsAfter(db: Executor, viewerId: number, afterId: number, limit: number) {
  const rows = await db
    .select({ message: chatMessages, key: chatRooms.uniqueKey })
    .from(chatMessages)
    .innerJoin(
      chatRoomMembers,
      and(eq(chatRoomMembers.roomId, chatMessages.roomId), eq(chatRoomMembers.userId, viewerId)),
    )
    .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
    .where(gt(chatMessages.id, afterId))
    .orderBy(asc(chatMessages.id))
    .limit(limit);
  return rows.map((row) => toMessageItem(row.message, row.key, viewerId));
}
