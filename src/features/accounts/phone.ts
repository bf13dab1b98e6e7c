import {
  type CountryCode,
  getExampleNumber,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min';
import metadata from 'libphonenumber-js/min/metadata';
import examples from 'libphonenumber-js/mobile/examples';
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

/**
 * The country a phone field's example is written for: the member's own number's, else the region the visitor's
 * browser names (`sw-TZ`, `fr-CI`, in Accept-Language order), else Kenya, as a number without a country code is
 * read. So a Kenyan is not shown a Tanzanian number because the page is in Swahili.
 */
export function phoneExampleCountry(who: { phone?: string | null; acceptLanguage?: string | null }): CountryCode {
  const own = who.phone ? countryOfPhone(who.phone) : undefined;
  if (own && isSupportedCountry(own)) return own;
  for (const part of (who.acceptLanguage ?? '').split(',')) {
    const region = /^[a-z]{2,3}-([a-z]{2})\b/i.exec(part.trim())?.[1]?.toUpperCase();
    if (region && isSupportedCountry(region) && examples[region as CountryCode]) return region as CountryCode;
  }
  return DEFAULT_PHONE_COUNTRY;
}

/** A mobile number of the country as it is written with its country code: "+254 712 123456", "+225 01 23 45 6789". */
export function examplePhoneNumber(country: CountryCode): string {
  const example = getExampleNumber(country, examples) ?? getExampleNumber(DEFAULT_PHONE_COUNTRY, examples);
  return example?.formatInternational() ?? '';
}
