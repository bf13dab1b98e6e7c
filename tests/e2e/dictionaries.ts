import { readFileSync } from 'node:fs';
import type { Locale } from '../../src/i18n/config';
import { renderMessage } from '../../src/i18n/render-message';

/** The three dictionaries as the site has them (locales/*.json), for specs that find things by their words. */
export type Dictionary = Readonly<Record<string, string>>;
const read = (locale: Locale): Dictionary => JSON.parse(readFileSync(`locales/${locale}.json`, 'utf8'));
export const en = read('en');
export const sw = read('sw');
export const fr = read('fr');
const LOCALES = new Map<Dictionary, Locale>([
  [en, 'en'],
  [sw, 'sw'],
  [fr, 'fr'],
]);

/**
 * A message as the page says it: the site's own rule (src/i18n/render-message.ts) chooses the plural form of a
 * `count` and writes numbers the language's way. A key the dictionary lacks, or a placeholder left unfilled, fails
 * the test here instead of looking for "undefined sur 5" on the page.
 */
export function say(dictionary: Dictionary, key: string, vars: Record<string, string | number> = {}): string {
  const locale = LOCALES.get(dictionary);
  if (!locale) throw new Error('say() takes one of the dictionaries of tests/e2e/dictionaries.ts');
  if (!(key in dictionary) && !(`${key}#other` in dictionary)) throw new Error(`no message ${key} in ${locale}`);
  const text = renderMessage((k) => dictionary[k], locale, key, vars);
  if (/\{\{\s*\w+\s*\}\}/.test(text)) throw new Error(`${key} in ${locale} leaves a placeholder: ${text}`);
  return text;
}
