import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** The E.164 form (+254712345678) of a valid number, reading numbers without a country code as Kenyan. */
export function normalizePhone(value: string): string | undefined {
  const parsed = parsePhoneNumberFromString(value.trim(), 'KE');
  return parsed?.isValid() ? parsed.number : undefined;
}
