import { eq } from 'drizzle-orm';
import type { Executor } from '~/server/db/client';
import { currencies } from '~/server/db/schema';

export interface CurrencyRow {
  id: number;
  code: string;
  decimals: number;
  isActive: boolean;
}

/** One currency by its id or its code (`KES`), or undefined. */
export async function findCurrency(
  db: Executor,
  by: { id: number } | { code: string },
): Promise<CurrencyRow | undefined> {
  const [row] = await db
    .select({ id: currencies.id, code: currencies.code, decimals: currencies.decimals, isActive: currencies.isActive })
    .from(currencies)
    .where('id' in by ? eq(currencies.id, by.id) : eq(currencies.code, by.code));
  return row;
}
