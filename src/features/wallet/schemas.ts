import { z } from 'zod';
import { optionalInt } from '~/features/validation/fields';

/**
 * The wallet's API shapes (docs/wallet.md "Reading a member's wallet"), shared by the API and, later, the wallet
 * pages and islands. Amounts are integers in the currency's minor units.
 */
const blank = (value: unknown) => (value === '' || value === null ? undefined : value);

export const WALLET_TRANSACTIONS_PER_PAGE = 20;

/** `GET /user-wallet-info` (`page`, `per-page` ≤ 100, 20 by default) pages the recent transactions. */
export const walletInfoQuery = z.object({
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
