import type { Locale } from './config';
import { formatNumber } from './format';
import { COUNT_VAR, PLURAL_MARK, pluralCategory } from './plural';

export type MessageVars = Record<string, string | number>;

/**
 * Placeholders whose numbers are names, not amounts: written as they are ("deal #1234", "© 2026", "version 12",
 * "Error code 503", a map point's full precision), never grouped like "1,234".
 */
const VERBATIM_NUMBERS = new Set([
  'id',
  'seq',
  'year',
  'version',
  'status',
  'number',
  'reference',
  'latitude',
  'longitude',
]);

/**
 * One message in one language, the rule shared by the server's t() (src/i18n/t.ts) and the islands' translator
 * (src/islands/lib/i18n.ts), so that both say a thing the same way:
 * - with a numeric `count`, the form of the count's plural category (`key#one`, `key#other`, `key#many`…), falling
 *   back to `key#other`;
 * - every number value is written the language's way ("100 000 000 000" in French, "100,000,000,000" in English
 *   and Swahili), except the identifiers of VERBATIM_NUMBERS; a caller that formatted a value itself passes a string.
 * `lookup` answers a message of the language (or undefined); the key itself is the last resort.
 */
export function renderMessage(
  lookup: (key: string) => string | undefined,
  locale: Locale,
  key: string,
  vars?: MessageVars,
): string {
  const count = vars?.[COUNT_VAR];
  let template: string | undefined;
  if (typeof count === 'number')
    template = lookup(`${key}${PLURAL_MARK}${pluralCategory(count, locale)}`) ?? lookup(`${key}${PLURAL_MARK}other`);
  template ??= lookup(key) ?? lookup(`${key}${PLURAL_MARK}other`) ?? key;
  if (!vars) return template;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    if (!(name in vars)) return whole;
    const value = vars[name];
    return typeof value === 'number' && !VERBATIM_NUMBERS.has(name) && Number.isFinite(value)
      ? formatNumber(value, locale)
      : String(value);
  });
}

/**
 * Messages handed to an island (src/i18n/messages.ts): raw templates by dictionary key, plural forms included, and
 * under LOCALE_ENTRY the language they are in, which the island's translator needs to choose forms and write numbers.
 */
export type MessageBundle = Readonly<Record<string, string>>;
export const LOCALE_ENTRY = '@locale';
