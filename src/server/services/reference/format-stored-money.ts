import { formatMoney } from '~/i18n/format';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db/client';
import { findCurrency } from './find-currency';

/**
 * An amount stored in minor units of a currency named by its code, written for people ("KSh 1,250.00"). A code
 * the currencies table does not hold (retired since) is written with two decimals rather than refused.
 */
export async function formatStoredMoney(db: Executor, amountMinor: number, code: string, locale: Locale) {
  const currency = await findCurrency(db, { code });
  return formatMoney(amountMinor, currency ?? { code, decimals: 2 }, locale);
}
