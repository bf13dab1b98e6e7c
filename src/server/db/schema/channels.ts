import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * One USSD session of the gateway (docs/feature-phones.md "Sessions"): where the caller is in the menu tree, kept in
 * the database so that any process answers the next step. A session is worth nothing past `expires_at` (180 s after
 * its last step); housekeeping deletes old ones. `last_text` and `last_screen` answer a gateway's repeated request
 * with the same screen, without acting twice.
 */
export const ussdSessions = pgTable(
  'ussd_sessions',
  {
    sessionId: text('session_id').primaryKey(),
    phone: text('phone').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    serviceCode: text('service_code').notNull(),
    networkCode: text('network_code'),
    locale: text('locale').notNull().default('en'),
    /** The menu's stack of screens and what the caller chose on the way (src/server/channels/ussd/engine.ts). */
    state: jsonb('state').notNull(),
    steps: integer('steps').notNull().default(0),
    lastText: text('last_text').notNull().default(''),
    lastScreen: text('last_screen'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set by the last screen (END) or the gateway's end-of-session notification, with its status. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endStatus: text('end_status'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ussd_sessions_created_idx').on(t.createdAt), index('ussd_sessions_user_idx').on(t.userId)],
);

/**
 * Each inbound SMS the gateway delivered (docs/feature-phones.md "SMS commands"), once: the provider's message id is
 * unique, so a repeated callback is answered without acting or replying again.
 */
export const smsInbound = pgTable(
  'sms_inbound',
  {
    id: serial('id').primaryKey(),
    providerId: text('provider_id').notNull().unique(),
    phone: text('phone').notNull(),
    /** The short code or number the message was sent to. */
    toCode: text('to_code'),
    text: text('text').notNull(),
    linkId: text('link_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The command understood (`price`, `help`, `stop`, `start`, …), or `unknown`. */
    command: text('command'),
    reply: text('reply'),
    createdAt: createdAt(),
  },
  (t) => [index('sms_inbound_created_idx').on(t.createdAt)],
);

/** Each lock-out of a member's USSD PIN (5 wrong tries): for the back office's count and the member's history. */
export const ussdPinLockouts = pgTable(
  'ussd_pin_lockouts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ussd_pin_lockouts_created_idx').on(t.createdAt), index('ussd_pin_lockouts_user_idx').on(t.userId)],
);
