import { LOCALE_META, isLocale } from './config';

const rules = new Map<string, Intl.PluralRules>();

/**
 * The message of a count, by the language's plural rules: `{ one, other }` are two dictionary keys written out
 * as literals (so the i18n checker sees both used). The dictionaries hold only these two forms, which is all
 * English, Swahili and French need: French counts 0 and 1.5 as "one", English 0 as "other".
 * `locale` is a site locale ('fr') or a BCP 47 tag ('fr', 'en-GB') as islands get it.
 */
export function pluralKey<K extends string>(count: number, locale: string, keys: { one: K; other: K }): K {
  const tag = isLocale(locale) ? LOCALE_META[locale].intl : locale;
  let rule = rules.get(tag);
  if (!rule) {
    rule = new Intl.PluralRules(tag);
    rules.set(tag, rule);
  }
  return rule.select(count) === 'one' ? keys.one : keys.other;
}
