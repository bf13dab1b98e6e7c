import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  char,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { offers } from './deals';
import { currencies } from './reference';

/**
 * The wallet's double-entry ledger (docs/wallet.md). Amounts are integers in the currency's minor units. Postings
 * and transfers are never updated nor deleted (triggers in migration 0012_wallet refuse it); balances are the sums
 * of postings, cached on the account row by the transfer service in the same transaction.
 */

export const WALLET_ACCOUNT_KINDS = [
  'member_available',
  'deal_frozen',
  'provider_clearing',
  'payouts_in_flight',
  'fees',
  'refunds',
] as const;
export type WalletAccountKind = (typeof WALLET_ACCOUNT_KINDS)[number];
/** Kinds whose balance may go below zero (money from outside, refunds the platform paid); the others never. */
export const NEGATIVE_ALLOWED_KINDS: readonly WalletAccountKind[] = ['provider_clearing', 'refunds'];

export const TRANSFER_CAUSES = ['deal', 'top_up', 'payout', 'refund', 'fee', 'dispute_decision', 'correction'] as const;
export type TransferCause = (typeof TRANSFER_CAUSES)[number];

export const TRANSFER_KINDS = ['posted', 'pending', 'post_pending', 'void_pending'] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

export type PendingStatus = 'pending' | 'posted' | 'voided';

export const walletAccounts = pgTable(
  'wallet_accounts',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<WalletAccountKind>().notNull(),
    currency: char('currency', { length: 3 })
      .notNull()
      .references(() => currencies.code),
    /** The member of a `member_available` pocket. */
    userId: integer('user_id').references(() => users.id),
    /** The deal (offer) of a `deal_frozen` pocket. */
    offerId: integer('offer_id').references(() => offers.id),
    /** The provider of a `provider_clearing` account (`sandbox`, `flutterwave`, …). */
    provider: text('provider'),
    /** Cached sum of the account's postings (checked by checkLedger). */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('wallet_accounts_id_currency_uq').on(t.id, t.currency),
    uniqueIndex('wallet_accounts_member_uq')
      .on(t.userId, t.currency)
      .where(sql`kind = 'member_available'`),
    uniqueIndex('wallet_accounts_deal_uq')
      .on(t.offerId)
      .where(sql`kind = 'deal_frozen'`),
    uniqueIndex('wallet_accounts_provider_uq')
      .on(t.provider, t.currency)
      .where(sql`kind = 'provider_clearing'`),
    uniqueIndex('wallet_accounts_platform_uq')
      .on(t.kind, t.currency)
      .where(sql`kind in ('payouts_in_flight', 'fees', 'refunds')`),
    check(
      'wallet_accounts_kind_ck',
      sql`kind in ('member_available', 'deal_frozen', 'provider_clearing', 'payouts_in_flight', 'fees', 'refunds')`,
    ),
    check(
      'wallet_accounts_owner_ck',
      sql`(user_id is not null) = (kind = 'member_available') and (offer_id is not null) = (kind = 'deal_frozen') and (provider is not null) = (kind = 'provider_clearing')`,
    ),
    check('wallet_accounts_balance_ck', sql`balance >= 0 or kind in ('provider_clearing', 'refunds')`),
  ],
);

export const walletTransfers = pgTable(
  'wallet_transfers',
  {
    id: serial('id').primaryKey(),
    /** Chosen by the caller from what it does (`deal:42:freeze`): the same key never moves money twice. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the canonical body: the same key with another body is refused. */
    fingerprint: text('fingerprint').notNull(),
    kind: text('kind').$type<TransferKind>().notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    cause: text('cause').$type<TransferCause>().notNull(),
    /** The deal this transfer belongs to, and its step (`freeze`, `release`, `return`, `split`, …). */
    offerId: integer('offer_id').references(() => offers.id),
    step: text('step'),
    /** The pending transfer a `post_pending` / `void_pending` transfer resolves. */
    pendingId: integer('pending_id'),
    /** The member who asked for it, if a member did. */
    createdBy: integer('created_by').references(() => users.id),
    memo: text('memo'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallet_transfers_key_uq').on(t.idempotencyKey),
    unique('wallet_transfers_id_currency_uq').on(t.id, t.currency),
    index('wallet_transfers_offer_idx')
      .on(t.offerId)
      .where(sql`offer_id is not null`),
    check('wallet_transfers_kind_ck', sql`kind in ('posted', 'pending', 'post_pending', 'void_pending')`),
    check(
      'wallet_transfers_cause_ck',
      sql`cause in ('deal', 'top_up', 'payout', 'refund', 'fee', 'dispute_decision', 'correction')`,
    ),
    check('wallet_transfers_pending_ck', sql`(pending_id is not null) = (kind in ('post_pending', 'void_pending'))`),
    // A deal's transfer names the deal and its step; a dispute decision names its deal.
    check(
      'wallet_transfers_deal_ck',
      sql`(cause <> 'deal' or (offer_id is not null and step is not null)) and (cause <> 'dispute_decision' or offer_id is not null)`,
    ),
  ],
);

export const walletPostings = pgTable(
  'wallet_postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transferId: integer('transfer_id').notNull(),
    accountId: integer('account_id').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    /** Signed: positive adds to the account, negative takes from it. Never zero. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'wallet_postings_transfer_fk',
      columns: [t.transferId, t.currency],
      foreignColumns: [walletTransfers.id, walletTransfers.currency],
    }),
    foreignKey({
      name: 'wallet_postings_account_fk',
      columns: [t.accountId, t.currency],
      foreignColumns: [walletAccounts.id, walletAccounts.currency],
    }),
    index('wallet_postings_transfer_idx').on(t.transferId),
    index('wallet_postings_account_idx').on(t.accountId, t.id.desc()),
    check('wallet_postings_amount_ck', sql`amount <> 0`),
  ],
);

/**
 * A two-phase transfer (a freeze, a payout): the held amount moved from `source` to `hold` by `transfer_id`, then
 * resolved exactly once by a `post_pending` or `void_pending` transfer (`resolved_by`). A trigger allows only that
 * one change.
 */
export const walletPending = pgTable(
  'wallet_pending',
  {
    id: serial('id').primaryKey(),
    transferId: integer('transfer_id')
      .notNull()
      .references(() => walletTransfers.id),
    sourceAccountId: integer('source_account_id')
      .notNull()
      .references(() => walletAccounts.id),
    holdAccountId: integer('hold_account_id')
      .notNull()
      .references(() => walletAccounts.id),
    currency: char('currency', { length: 3 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status').$type<PendingStatus>().notNull().default('pending'),
    resolvedBy: integer('resolved_by').references(() => walletTransfers.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallet_pending_transfer_uq').on(t.transferId),
    uniqueIndex('wallet_pending_resolved_uq')
      .on(t.resolvedBy)
      .where(sql`resolved_by is not null`),
    index('wallet_pending_source_idx')
      .on(t.sourceAccountId)
      .where(sql`status = 'pending'`),
    check('wallet_pending_amount_ck', sql`amount > 0`),
    check('wallet_pending_status_ck', sql`status in ('pending', 'posted', 'voided')`),
    check('wallet_pending_resolved_ck', sql`(status = 'pending') = (resolved_by is null)`),
  ],
);
