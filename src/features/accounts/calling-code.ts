/**
 * Reading the calling code of a number as it is typed, without the phone metadata (the sign-up page's script
 * gets a small table of calling codes from the server instead).
 */

/** The digits after "+" or "00" of a number typed in international form, or undefined for a national number. */
export function internationalDigits(typed: string): string | undefined {
  const compact = typed.replace(/[\s().-]/g, '');
  if (compact.startsWith('+')) return compact.slice(1).replace(/\D/g, '');
  if (compact.startsWith('00')) return compact.slice(2).replace(/\D/g, '');
  return undefined;
}

/** The calling code (1 to 3 digits) that `digits` start with, among the keys of `codes`. */
export function callingCodeOf(digits: string, codes: Record<string, unknown>): string | undefined {
  for (let length = 1; length <= 3 && length <= digits.length; length++) {
    const candidate = digits.slice(0, length);
    if (Object.hasOwn(codes, candidate)) return candidate;
  }
  return undefined;
}
