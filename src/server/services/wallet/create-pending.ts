import { eq } from 'drizzle-orm';
import type { Executor } from '~/server/db/client';
import { walletPending } from '~/server/db/schema';
import { type TransferCauseInput, type WalletTransfer, assertAmount, writeTransfer } from './write-transfer';
import { AppError } from '~/server/errors';

export type WalletPending = typeof walletPending.$inferSelect;

export interface CreatePendingInput extends TransferCauseInput {
  currency: string;
  /** Where the money comes from (the buyer's available pocket, the member's pocket for a payout). */
  sourceAccountId: number;
  /** Where it waits (the deal's frozen pocket, payouts in flight). */
  holdAccountId: number;
  amount: number;
}

/**
 * The first phase of a two-phase transfer (docs/wallet.md "Two-phase (pending) transfers"): moves `amount` from
 * the source to the hold account and records it as pending, to be posted or voided exactly once. Idempotent by
 * key like every transfer: a retry answers the same pending transfer.
 */
export async function createPending(
  db: Executor,
  input: CreatePendingInput,
): Promise<{ transfer: WalletTransfer; pending: WalletPending; replayed: boolean }> {
  const { sourceAccountId, holdAccountId, amount, currency, ...cause } = input;
  assertAmount(amount);
  if (amount < 0 || sourceAccountId === holdAccountId) throw new AppError('wallet.unbalanced', 'wallet.unbalanced');
  return db.transaction(async (tx) => {
    const written = await writeTransfer(
      tx,
      { ...cause, kind: 'pending', currency },
      [sourceAccountId, holdAccountId, amount],
      async () => [
        { accountId: sourceAccountId, amount: -amount },
        { accountId: holdAccountId, amount },
      ],
    );
    if (written.replayed) {
      const [pending] = await tx.select().from(walletPending).where(eq(walletPending.transferId, written.transfer.id));
      // A key first used by another kind of transfer has another fingerprint, so a replay here is a pending one.
      return { ...written, pending };
    }
    const [pending] = await tx
      .insert(walletPending)
      .values({ transferId: written.transfer.id, sourceAccountId, holdAccountId, currency, amount })
      .returning();
    return { ...written, pending };
  });
}
