import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { DEFAULT_CURRENCY_ID, type Role, type Tier, type TraderStatus } from '~/features/accounts/constants';
import type { ArticleCategory } from '~/features/articles/constants';
import { countries, currencies, regions, villages } from './reference';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Lower-cased; null for an account made with a phone only. */
    email: text('email'),
    /** E.164 (+254712345678); null for an account made with an e-mail only. */
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name'),
    traderStatus: text('trader_status').$type<TraderStatus>().notNull(),
    tier: text('tier').$type<Tier>().notNull().default('basic'),
    role: text('role').$type<Role>().notNull().default('user'),
    locale: text('locale').notNull().default('en'),
    currencyId: integer('currency_id')
      .notNull()
      .default(DEFAULT_CURRENCY_ID)
      .references(() => currencies.id),
    /** Where the member trades from: chosen at sign-up, else their address's or their phone number's country. */
    countryId: integer('country_id').references(() => countries.id),
    activity: text('activity'),
    farmSizeAcres: numeric('farm_size_acres', { precision: 12, scale: 2 }),
    /** Turnover in minor units of the user's currency, per `turnover_period`. */
    turnoverMinor: bigint('turnover_minor', { mode: 'number' }),
    turnoverPeriod: text('turnover_period'),
    gender: text('gender'),
    ageRange: text('age_range'),
    /** E-mail about newly published articles, at most one a day (docs/articles.md "News e-mails"). */
    newsNotification: boolean('news_notification').notNull().default(true),
    /**
     * The article categories whose news the member is e-mailed about; null (the default) follows every
     * category, including any added later (docs/articles.md "News e-mails").
     */
    newsCategories: text('news_categories').array().$type<ArticleCategory[]>(),
    favoriteApplicationNotification: boolean('favorite_application_notification').notNull().default(true),
    /** E-mail when an offer or deal waits for this user (docs/deals.md). */
    dealNotification: boolean('deal_notification').notNull().default(true),
    /** E-mail (or SMS) about chat messages left unread for 15 minutes (docs/chat.md "Notices"). */
    messageNotification: boolean('message_notification').notNull().default(true),
    /**
     * Signed-in members may call or WhatsApp this member from their lots' pages (docs/lots.md "Share and call"): off
     * by default; the number is shown only when it is confirmed, and never to visitors or in a cached page.
     */
    contactByPhone: boolean('contact_by_phone').notNull().default(false),
    referralCode: text('referral_code').notNull(),
    /** Storage key prefix of the profile photo (`avatars/12/ab34cd`); sizes are `-512.webp` and `-128.webp`. */
    avatarKey: text('avatar_key'),
    /**
     * Blocked by the back office (docs/backoffice.md "Members"): cannot sign in or publish; their lots are off the
     * market (`lots.owner_blocked_at`); their deals go on.
     */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    blockedReason: text('blocked_reason'),
    /**
     * The feature-phone channel (docs/feature-phones.md "PIN"): the 4-digit USSD PIN (argon2id), wrong tries since the
     * last right one, and the end of a lock-out (5 wrong tries lock USSD for 15 minutes).
     */
    ussdPinHash: text('ussd_pin_hash'),
    ussdPinFailures: smallint('ussd_pin_failures').notNull().default(0),
    ussdLockedUntil: timestamp('ussd_locked_until', { withTimezone: true }),
    /** The member sent STOP (docs/feature-phones.md "SMS commands"): no notice goes by SMS until START. */
    smsStoppedAt: timestamp('sms_stopped_at', { withTimezone: true }),
    /**
     * Notices by SMS (an offer received, a deal's steps, money held and released, price alerts): on for an account
     * made on a phone, off for one made on the site until the member turns it on (docs/feature-phones.md "Notices").
     */
    smsNotification: boolean('sms_notification').notNull().default(false),
    /** Where the account was made: `web` (the site or the API) or `ussd` (a feature phone's menu). */
    signupChannel: text('signup_channel').$type<'web' | 'ussd'>().notNull().default('web'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    uniqueIndex('users_phone_uq').on(t.phone),
    uniqueIndex('users_referral_code_uq').on(t.referralCode),
  ],
);

/**
 * One row per login. The access token (Bearer, short-lived) and the refresh token (single use; also the
 * web cookie's credential) are stored as SHA-256 hashes. See docs/auth.md.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessHash: text('access_hash').notNull(),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
    refreshHash: text('refresh_hash').notNull(),
    /** The refresh token before the last rotation: presenting it again means it was stolen, so the session ends. */
    previousRefreshHash: text('previous_refresh_hash'),
    /** When the refresh token was last rotated: a replay within a few seconds is a lost answer, not a theft. */
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
    /** The web session cookie's own token (never returned in a body, never accepted for refresh). */
    cookieHash: text('cookie_hash'),
    remember: boolean('remember').notNull().default(false),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    /**
     * The back office (docs/backoffice.md "Staff sign-in"): when this session last passed the second factor, and
     * when it last used the back office. Past 30 idle minutes the back office asks for the second factor again.
     */
    staffVerifiedAt: timestamp('staff_verified_at', { withTimezone: true }),
    staffSeenAt: timestamp('staff_seen_at', { withTimezone: true }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sessions_access_uq').on(t.accessHash),
    uniqueIndex('sessions_refresh_uq').on(t.refreshHash),
    uniqueIndex('sessions_cookie_uq').on(t.cookieHash),
    index('sessions_previous_refresh_idx').on(t.previousRefreshHash),
    index('sessions_user_idx').on(t.userId),
  ],
);

