import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { CONTACT_STATUSES, CONTACT_TOPICS, type ContactStatus, type ContactTopic } from '~/features/contact/schema';
import type { Locale } from '~/i18n/config';
import { users } from './accounts';

/**
 * A message sent through the contact form (docs/contact.md): the support inbox. No IP address is kept (the rate
 * limits count senders by address in their own table, whose rows expire); a signed-in sender is linked to their
 * account, which is forgotten (set null) if the account goes.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    topic: text('topic').$type<ContactTopic>().notNull(),
    message: text('message').notNull(),
    /** The language the sender wrote from: the acknowledgement and the answer use it. */
    locale: text('locale').$type<Locale>().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<ContactStatus>().notNull().default('new'),
    /** The support agent who took the message (docs/backoffice.md "Support"). */
    assignedTo: integer('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('contact_messages_status_ck', sql.raw(`status in (${CONTACT_STATUSES.map((s) => `'${s}'`).join(', ')})`)),
    check('contact_messages_topic_ck', sql.raw(`topic in (${CONTACT_TOPICS.map((s) => `'${s}'`).join(', ')})`)),
    check('contact_messages_reach_ck', sql`email is not null or phone is not null`),
    index('contact_messages_status_created_idx').on(t.status, t.createdAt.desc()),
    index('contact_messages_user_idx')
      .on(t.userId)
      .where(sql`user_id is not null`),
  ],
);

/** An answer sent by e-mail from the back office to a contact message (docs/backoffice.md "Support"). */
export const contactReplies = pgTable(
  'contact_replies',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_replies_message_idx').on(t.messageId, t.createdAt)],
);
