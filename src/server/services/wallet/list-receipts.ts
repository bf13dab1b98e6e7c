import { and, desc, eq, sql } from 'drizzle-orm';
import { type ReceiptKind, receiptKind, receiptNumber } from '~/features/wallet/receipts';
import type { Executor } from '~/server/db/client';
import { type Page, type PageRequest, pageOffset, toPage } from '~/server/db/pagination';
import { currencies, walletAccounts, walletPostings, walletTransfers } from '~/server/db/schema';

export interface ReceiptSummary {
  number: string;
  transfer_id: number;
  created_at: string;
  currency: string;
  decimals: number;
  kind: ReceiptKind;
  /** What the transfer did to the member's pocket, signed, minor units. */
  amount: number;
  deal_id: number | null;
}

/**
 * The member's money events, newest first, one per transfer that touched their own pockets (docs/wallet.md
 * "Screens"): a deal's payment, release or return, a top-up, a payout, a refund, a fee. Paged in SQL.
 */
export async function listReceipts(db: Executor, userId: number, request: PageRequest): Promise<Page<ReceiptSummary>> {
  const mine = and(eq(walletAccounts.kind, 'member_available'), eq(walletAccounts.userId, userId));
  const [{ n }] = await db
    .select({ n: sql<number>`count(distinct ${walletPostings.transferId})::int` })
    .from(walletPostings)
    .innerJoin(walletAccounts, eq(walletAccounts.id, walletPostings.accountId))
    .where(mine);
  const rows = await db
    .select({
      id: walletTransfers.id,
      createdAt: walletTransfers.createdAt,
      currency: walletTransfers.currency,
      decimals: currencies.decimals,
      cause: walletTransfers.cause,
      step: walletTransfers.step,
      offerId: walletTransfers.offerId,
      amount: sql<string>`sum(${walletPostings.amount})`,
    })
    .from(walletPostings)
    .innerJoin(walletAccounts, eq(walletAccounts.id, walletPostings.accountId))
    .innerJoin(walletTransfers, eq(walletTransfers.id, walletPostings.transferId))
    .innerJoin(currencies, eq(currencies.code, walletTransfers.currency))
    .where(mine)
    .groupBy(walletTransfers.id, currencies.decimals)
    .orderBy(desc(walletTransfers.id))
    .limit(request.perPage)
    .offset(pageOffset(request));
  return toPage(
    rows.map((r) => ({
      number: receiptNumber(r.id),
      transfer_id: r.id,
      created_at: new Date(r.createdAt).toISOString(),
      currency: r.currency,
      decimals: r.decimals,
      kind: receiptKind(r.cause, r.step),
      amount: Number(r.amount),
      deal_id: r.offerId,
    })),
    n,
    request,
  );
}
