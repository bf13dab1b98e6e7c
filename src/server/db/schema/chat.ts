import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { offers } from './deals';
import { lots } from './lots';
import type { ModerationOutcome } from '~/features/admin/moderation';

/**
 * Chat about a lot (docs/chat.md). A room is between a lot's owner and one other member, about that lot; its key
 * is the only way clients name it. Deleting a lot deletes its rooms and messages; reports keep their own copy of
 * what was reported.
 */
export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: serial('id').primaryKey(),
    /** Unguessable (24 random bytes, base64url): what URLs and the API name the room by. */
    uniqueKey: text('unique_key').notNull(),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    /** The lot's owner when the room was made. */
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The other member: the one who wrote about the lot. */
    memberId: integer('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The newest message (any kind), for ordering rooms and their previews; null while the room is empty. */
    lastMessageId: integer('last_message_id'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_rooms_key_uq').on(t.uniqueKey),
    uniqueIndex('chat_rooms_lot_member_uq').on(t.lotId, t.memberId),
  ],
);

/**
 * Each room has two rows here, one per member: what they have read, when they were last told of unread messages,
 * and the room's activity time copied so "my rooms, newest first" is one index walk.
 */
export const chatRoomMembers = pgTable(
  'chat_room_members',
  {
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The newest message this member has read (0: none). Unread = others' live messages with a larger id. */
    lastReadMessageId: integer('last_read_message_id').notNull().default(0),
    /** When this member was last sent an e-mail or SMS about unread messages in this room (at most one an hour). */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    /** Copied from the room on each message: newest activity first without a join. */
    activityAt: timestamp('activity_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.userId] }),
    index('chat_room_members_user_idx').on(t.userId, t.activityAt.desc(), t.roomId),
  ],
);

export type ChatMessageKind = 'text' | 'system';

/** A deal event told in the room: which offer and which step (docs/chat.md "Deal lines"). */
export interface ChatSystemLine {
  offerId: number;
  event: string;
}

/**
 * Messages are never edited. A sender's deletion blanks the text and photo and keeps the row (it shows as
 * deleted). System lines (kind `system`, no sender) tell deal events. `client_id` is the sender's own id for a
 * message: a re-sent message with the same one is stored once.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ChatMessageKind>().notNull().default('text'),
    /** Null for system lines. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id'),
    body: text('body').notNull().default(''),
    /** Storage key prefix of the photo (`chat/12/ab34cd`), sizes as lot photos; width and height of the largest. */
    photoKey: text('photo_key'),
    photoWidth: smallint('photo_width'),
    photoHeight: smallint('photo_height'),
    system: jsonb('system').$type<ChatSystemLine>(),
    offerId: integer('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Hidden by a moderator (docs/backoffice.md "Moderation"): shown to both members as removed, with the reason. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_room_idx').on(t.roomId, t.id),
    uniqueIndex('chat_messages_client_uq')
      .on(t.createdBy, t.clientId)
      .where(sql`client_id is not null`),
  ],
);

/** A member who blocked another: no new messages either way, in any room. */
export const chatBlocks = pgTable(
  'chat_blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('chat_blocks_blocked_idx').on(t.blockedId)],
);

/**
 * A report of a message or a whole room, kept for the back office with the text as it was when reported (the
 * message may be deleted later, the room with its lot).
 */
export const chatReports = pgTable(
  'chat_reports',
  {
    id: serial('id').primaryKey(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roomId: integer('room_id').references(() => chatRooms.id, { onDelete: 'set null' }),
    messageId: integer('message_id').references(() => chatMessages.id, { onDelete: 'set null' }),
    /** The reported member. */
    reportedUserId: integer('reported_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    /** The reported message's text, or the room's last messages, as they were. */
    snapshot: text('snapshot').notNull(),
    status: text('status').$type<'open' | 'closed'>().notNull().default('open'),
    /** The moderator's decision (docs/backoffice.md "Moderation"): `hidden`, `dismissed` or `blocked`. */
    outcome: text('outcome').$type<ModerationOutcome>(),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_reports_status_idx').on(t.status, t.createdAt)],
);
