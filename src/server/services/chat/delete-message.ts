import { and, eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { chatMessages, chatRooms } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { publishChatEvent } from './chat-events';
import { type ChatMessageItem, toMessageItem } from './message-items';
import { deletePhotoFiles } from './post-message';

/**
 * `POST /chat/delete-message`: a sender deletes their own message. Its text and photo are gone (the photo's files
 * too); the row stays and shows as deleted, and both members' streams are told. Someone else's message, a system
 * line or no such message is 404 `chat.message_not_found`. Deleting a deleted message answers it again.
 */
export async function deleteMessage(db: Executor, userId: number, messageId: number): Promise<ChatMessageItem> {
  const { message, roomKey, photoKey } = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ message: chatMessages, room: chatRooms })
      .from(chatMessages)
      .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
      .where(and(eq(chatMessages.id, messageId), eq(chatMessages.createdBy, userId), eq(chatMessages.kind, 'text')))
      .for('update', { of: chatMessages });
    if (!found) throw new AppError('not_found', 'chat.message_not_found');
    if (found.message.deletedAt)
      return { message: found.message, roomKey: found.room.uniqueKey, photoKey: null as string | null };
    const [deleted] = await tx
      .update(chatMessages)
      .set({ deletedAt: new Date(), body: '', photoKey: null, photoWidth: null, photoHeight: null })
      .where(eq(chatMessages.id, messageId))
      .returning();
    await publishChatEvent(tx, {
      t: 'deleted',
      room: found.room.id,
      id: messageId,
      users: [found.room.ownerId, found.room.memberId],
    });
    return { message: deleted, roomKey: found.room.uniqueKey, photoKey: found.message.photoKey };
  });
  if (photoKey) await deletePhotoFiles(photoKey);
  return toMessageItem(message, roomKey, userId);
}
