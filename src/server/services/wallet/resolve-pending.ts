import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '~/server/db/client';
import { walletPending, walletTransfers } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import type { WalletPending } from './create-pending';
import { type PostingInput, type TransferCauseInput, type WalletTransfer, writeTransfer } from './write-transfer';

export interface ResolveResult {
  transfer: WalletTransfer;
  pending: WalletPending;
  replayed: boolean;
}

/**
 * The second phase, shared by postPending and voidPending: under the transfer's key, locks the pending row (after
 * the key, before the accounts: the global lock order), refuses it unless still pending, moves the money out of
 * the hold as `legs` says, and marks the row resolved by this transfer — exactly once.
 */
export async function resolvePending(
  db: Executor,
  pendingId: number,
  outcome: 'posted' | 'voided',
  cause: TransferCauseInput,
  body: unknown,
  legs: (pending: WalletPending) => PostingInput[],
): Promise<ResolveResult> {
  return db.transaction(async (tx) => {
    // Currency and accounts never change on a pending row, so they can be read before it is locked.
    const [known] = await tx.select().from(walletPending).where(eq(walletPending.id, pendingId));
    if (!known) throw new AppError('not_found', 'wallet.not_found');
    // The resolution belongs to the deal the pending transfer was made for, unless the caller names it.
    const [made] = await tx
      .select({ offerId: walletTransfers.offerId })
      .from(walletTransfers)
      .where(eq(walletTransfers.id, known.transferId));
    const written = await writeTransfer(
      tx,
      {
        ...cause,
        offerId: cause.offerId ?? made.offerId,
        kind: outcome === 'posted' ? 'post_pending' : 'void_pending',
        currency: known.currency,
        pendingId,
      },
      body,
      async () => {
        const [locked] = await tx.select().from(walletPending).where(eq(walletPending.id, pendingId)).for('update');
        if (locked.status !== 'pending')
          throw new AppError('wallet.pending_already_resolved', 'wallet.pending_already_resolved');
        return legs(locked);
      },
    );
    if (!written.replayed) {
      const resolved = await tx
        .update(walletPending)
        .set({ status: outcome, resolvedBy: written.transfer.id, resolvedAt: sql`now()` })
        .where(and(eq(walletPending.id, pendingId), eq(walletPending.status, 'pending')))
        .returning();
      if (resolved.length !== 1)
        throw new AppError('wallet.pending_already_resolved', 'wallet.pending_already_resolved');
    }
    const [pending] = await tx.select().from(walletPending).where(eq(walletPending.id, pendingId));
    return { ...written, pending };
  });
}
