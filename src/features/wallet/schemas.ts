import { z } from 'zod';
import { optionalInt } from '~/features/validation/fields';

/**
 * The wallet's API shapes (docs/wallet.md "Reading a member's wallet"), shared by the API and, later, the wallet
 * pages and islands. Amounts are integers in the currency's minor units.
 */
const blank = (value: unknown) => (value === '' || value === null ? undefined : value);

export const WALLET_TRANSACTIONS_PER_PAGE = 20;

/** Why money moved (a transfer's cause, docs/wallet.md "Transfers"): the transactions' filter offers these. */
export const TRANSACTION_CAUSES = [
  'deal',
  'top_up',
  'payout',
  'refund',
  'fee',
  'dispute_decision',
  'correction',
] as const;
export type TransactionCause = (typeof TRANSACTION_CAUSES)[number];
export const TRANSACTION_DIRECTIONS = ['in', 'out'] as const;

/**
 * A calendar day `YYYY-MM-DD` that exists (UTC), from 1970 to 9998 (the database's timestamps hold those and the
 * day after them); blank is no filter.
 */
const isoDay = z.preprocess(
  blank,
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.invalid' })
    .refine(
      (v) =>
        Number(v.slice(0, 4)) >= 1970 &&
        Number(v.slice(0, 4)) <= 9998 &&
        !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
        new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      {
        message: 'validation.invalid',
      },
    )
    .optional(),
);

/**
 * The transactions' filters (docs/wallet.md "Screens"), the same in the API, the CSV export and the wallet page's
 * URL: `currency` (code), `cause`, `direction` (`in` added to the pocket, `out` taken from it), `from` and `to`
 * (days, UTC, both included). Blank means no filter.
 */
export const transactionFiltersSchema = z.object({
  currency: z.preprocess(
    (v) => (typeof v === 'string' ? blank(v.trim()) : v),
    z
      .string()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, { message: 'validation.invalid' })
      .optional(),
  ),
  cause: z.preprocess(blank, z.enum(TRANSACTION_CAUSES, { message: 'validation.invalid' }).optional()),
  direction: z.preprocess(blank, z.enum(TRANSACTION_DIRECTIONS, { message: 'validation.invalid' }).optional()),
  from: isoDay,
  to: isoDay,
});
export type TransactionFilters = z.output<typeof transactionFiltersSchema>;

/** `GET /user-wallet-info` (`page`, `per-page` ≤ 100, 20 by default) pages the recent transactions, filtered. */
export const walletInfoQuery = transactionFiltersSchema.extend({
  page: optionalInt().transform((v) => v ?? 1),
  'per-page': z.preprocess(
    (v) => (blank(v) === undefined ? undefined : Number(v)),
    z.number().int().min(1).max(100).optional(),
  ),
});

export const frozenItemSchema = z.object({
  pending_id: z.number().int(),
  /** The deal whose escrow holds it; null for a payout in flight. */
  deal_id: z.number().int().nullable(),
  amount: z.number().int(),
  kind: z.enum(['deal', 'payout']),
});

export const pocketSchema = z.object({
  currency: z.string(),
  decimals: z.number().int(),
  available: z.number().int(),
  frozen: z.number().int(),
  frozen_items: z.array(frozenItemSchema),
});

export const walletTransactionSchema = z.object({
  id: z.number().int(),
  transfer_id: z.number().int(),
  currency: z.string(),
  /** Signed: positive came into the pocket. */
  amount: z.number().int(),
  cause: z.string(),
  deal_id: z.number().int().nullable(),
  step: z.string().nullable(),
  created_at: z.string(),
});

export const walletInfoResponse = z.object({
  pockets: z.array(pocketSchema),
  transactions: z.object({
    items: z.array(walletTransactionSchema),
    _meta: z.object({
      totalCount: z.number().int(),
      pageCount: z.number().int(),
      currentPage: z.number().int(),
      perPage: z.number().int(),
    }),
  }),
});

export type Pocket = z.infer<typeof pocketSchema>;
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;
export type WalletInfo = z.infer<typeof walletInfoResponse>;
