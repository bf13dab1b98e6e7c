import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * The news e-mails sent (docs/articles.md "News e-mails"): one row per member and day (UTC), naming the articles
 * it told about. The key (user_id, sent_on) is the claim that keeps a member to one e-mail a day, whichever
 * process sends it; the article ids keep an article from being told twice.
 */
export const newsNotifications = pgTable(
  'news_notifications',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The day (UTC) of the e-mail. */
    sentOn: date('sent_on', { mode: 'string' }).notNull(),
    articleIds: integer('article_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sentOn] }), index('news_notifications_sent_on_idx').on(t.sentOn)],
);
