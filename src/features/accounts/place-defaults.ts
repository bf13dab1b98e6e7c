import { DEFAULT_CURRENCY_ID } from './constants';
import { currencyOfCountry } from './currency-of-country';
import { DEFAULT_PHONE_COUNTRY, countryOfPhone, mainCountryByCallingCode } from './phone';

/**
 * Sign-up meets people where they are: the country of their phone number preselects their country and its
 * currency (+255 → Tanzania, TZS; +225 → Côte d'Ivoire, XOF). A person's own choice always wins; these are only
 * the defaults of choices not made.
 */
interface Coded {
  id: number;
  code: string;
}
export interface PlaceDefaults {
  /** Undefined when the country is not in the reference list. */
  countryId?: number;
  /** The country's currency when Mavuno trades in it, else the default currency (US dollar). */
  currencyId: number;
}

export function defaultsOfCountry(
  countryCode: string | undefined,
  countries: readonly Coded[],
  currencies: readonly Coded[],
): PlaceDefaults {
  const country = countryCode ? countries.find((c) => c.code === countryCode.toUpperCase()) : undefined;
  const currencyCode = currencyOfCountry(countryCode);
  const currency = currencyCode ? currencies.find((c) => c.code === currencyCode) : undefined;
  return { countryId: country?.id, currencyId: currency?.id ?? DEFAULT_CURRENCY_ID };
}

/** The defaults a phone number suggests, or undefined when it names no country yet. */
export function defaultsOfPhone(
  phone: string,
  countries: readonly Coded[],
  currencies: readonly Coded[],
): PlaceDefaults | undefined {
  const code = countryOfPhone(phone);
  return code ? defaultsOfCountry(code, countries, currencies) : undefined;
}

/**
 * The same defaults as a table for the sign-up page's script, which has no phone metadata: calling code →
 * [country id (0 when unknown), currency id]; the key `national` holds those of a number typed without a
 * country code.
 */
export function phoneDefaultsTable(
  countries: readonly Coded[],
  currencies: readonly Coded[],
): Record<string, [number, number]> {
  const table: Record<string, [number, number]> = {};
  const entry = (country: string): [number, number] => {
    const defaults = defaultsOfCountry(country, countries, currencies);
    return [defaults.countryId ?? 0, defaults.currencyId];
  };
  for (const [callingCode, country] of Object.entries(mainCountryByCallingCode())) table[callingCode] = entry(country);
  table.national = entry(DEFAULT_PHONE_COUNTRY);
  return table;
}
