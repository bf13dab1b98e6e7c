import { hasDecimals } from '~/features/numbers/money';
import type { Executor } from '~/server/db/client';
import { AppError } from '~/server/errors';
import { type CurrencyRow, findCurrency } from '~/server/services/reference/find-currency';

/**
 * A member's typed amount (major units, already read by the locale-aware parser) in an active currency, as whole
 * minor units: a top-up's or a withdrawal's. An inactive or unknown currency, or more decimals than the currency has
 * (UGX has none), is a 422 on the field.
 */
export async function toMinorUnits(
  db: Executor,
  currencyId: number,
  amount: number,
): Promise<{ currency: CurrencyRow; amountMinor: number }> {
  const currency = await findCurrency(db, { id: currencyId });
  if (!currency?.isActive)
    throw new AppError('validation_failed', 'errors.validation_failed', {
      fields: { currency: [{ key: 'validation.invalid' }] },
    });
  if (!hasDecimals(amount, currency.decimals))
    throw new AppError('validation_failed', 'errors.validation_failed', {
      fields: {
        amount: [
          currency.decimals === 0
            ? { key: 'validation.whole_number' }
            : { key: 'validation.max_decimals', vars: { max: currency.decimals } },
        ],
      },
    });
  // At most the currency's decimals (hasDecimals above), so the rounding only removes floating-point noise.
  return { currency, amountMinor: Math.round(amount * 10 ** currency.decimals) };
}
