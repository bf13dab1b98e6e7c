import type { TransactionFilters, WalletInfo } from '~/features/wallet/schemas';
import type { Executor } from '~/server/db/client';
import type { PageRequest } from '~/server/db/pagination';
import { listWalletTransactions } from './list-wallet-transactions';
import { readPockets } from './read-pockets';

/** `GET /user-wallet-info`: the caller's pockets and a page of their transactions, nothing of anyone else's. */
export async function readWalletInfo(
  db: Executor,
  userId: number,
  request: PageRequest,
  filters: TransactionFilters = {},
): Promise<WalletInfo> {
  return {
    pockets: await readPockets(db, userId),
    transactions: await listWalletTransactions(db, userId, request, filters),
  };
}
