import { and, eq } from 'drizzle-orm';
import type { RateSetInput } from '~/features/admin/reference';
import type { Executor } from '~/server/db';
import { currencies, exchangeRates } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { type StaffActor, requireCapability } from '~/server/services/admin/access';
import { recordAudit } from '~/server/services/admin/record-audit';
import { forgetReferenceCaches } from './forget-reference-caches';
import { storeExchangeRate } from './store-exchange-rate';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Sets a currency's rate per US dollar for a day by hand (docs/backoffice.md "Reference data"), replacing that
 * day's rate. The latest day's rate is the one lots are priced at. A day after today: 422 on `as_of`. Audited.
 */
export async function setExchangeRate(db: Executor, actor: StaffActor, input: RateSetInput): Promise<void> {
  requireCapability(actor, 'reference');
  if (input.as_of > today())
    throw new AppError('validation_failed', 'errors.validation_failed', {
      fields: { as_of: [{ key: 'admin.rates_future_day' }] },
    });
  await db.transaction(async (tx) => {
    const [currency] = await tx
      .select({ id: currencies.id })
      .from(currencies)
      .where(eq(currencies.id, input.currency_id));
    if (!currency)
      throw new AppError('validation_failed', 'errors.validation_failed', {
        fields: { currency_id: [{ key: 'validation.invalid_option' }] },
      });
    const [before] = await tx
      .select({ perUsd: exchangeRates.perUsd })
      .from(exchangeRates)
      .where(and(eq(exchangeRates.currencyId, input.currency_id), eq(exchangeRates.asOf, input.as_of)));
    await storeExchangeRate(tx, input.currency_id, input.as_of, input.per_usd);
    await recordAudit(tx, actor, {
      action: 'reference.rate_set',
      objectType: 'currency',
      objectId: input.currency_id,
      before: before ? { as_of: input.as_of, per_usd: before.perUsd } : null,
      after: { as_of: input.as_of, per_usd: String(input.per_usd) },
    });
  });
  forgetReferenceCaches();
}
