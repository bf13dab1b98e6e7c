import metadata from 'libphonenumber-js/min/metadata';
import { callingCodeOf, internationalDigits } from './calling-code';

/**
 * A phone number as the log and the back office show it (docs/operations.md "Logs", docs/backoffice.md "Operations"):
 * its country calling code and last three digits, every other digit a dot (`+254••••••678`) — enough to tell two
 * members' numbers apart in a support case, not enough to call anyone. A number written without its country code
 * shows the last three digits only (`•••••••678`), one of four digits or fewer none.
 */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  // A number's digits after its `+` or `00`, or all of them.
  const international = internationalDigits(phone);
  const digits = international ?? phone.replace(/\D/g, '');
  if (digits.length <= 4) return '•'.repeat(digits.length);
  const found = international ? (callingCodeOf(international, metadata.country_calling_codes) ?? '') : '';
  // The code only when a digit at least stays hidden between it and the last three.
  const code = digits.length - found.length - 3 >= 1 ? found : '';
  const hidden = digits.length - code.length - 3;
  return `${code ? `+${code}` : ''}${'•'.repeat(hidden)}${digits.slice(-3)}`;
}
