import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import metadata from 'libphonenumber-js/min/metadata';
import { callingCodeOf, internationalDigits } from './calling-code';

/** Numbers typed without a country code are read as Kenyan, here and by the sign-up schema's phone check. */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'KE';

/** The E.164 form (+254712345678) of a valid number, reading numbers without a country code as Kenyan. */
export function normalizePhone(value: string): string | undefined {
  const parsed = parsePhoneNumberFromString(value.trim(), DEFAULT_PHONE_COUNTRY);
  return parsed?.isValid() ? parsed.number : undefined;
}

/**
 * The main country of every calling code ('255' → 'TZ', '225' → 'CI', '1' → 'US', '7' → 'RU'), as the phone
 * metadata lists it first. Calling codes are prefix-free, so a typed "+2557…" matches exactly one of them.
 */
export function mainCountryByCallingCode(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(metadata.country_calling_codes).flatMap(([code, countries]) =>
      countries.length > 0 ? [[code, countries[0]]] : [],
    ),
  );
}

/**
 * The country (ISO 3166 alpha-2) a phone number belongs to: the exact one for a complete valid number, else the
 * main country of the calling code it starts with; a number without a country code is Kenyan (as it is stored).
 */
export function countryOfPhone(value: string): string | undefined {
  const typed = value.trim();
  if (typed === '') return undefined;
  const parsed = parsePhoneNumberFromString(typed, DEFAULT_PHONE_COUNTRY);
  if (parsed?.isValid() && parsed.country) return parsed.country;
  const international = internationalDigits(typed);
  if (international === undefined) return /\d/.test(typed) ? DEFAULT_PHONE_COUNTRY : undefined;
  const code = callingCodeOf(international, metadata.country_calling_codes);
  return code ? metadata.country_calling_codes[code][0] : undefined;
}
