import { asc, desc, eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { currencies, exchangeRates } from '~/server/db/schema';
import { type StaffActor, requireCapability } from '~/server/services/admin/access';

/** Every currency for the back office, inactive ones included, with its latest rate per US dollar and that day. */
export async function listAdminCurrencies(db: Executor, actor: StaffActor) {
  requireCapability(actor, 'reference');
  const rows = await db
    .selectDistinctOn([currencies.sortOrder, currencies.id], {
      id: currencies.id,
      code: currencies.code,
      symbol: currencies.symbol,
      is_active: currencies.isActive,
      per_usd: exchangeRates.perUsd,
      rate_date: exchangeRates.asOf,
    })
    .from(currencies)
    .leftJoin(exchangeRates, eq(exchangeRates.currencyId, currencies.id))
    .orderBy(asc(currencies.sortOrder), asc(currencies.id), desc(exchangeRates.asOf));
  return rows.map((row) => ({ ...row, code: row.code.trim() }));
}
