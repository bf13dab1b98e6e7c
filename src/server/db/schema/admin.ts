import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { ModerationOutcome, ReportReason } from '~/features/admin/moderation';
import { users } from './accounts';
import { lots } from './lots';

/**
 * A staff member's authenticator (TOTP, RFC 6238; docs/backoffice.md "Staff sign-in"). Set up on the first entry
 * to the back office; `confirmed_at` is set when the first code from the app was right. `last_step` is the
 * 30-second step of the last accepted code: a code is accepted once.
 */
export const staffFactors = pgTable('staff_factors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The shared secret, base32 (the app holds the same). */
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes of a staff member's second factor, stored as SHA-256; each works once. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_recovery_codes_user_idx').on(t.userId)],
);

/**
 * The audit trail (docs/backoffice.md "Audit trail"): every back-office action and every entry to the back office,
 * append-only. A trigger refuses UPDATE, DELETE and TRUNCATE (migration 0026), and each row's hash covers the row
 * before's hash and its own content (the deal histories' chain, services/deals/chain.ts), so an edit made around
 * the trigger breaks the chain. No foreign keys: nothing may rewrite a row, not even a deleted account.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** 1, 2, 3… without gaps: the chain's order. */
    seq: bigint('seq', { mode: 'number' }).notNull().unique(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorId: integer('actor_id'),
    /** The actor's role and e-mail when they acted. */
    actorRole: text('actor_role').notNull(),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    /** Why, when the staff member said (a reason, a note). */
    note: text('note'),
    ip: text('ip'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    index('audit_log_object_idx').on(t.objectType, t.objectId, t.seq),
    index('audit_log_actor_idx').on(t.actorId, t.seq),
    index('audit_log_action_idx').on(t.action, t.seq),
    index('audit_log_at_idx').on(t.at),
  ],
);

/**
 * A member's report of a lot or a profile ("report this lot"; docs/backoffice.md "Moderation"). Chat messages
 * are reported in `chat_reports`; the moderation queue shows both.
 */
export const moderationReports = pgTable(
  'moderation_reports',
  {
    id: serial('id').primaryKey(),
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    targetType: text('target_type').$type<'lot' | 'profile'>().notNull(),
    lotId: integer('lot_id').references(() => lots.id, { onDelete: 'cascade' }),
    /** The member reported: the lot's owner, or the profile's. */
    reportedUserId: integer('reported_user_id').references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<ReportReason>().notNull(),
    comment: text('comment'),
    status: text('status').$type<'open' | 'closed'>().notNull().default('open'),
    outcome: text('outcome').$type<ModerationOutcome>(),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('moderation_reports_status_idx').on(t.status, t.createdAt),
    index('moderation_reports_lot_idx').on(t.lotId),
    index('moderation_reports_user_idx').on(t.reportedUserId),
    check('moderation_reports_target_ck', sql`(target_type = 'lot') = (lot_id is not null)`),
  ],
);

/**
 * Settings the back office changes without a deploy (docs/backoffice.md "Money"): the platform fee, the payout
 * approval threshold… Read through services/admin/read-setting.ts, which falls back to the environment's value.
 */
export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