/** Single-use tokens of links: e-mail confirmation (48 h) and password reset (1 h, by e-mail or by SMS). */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'verify_email' | 'reset_password'>().notNull(),
    tokenHash: text('token_hash').notNull(),
    /**
     * The address the token was sent to: confirming it confirms this address, not a later one. A reset link sent by
     * SMS holds the phone number (E.164) instead; it is spent once that number is no longer the account's confirmed one.
     */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('email_tokens_hash_uq').on(t.tokenHash)],
);

/** A PIN sent by SMS to prove a phone number, before or after sign-up. */
export const phoneVerifications = pgTable(
  'phone_verifications',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    pinHash: text('pin_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** Hash of the token handed out once the PIN is right; sign-up and profile present it. */
    proofHash: text('proof_hash'),
    proofUsedAt: timestamp('proof_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('phone_verifications_phone_idx').on(t.phone, t.createdAt),
    uniqueIndex('phone_verifications_proof_uq').on(t.proofHash),
  ],
);

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    regionId: integer('region_id').references(() => regions.id),
    villageId: integer('village_id').references(() => villages.id),
    city: text('city'),
    street: text('street'),
    house: text('house'),
    latitude: real('latitude'),
    longitude: real('longitude'),
    createdAt: createdAt(),
  },
  (t) => [index('addresses_user_idx').on(t.userId)],
);

/** Favourite categories: `kind` is 'board' (crops, seeds, fertilizer) or 'technic' (machinery). */
export const favoriteCategories = pgTable(
  'favorite_categories',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'board' | 'technic'>().notNull(),
    categoryId: integer('category_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.categoryId] })],
);

/** Kinds of documents users and companies upload; `typeCategoryId` groups them (1 identity, 2 business, 3 land, 4 trade). */
export const documentTypes = pgTable('document_types', {
  id: integer('id').primaryKey(),
  typeCategoryId: integer('type_category_id').notNull(),
  nameEn: text('name_en').notNull(),
  nameSw: text('name_sw').notNull(),
  nameFr: text('name_fr').notNull(),
});

export const userDocuments = pgTable(
  'user_documents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    documentTypeId: integer('document_type_id')
      .notNull()
      .references(() => documentTypes.id),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('user_documents_user_idx').on(t.userId)],
);

/** A request for a higher tier, reviewed by an administrator. */
export const tierRequests = pgTable(
  'tier_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tier: text('tier').$type<Tier>().notNull(),
    message: text('message'),
    status: text('status').$type<'pending' | 'approved' | 'declined'>().notNull().default('pending'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tier_requests_one_pending_uq')
      .on(t.userId)
      .where(sql`status = 'pending'`),
  ],
);

/** Outgoing mail when no SMTP server is configured (and a record of what was sent in development). */
/**
 * How far an outbox message has gone (src/server/services/outbox/deliver-outbox.ts): waiting (`pending`, with its next
 * try), handed to the provider (`sent`), or given up after its last try or past its deadline (`dead`: a dead letter,
 * docs/operations.md "Outbox").
 */
export type OutboxStatus = 'pending' | 'sent' | 'dead';

/** The delivery columns both outboxes share. */
const delivery = () => ({
  status: text('status').$type<OutboxStatus>().notNull().default('pending'),
  /** Tries so far (each claim counts one). */
  attempts: integer('attempts').notNull().default(0),
  /** When the next try is due; for a dead letter, when it was given up. */
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  /** A delivering process holds the message until then: no other process sends it meanwhile. */
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastError: text('last_error'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  /** Past this the message is worth nothing (a PIN that expired): it is not sent, it becomes a dead letter. */
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  /** The request that caused it (X-Request-Id), for the log lines of its delivery. */
  requestId: text('request_id'),
});

/**
 * Every e-mail, written in the transaction of the change that causes it and delivered by the outbox worker (to the
 * SMTP server, or, without SMTP_URL, kept here as the development mailbox: /dev/mailbox).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Where answers go when not to the sender (a contact message to support: the person who wrote it). */
    replyTo: text('reply_to'),
    /** Extra SMTP headers (List-Unsubscribe…). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    ...delivery(),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_created_idx').on(t.createdAt),
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
  ],
);

/** Every SMS, as the mail outbox: delivered by the outbox worker to Africa's Talking, or kept for the mailbox. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    text: text('text').notNull(),
    /** The member a notice is for: the daily cap counts their notices (docs/feature-phones.md "Notices"). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** `notice` (counted by the daily cap), `reply` (an answer to an SMS command), or null (codes and the rest). */
    purpose: text('purpose').$type<'notice' | 'reply'>(),
    ...delivery(),
    createdAt: createdAt(),
  },
  (t) => [
    index('sms_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index('sms_outbox_notices_idx')
      .on(t.userId, t.createdAt)
      .where(sql`purpose = 'notice'`),
    // The back office's SMS traffic per day (docs/backoffice.md "Feature phones").
    index('sms_outbox_created_idx').on(t.createdAt),
  ],
);

/** Counters of rate-limiter-flexible's Drizzle store: limits hold across processes. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: timestamp('expire', { withTimezone: true }),
});
