import { and, eq } from 'drizzle-orm';
import { CHAT_PHOTO_MAX_BYTES } from '~/features/chat/safety';
import type { PostMessageInput } from '~/features/chat/schemas';
import type { Executor } from '~/server/db';
import { chatMessages } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { consumeLimit } from '~/server/security/rate-limit';
import { getStorage } from '~/server/storage';
import { storeLotPhotoFiles } from '~/server/storage/lot-photo-files';
import { detectUpload, newStorageKey, readUpload } from '~/server/storage/uploads';
import { LOT_PHOTO_WIDTHS } from '~/features/lots/constants';
import { appendMessage } from './append-message';
import { assertNotBlocked } from './blocks';
import { findMemberRoom, otherMemberId } from './find-member-room';
import { type ChatMessageItem, toMessageItem } from './message-items';

/** The folder of chat photos: never public, served only to the room's members (src/server/storage/serve-upload.ts). */
export const CHAT_PHOTO_FOLDER = 'chat';

/**
 * `POST /chat/post-message`: a member writes in one of their rooms — text (1–4,000 characters after trimming) or a
 * photo (an image of at most 10 MB, re-encoded to WebP like lot photos, stored under `chat/`), or both. A message
 * re-sent with a `client_id` already used by its sender answers the first one (`created: false`) and stores
 * nothing. Refused when either member blocked the other (409), and beyond `chatPost` (429). The photo is encoded
 * and stored before the short transaction that appends the message (which holds the message-order lock).
 */
export async function postMessage(
  db: Executor,
  userId: number,
  input: PostMessageInput,
  photoFile?: unknown,
): Promise<{ message: ChatMessageItem; created: boolean }> {
  const room = await findMemberRoom(
    db,
    userId,
    input.room_unique_key !== undefined ? { key: input.room_unique_key } : { id: input.chat_room_id! },
  );
  const hasPhoto = photoFile !== undefined && photoFile !== null && photoFile !== '';
  if (input.text === '' && !hasPhoto)
    throw new AppError('validation_failed', 'errors.validation_failed', {
      fields: { text: [{ key: 'chat.text_required' }] },
    });

  if (input.client_id) {
    const [sent] = await db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.createdBy, userId), eq(chatMessages.clientId, input.client_id)));
    if (sent) {
      // A client id names one message of its sender: reusing it for another room is the client's mistake.
      if (sent.roomId !== room.id)
        throw new AppError('validation_failed', 'errors.validation_failed', {
          fields: { client_id: [{ key: 'chat.client_id_used' }] },
        });
      return { message: toMessageItem(sent, room.uniqueKey, userId), created: false };
    }
  }

  await assertNotBlocked(db, userId, otherMemberId(room, userId));
  await consumeLimit('chatPost', `user:${userId}`);
  await consumeLimit('chatPostHour', `user:${userId}`);

  let photo: { key: string; width: number; height: number } | null = null;
  if (hasPhoto) {
    const { bytes } = await readUpload(photoFile, CHAT_PHOTO_MAX_BYTES, 'photo');
    if ((await detectUpload(bytes))?.kind !== 'image')
      throw new AppError('validation_failed', 'uploads.invalid_image', {
        fields: { photo: [{ key: 'uploads.invalid_image' }] },
      });
    const key = newStorageKey(CHAT_PHOTO_FOLDER, room.id);
    photo = { key, ...(await storeLotPhotoFiles(key, bytes)) };
  }

  try {
    const { message, created } = await db.transaction(async (tx) => {
      // Checked again inside: a block made between the first check and now still stops the message.
      await assertNotBlocked(tx, userId, otherMemberId(room, userId));
      return appendMessage(tx, room, {
        kind: 'text',
        createdBy: userId,
        clientId: input.client_id ?? null,
        body: input.text,
        photo,
      });
    });
    if (!created && photo) await deletePhotoFiles(photo.key);
    return { message: toMessageItem(message, room.uniqueKey, userId), created };
  } catch (error) {
    if (photo) await deletePhotoFiles(photo.key);
    throw error;
  }
}

/** Removes a chat photo's stored files (every width). */
export async function deletePhotoFiles(key: string): Promise<void> {
  const storage = getStorage();
  for (const width of LOT_PHOTO_WIDTHS) await storage.delete(`${key}-${width}.webp`);
}
