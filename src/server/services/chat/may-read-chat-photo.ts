import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { chatMessages, chatRoomMembers } from '~/server/db/schema';
import { CHAT_PHOTO_FOLDER } from './post-message';

/** `chat/<room id>/<random>-<width>.webp`: a stored chat photo's file, and the photo's key without the width. */
const CHAT_PHOTO_FILE = new RegExp(`^(${CHAT_PHOTO_FOLDER}/(\\d{1,9})/[0-9a-f]{24})-\\d{1,4}\\.webp$`);

/** Whether a storage key is a chat photo's file (served by serveUpload only to the room's members). */
export function isChatPhotoFile(key: string): boolean {
  return key.startsWith(`${CHAT_PHOTO_FOLDER}/`);
}

/**
 * Whether `userId` may fetch a chat photo's file: the photo belongs to a live (not deleted) message of a room
 * the member is in. Anything else — a stranger, a deleted message, a key of another shape — may not.
 */
export async function mayReadChatPhoto(db: Executor, userId: number, fileKey: string): Promise<boolean> {
  const match = CHAT_PHOTO_FILE.exec(fileKey);
  if (!match) return false;
  const [, photoKey, roomId] = match;
  const [row] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .innerJoin(
      chatRoomMembers,
      and(eq(chatRoomMembers.roomId, chatMessages.roomId), eq(chatRoomMembers.userId, userId)),
    )
    .where(
      and(
        eq(chatMessages.roomId, Number(roomId)),
        eq(chatMessages.photoKey, photoKey),
        isNull(chatMessages.deletedAt),
        // A photo a moderator hid is gone for both members (docs/backoffice.md "Moderation").
        isNull(chatMessages.hiddenAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}
