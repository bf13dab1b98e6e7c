import { sql } from 'drizzle-orm';
import {
  bigint,
  char,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { currencies } from './reference';
import { walletPending, walletTransfers } from './wallet';

/**
 * Money a member takes out of the wallet (docs/wallet.md "Payouts"): one row per withdrawal, named by our
 * reference `po_…`. The money waits in `payouts_in_flight` (the pending transfer `pending_id`) from the moment the
 * row is written until the provider confirms (posted to its clearing account) or refuses (voided back).
 */

export const PAYOUT_METHODS = ['mobile_money', 'bank'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

export const PAYOUT_STATUSES = ['awaiting_approval', 'pending', 'succeeded', 'failed', 'declined'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    /** The member whose available pocket pays it. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider').notNull(),
    /** Our reference, sent to the provider: `po_…`. */
    reference: text('reference').notNull(),
    method: text('method').$type<PayoutMethod>().notNull(),
    /** Where the money goes: the E.164 phone (mobile money) or the account number (bank). */
    destination: text('destination').notNull(),
    bankCode: text('bank_code'),
    bankName: text('bank_name'),
    accountName: text('account_name'),
    /** The destination as pages show it: all but its last digits hidden. */
    destinationMasked: text('destination_masked').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: char('currency', { length: 3 })
      .notNull()
      .references(() => currencies.code),
    status: text('status').$type<PayoutStatus>().notNull().default('pending'),
    /** Why it failed, as the provider said (`declined`, `insufficient_funds`, …), or `refused` by the provider's API. */
    failure: text('failure'),
    /** The pending transfer holding the money in `payouts_in_flight`. */
    pendingId: integer('pending_id')
      .notNull()
      .references(() => walletPending.id),
    /** The transfer that resolved it (posted to the provider or voided back), once settled. */
    transferId: integer('transfer_id').references(() => walletTransfers.id),
    /** The provider's own id of the payout. */
    providerReference: text('provider_reference'),
    /** When it was handed to the provider (null: awaiting approval, or the provider was unreachable). */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The administrator who approved or declined it (null when decided from the command line). */
    approvedBy: integer('approved_by').references(() => users.id),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payouts_reference_uq').on(t.reference),
    index('payouts_user_idx').on(t.userId, t.id),
    index('payouts_status_idx').on(t.status, t.id),
    check('payouts_amount_ck', sql`amount_minor > 0`),
    check('payouts_method_ck', sql`method in ('mobile_money', 'bank')`),
    check('payouts_status_ck', sql`status in ('awaiting_approval', 'pending', 'succeeded', 'failed', 'declined')`),
    check('payouts_bank_ck', sql`method <> 'bank' or bank_code is not null`),
  ],
);
