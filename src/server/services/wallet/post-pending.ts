import type { Executor } from '~/server/db/client';
import { AppError } from '~/server/errors';
import { type ResolveResult, resolvePending } from './resolve-pending';
import { type PostingInput, type TransferCauseInput, assertAmount } from './write-transfer';

export interface PostPendingInput extends TransferCauseInput {
  pendingId: number;
  /**
   * Where the held money goes: the seller's pocket (a release), several accounts (a split), the provider's clearing
   * account (a payout confirmed). Positive amounts; what they leave of the held amount returns to the source.
   */
  destinations: PostingInput[];
}

/** Posts a pending transfer, exactly once (docs/wallet.md "Two-phase (pending) transfers"). */
export async function postPending(db: Executor, input: PostPendingInput): Promise<ResolveResult> {
  const { pendingId, destinations, ...cause } = input;
  for (const d of destinations) {
    assertAmount(d.amount);
    if (d.amount < 0) throw new AppError('wallet.unbalanced', 'wallet.unbalanced');
  }
  if (destinations.length === 0) throw new AppError('wallet.unbalanced', 'wallet.unbalanced');
  const body = destinations.map((d) => [d.accountId, d.amount]);
  return resolvePending(db, pendingId, 'posted', cause, body, (pending) => {
    const total = destinations.reduce((sum, d) => sum + d.amount, 0);
    if (total > pending.amount) throw new AppError('wallet.unbalanced', 'wallet.unbalanced');
    const legs: PostingInput[] = [{ accountId: pending.holdAccountId, amount: -pending.amount }, ...destinations];
    if (total < pending.amount) legs.push({ accountId: pending.sourceAccountId, amount: pending.amount - total });
    return legs;
  });
}
