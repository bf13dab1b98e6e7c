import { type SQL, and, desc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import type { TransactionFilters, WalletTransaction } from '~/features/wallet/schemas';
import type { Executor } from '~/server/db/client';
import { type Page, type PageRequest, pageOffset, toPage } from '~/server/db/pagination';
import { walletAccounts, walletPostings, walletTransfers } from '~/server/db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The postings of a member's own available pockets, newest first, paged in SQL (docs/wallet.md "Reading a
 * member's wallet", "Screens"), optionally filtered by currency, cause, direction and days (UTC, both included).
 * Nothing of another member's accounts is ever joined in.
 */
export async function listWalletTransactions(
  db: Executor,
  userId: number,
  request: PageRequest,
  filters: TransactionFilters = {},
): Promise<Page<WalletTransaction>> {
  const conditions: (SQL | undefined)[] = [
    eq(walletAccounts.kind, 'member_available'),
    eq(walletAccounts.userId, userId),
    filters.currency ? eq(walletPostings.currency, filters.currency) : undefined,
    filters.cause ? eq(walletTransfers.cause, filters.cause) : undefined,
    filters.direction === 'in' ? gt(walletPostings.amount, 0) : undefined,
    filters.direction === 'out' ? lt(walletPostings.amount, 0) : undefined,
    filters.from ? gte(walletPostings.createdAt, new Date(`${filters.from}T00:00:00Z`)) : undefined,
    filters.to ? lt(walletPostings.createdAt, new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS)) : undefined,
  ];
  const where = and(...conditions);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(walletPostings)
    .innerJoin(walletAccounts, eq(walletAccounts.id, walletPostings.accountId))
    .innerJoin(walletTransfers, eq(walletTransfers.id, walletPostings.transferId))
    .where(where);
  const rows = await db
    .select({
      id: walletPostings.id,
      transferId: walletPostings.transferId,
      currency: walletPostings.currency,
      amount: walletPostings.amount,
      cause: walletTransfers.cause,
      offerId: walletTransfers.offerId,
      step: walletTransfers.step,
      createdAt: walletPostings.createdAt,
    })
    .from(walletPostings)
    .innerJoin(walletAccounts, eq(walletAccounts.id, walletPostings.accountId))
    .innerJoin(walletTransfers, eq(walletTransfers.id, walletPostings.transferId))
    .where(where)
    .orderBy(desc(walletPostings.id))
    .limit(request.perPage)
    .offset(pageOffset(request));
  return toPage(
    rows.map((r) => ({
      id: r.id,
      transfer_id: r.transferId,
      currency: r.currency,
      amount: r.amount,
      cause: r.cause,
      deal_id: r.offerId,
      step: r.step,
      created_at: r.createdAt.toISOString(),
    })),
    n,
    request,
  );
}
