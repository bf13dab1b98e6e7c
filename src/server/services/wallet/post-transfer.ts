import type { Executor } from '~/server/db/client';
import {
  mergePostings,
  type PostingInput,
  type TransferCauseInput,
  type WrittenTransfer,
  writeTransfer,
} from './write-transfer';

export interface PostTransferInput extends TransferCauseInput {
  currency: string;
  /** At least two accounts; signed minor units summing to zero. */
  postings: PostingInput[];
}

/**
 * Moves money at once (docs/wallet.md "Transfers"): a top-up from a provider's clearing account, a fee, a
 * correction. Balanced and idempotent: the same key and body answer the first transfer; another body under the
 * same key is refused (`wallet.idempotency_conflict`).
 */
export async function postTransfer(db: Executor, input: PostTransferInput): Promise<WrittenTransfer> {
  const { postings, currency, ...cause } = input;
  const body = mergePostings(postings).map((p) => [p.accountId, p.amount]);
  return db.transaction((tx) => writeTransfer(tx, { ...cause, kind: 'posted', currency }, body, async () => postings));
}
