import { sql } from 'drizzle-orm';
import {
  bigint,
  char,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { offers } from './deals';
import { currencies } from './reference';
import { walletTransfers } from './wallet';

/**
 * Money asked of a payment provider (docs/payments.md "Top-ups"): one row per checkout, named by our reference,
 * and the provider events already processed (each event id once). Amounts in minor units, as in the ledger.
 */

export const PAYMENT_PURPOSES = ['top_up', 'deal'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

export const PAYMENT_STATUSES = ['pending', 'action_required', 'succeeded', 'failed', 'cancelled'] as const;
export type PaymentRowStatus = (typeof PAYMENT_STATUSES)[number];

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    /** The member who pays (and whose pocket a top-up credits). */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider').notNull(),
    /** Our reference, sent to the provider: `tu_…` for a top-up. */
    reference: text('reference').notNull(),
    /** The provider's own id of the checkout (the sandbox session id, …). */
    providerReference: text('provider_reference'),
    method: text('method').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: char('currency', { length: 3 })
      .notNull()
      .references(() => currencies.code),
    purpose: text('purpose').$type<PaymentPurpose>().notNull(),
    status: text('status').$type<PaymentRowStatus>().notNull().default('pending'),
    /** Why it failed, as the provider said (`declined`, `insufficient_funds`, …). */
    failure: text('failure'),
    /** The ledger transfer that credited it, once credited. */
    transferId: integer('transfer_id').references(() => walletTransfers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** A deal payment's deal (purpose `deal`, docs/payments.md "Deal payments"). */
    offerId: integer('offer_id').references(() => offers.id),
    /**
     * Where a credited deal payment's money went: `held` frozen for the deal, or `left_available` in the buyer's
     * available pocket because the deal was no longer waiting for it (declined, already paid, done).
     */
    dealOutcome: text('deal_outcome').$type<'held' | 'left_available'>(),
  },
  (t) => [
    uniqueIndex('payments_reference_uq').on(t.reference),
    index('payments_user_idx').on(t.userId, t.id),
    check('payments_amount_ck', sql`amount_minor > 0`),
    check('payments_purpose_ck', sql`purpose in ('top_up', 'deal')`),
    check('payments_status_ck', sql`status in ('pending', 'action_required', 'succeeded', 'failed', 'cancelled')`),
    check('payments_method_ck', sql`method in ('card', 'mobile_money')`),
    index('payments_offer_idx')
      .on(t.offerId)
      .where(sql`offer_id is not null`),
    check('payments_deal_ck', sql`(purpose = 'deal') = (offer_id is not null)`),
    check('payments_deal_outcome_ck', sql`deal_outcome is null or deal_outcome in ('held', 'left_available')`),
  ],
);

/** Provider events processed: (provider, event id) once; recorded in the same transaction as what they did. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    paymentId: integer('payment_id').references(() => payments.id),
    /** The status the event announced. */
    status: text('status').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_uq').on(t.provider, t.eventId)],
);

/**
 * The sandbox provider's own records (docs/payments.md "Sandbox"): it plays an outside processor, so they are
 * apart from the app's payments — its checkout sessions and payouts, as the sandbox keeps them (`data`, JSON),
 * so that a checkout survives a restart and every server process sees the same ones.
 */
export const sandboxRecords = pgTable(
  'sandbox_records',
  {
    kind: text('kind').$type<'session' | 'payout'>().notNull(),
    id: text('id').notNull(),
    reference: text('reference').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.id] }),
    uniqueIndex('sandbox_records_reference_uq').on(t.kind, t.reference),
    check('sandbox_records_kind_ck', sql`kind in ('session', 'payout')`),
  ],
);
