import { DEFAULT_CURRENCY_ID } from '~/features/accounts/constants';
import { currencyOfCountry } from '~/features/accounts/currency-of-country';
import { countryOfPhone } from '~/features/accounts/phone';
import type { Executor } from '~/server/db';
import { findCurrency } from './find-currency';

/**
 * The currency of a phone number's country when Mavuno trades in it (+255 → TZS), else the default (US dollar): what
 * a caller without an account is shown prices in, on USSD and by SMS.
 */
export async function currencyIdOfPhone(db: Executor, phone: string): Promise<number> {
  const code = currencyOfCountry(countryOfPhone(phone));
  const currency = code ? await findCurrency(db, { code }) : undefined;
  return currency?.isActive ? currency.id : DEFAULT_CURRENCY_ID;
}
