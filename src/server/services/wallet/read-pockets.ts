import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Pocket } from '~/features/wallet/schemas';
import type { Executor } from '~/server/db/client';
import { currencies, walletAccounts, walletPending, walletTransfers } from '~/server/db/schema';

/**
 * A member's pockets, one per currency they hold (docs/wallet.md "Reading a member's wallet"): the available
 * balance and what is frozen from it — each pending transfer out of their pocket, with the deal whose escrow holds
 * it. Only `userId`'s own accounts are read.
 */
export async function readPockets(db: Executor, userId: number): Promise<Pocket[]> {
  const accounts = await db
    .select({
      id: walletAccounts.id,
      currency: walletAccounts.currency,
      balance: walletAccounts.balance,
      decimals: currencies.decimals,
    })
    .from(walletAccounts)
    .innerJoin(currencies, eq(currencies.code, walletAccounts.currency))
    .where(and(eq(walletAccounts.kind, 'member_available'), eq(walletAccounts.userId, userId)))
    .orderBy(asc(currencies.sortOrder), asc(walletAccounts.currency));
  if (accounts.length === 0) return [];
  const held = await db
    .select({
      pendingId: walletPending.id,
      sourceAccountId: walletPending.sourceAccountId,
      amount: walletPending.amount,
      offerId: walletTransfers.offerId,
      holdKind: walletAccounts.kind,
    })
    .from(walletPending)
    .innerJoin(walletTransfers, eq(walletTransfers.id, walletPending.transferId))
    .innerJoin(walletAccounts, eq(walletAccounts.id, walletPending.holdAccountId))
    .where(
      and(
        eq(walletPending.status, 'pending'),
        inArray(
          walletPending.sourceAccountId,
          accounts.map((a) => a.id),
        ),
      ),
    )
    .orderBy(asc(walletPending.id));
  return accounts.map((account) => {
    const items = held
      .filter((h) => h.sourceAccountId === account.id)
      .map((h) => ({
        pending_id: h.pendingId,
        deal_id: h.offerId,
        amount: h.amount,
        kind: h.holdKind === 'deal_frozen' ? ('deal' as const) : ('payout' as const),
      }));
    return {
      currency: account.currency,
      decimals: account.decimals,
      available: account.balance,
      frozen: items.reduce((sum, i) => sum + i.amount, 0),
      frozen_items: items,
    };
  });
}
