import { inArray } from 'drizzle-orm';
import { csvText } from '~/features/wallet/csv';
import { minorToDecimal, receiptNumber } from '~/features/wallet/receipts';
import type { TransactionFilters } from '~/features/wallet/schemas';
import type { Executor } from '~/server/db/client';
import { currencies } from '~/server/db/schema';
import { listWalletTransactions } from './list-wallet-transactions';

/** The most rows one export holds; a longer history is exported by date range. */
export const MAX_EXPORT_ROWS = 10_000;
const CHUNK = 500;

export const TRANSACTIONS_CSV_COLUMNS = [
  'date',
  'receipt',
  'currency',
  'direction',
  'amount',
  'cause',
  'step',
  'deal_id',
] as const;

/**
 * The member's own transactions, filtered as on the wallet page, as CSV (docs/wallet.md "Screens"): a header row,
 * newest first, amounts as decimal strings in major units computed from the integers, at most MAX_EXPORT_ROWS.
 */
export async function exportWalletTransactions(
  db: Executor,
  userId: number,
  filters: TransactionFilters,
): Promise<string> {
  const rows: (string | number | null)[][] = [[...TRANSACTIONS_CSV_COLUMNS]];
  const decimals = new Map<string, number>();
  for (let page = 1; rows.length <= MAX_EXPORT_ROWS; page++) {
    const batch = await listWalletTransactions(db, userId, { page, perPage: CHUNK }, filters);
    const unknown = [...new Set(batch.items.map((i) => i.currency))].filter((c) => !decimals.has(c));
    if (unknown.length)
      for (const c of await db
        .select({ code: currencies.code, decimals: currencies.decimals })
        .from(currencies)
        .where(inArray(currencies.code, unknown)))
        decimals.set(c.code, c.decimals);
    for (const item of batch.items.slice(0, MAX_EXPORT_ROWS + 1 - rows.length))
      rows.push([
        item.created_at,
        receiptNumber(item.transfer_id),
        item.currency,
        item.amount > 0 ? 'in' : 'out',
        minorToDecimal(item.amount, decimals.get(item.currency) ?? 2),
        item.cause,
        item.step,
        item.deal_id,
      ]);
    if (page >= batch._meta.pageCount) break;
  }
  return csvText(rows);
}
