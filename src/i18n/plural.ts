import { LOCALE_META, isLocale } from './config';

/**
 * Plural messages (docs/architecture.md "Languages"). A message that counts something is stored as one key per
 * plural category of the language — `x.count#one`, `x.count#other`, and in French also
 * `x.count#many` (1 000 000) — and `t('x.count', { count })` picks the form. The categories are
 * Intl.PluralRules', so each language gets exactly the forms its grammar has: English and Swahili one/other,
 * French one (0, 1, 1.5)/many/other.
 */
export const PLURAL_MARK = '#';

/** The value that chooses a plural form, and the placeholder a count is written with. */
export const COUNT_VAR = 'count';

export type PluralCategory = Intl.LDMLPluralRule;

const rules = new Map<string, Intl.PluralRules>();

function rulesOf(locale: string): Intl.PluralRules {
  // A site locale ('fr') or a BCP 47 tag ('en-GB').
  const tag = isLocale(locale) ? LOCALE_META[locale].intl : locale;
  let rule = rules.get(tag);
  if (!rule) {
    rule = new Intl.PluralRules(tag);
    rules.set(tag, rule);
  }
  return rule;
}

/** The plural category of a count in a language: 'one', 'other', 'many'… */
export function pluralCategory(count: number, locale: string): PluralCategory {
  return rulesOf(locale).select(count);
}

/** Every plural category a language uses: the forms each of its plural messages must have. */
export function pluralCategories(locale: string): PluralCategory[] {
  return rulesOf(locale).resolvedOptions().pluralCategories;
}

/** `x.count#one` → `{ base: 'x.count', category: 'one' }`; a key without a form → undefined. */
export function splitPluralKey(key: string): { base: string; category: string } | undefined {
  const at = key.lastIndexOf(PLURAL_MARK);
  return at > 0 ? { base: key.slice(0, at), category: key.slice(at + 1) } : undefined;
}
