import type { Executor } from '~/server/db/client';
import { type ResolveResult, resolvePending } from './resolve-pending';
import type { TransferCauseInput } from './write-transfer';

export interface VoidPendingInput extends TransferCauseInput {
  pendingId: number;
}

/**
 * Voids a pending transfer, exactly once: the whole held amount returns to its source (a deal declined or
 * cancelled before delivery, a payout the provider refused). docs/wallet.md "Two-phase (pending) transfers".
 */
export async function voidPending(db: Executor, input: VoidPendingInput): Promise<ResolveResult> {
  const { pendingId, ...cause } = input;
  return resolvePending(db, pendingId, 'voided', cause, 'void', (pending) => [
    { accountId: pending.holdAccountId, amount: -pending.amount },
    { accountId: pending.sourceAccountId, amount: pending.amount },
  ]);
}
