import { and, desc, eq, sql } from 'drizzle-orm';
import type { WalletTransaction } from '~/features/wallet/schemas';
import type { Executor } from '~/server/db/client';
import { type Page, type PageRequest, pageOffset, toPage } from '~/server/db/pagination';
import { walletAccounts, walletPostings, walletTransfers } from '~/server/db/schema';

/**
 * The postings of a member's own available pockets, newest first (docs/wallet.md "Reading a member's wallet").
 * Nothing of another member's accounts is ever joined in.
 */
export async function listWalletTransactions(
  db: Executor,
  userId: number,
  request: PageRequest,
): Promise<Page<WalletTransaction>> {
  const mine = and(eq(walletAccounts.kind, 'member_available'), eq(walletAccounts.userId, userId));
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(walletPostings)
    .innerJoin(walletAccounts, eq(walletAccounts.id, walletPostings.accountId))
    .where(mine);
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
    .where(mine)
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
