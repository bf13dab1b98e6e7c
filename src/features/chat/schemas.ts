import { z } from 'zod';
import { ORDER_TYPES } from '~/features/deals/constants';
import { optionalInt, requiredInt } from '~/features/validation/fields';
import { CHAT_CLIENT_ID_MAX, CHAT_PAGE_MAX, CHAT_PAGE_SIZE, CHAT_TEXT_MAX } from './safety';

/**
 * Chat input shared by the API (src/server/api/routes/chat.ts), the no-JavaScript form of /chat and the island
 * (docs/chat.md "API"). Rules that need the database (membership, blocks, the lot) are the services' to check.
 */
const blank = (value: unknown) => (value === '' || value === null ? undefined : value);

/** A room's key as clients send it; a key of another shape names no room (the service answers 404). */
export const roomKeyField = z.string({ message: 'validation.required' }).trim().min(1, 'validation.required').max(64);

/** Bidi overrides hide what a line really says; NUL never reaches here (the endpoint refuses it first). */
const HIDDEN_CONTROL = /[\u202a-\u202e\u2066-\u2069]/u;

/** `POST /chat/add-or-create` and `POST /chat/user-order-rooms`: a lot named as offers name it. */
export const chatLotSchema = z.object({
  order_id: requiredInt(),
  order_type: z.enum(ORDER_TYPES, { message: 'validation.invalid_option' }),
});

/** `GET /chat/rooms` (`page`, `per-page` ≤ 100, 20 by default). */
export const chatRoomsQuery = z.object({
  page: optionalInt().transform((v) => v ?? 1),
  'per-page': z.preprocess(
    (v) => (blank(v) === undefined ? undefined : Number(v)),
    z.number().int().min(1).max(100).optional(),
  ),
});
export const CHAT_ROOMS_PER_PAGE = 20;

/** `GET /chat/room-messages`: older than `before`, or newer than `after` (not both), at most `limit`. */
export const roomMessagesQuery = z
  .object({
    room_unique_key: roomKeyField,
    before: optionalInt(),
    after: optionalInt(0),
    limit: z.preprocess(
      (v) => (blank(v) === undefined ? undefined : Number(v)),
      z.number().int().min(1).max(CHAT_PAGE_MAX).default(CHAT_PAGE_SIZE),
    ),
  })
  .refine((q) => q.before === undefined || q.after === undefined, {
    message: 'chat.before_or_after',
    path: ['after'],
  });

/**
 * `POST /chat/post-message` (`ChatRoomMessage[…]`): the room by `chat_room_id` or `room_unique_key`, the text
 * (1–4,000 characters after trimming; may be empty when a photo comes along, which the service checks), and the
 * sender's own id of the message. The photo is the multipart field `photo`, outside the wrapper.
 */
export const postMessageSchema = z
  .object({
    chat_room_id: optionalInt(),
    room_unique_key: z.preprocess(blank, roomKeyField.optional()),
    text: z.preprocess(
      (v) => (v === null || v === undefined ? '' : v),
      z
        .string()
        .trim()
        .max(CHAT_TEXT_MAX, 'chat.text_too_long')
        .refine((v) => !HIDDEN_CONTROL.test(v), { message: 'validation.invalid' }),
    ),
    client_id: z.preprocess(
      blank,
      z
        .string()
        .trim()
        .max(CHAT_CLIENT_ID_MAX)
        .regex(/^[\x21-\x7e]+$/, { message: 'validation.invalid' })
        .optional(),
    ),
  })
  .refine((b) => b.chat_room_id !== undefined || b.room_unique_key !== undefined, {
    message: 'validation.required',
    path: ['room_unique_key'],
  });
export type PostMessageInput = z.output<typeof postMessageSchema>;

/** `POST /chat/mark-read`: up to `message_id`, or the newest message when left out. */
export const markReadSchema = z.object({
  room_unique_key: roomKeyField,
  message_id: optionalInt(),
});

/** `POST /chat/delete-message`. */
export const deleteMessageSchema = z.object({ message_id: requiredInt() });

/** `POST /chat/block`, `POST /chat/unblock`. */
export const roomKeySchema = z.object({ room_unique_key: roomKeyField });

export const CHAT_REPORT_REASON_MAX = 1000;
/** `POST /chat/report`: a message of the room, or the whole room, with a reason. */
export const reportChatSchema = z.object({
  room_unique_key: roomKeyField,
  message_id: optionalInt(),
  reason: z
    .string({ message: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(CHAT_REPORT_REASON_MAX)
    .refine((v) => !HIDDEN_CONTROL.test(v), { message: 'validation.invalid' }),
});
