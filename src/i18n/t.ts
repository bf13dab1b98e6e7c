import en from '../../locales/en.json';
import fr from '../../locales/fr.json';
import sw from '../../locales/sw.json';
import type { Locale } from './config';
import { PLURAL_MARK } from './plural';
import { type MessageVars, renderMessage } from './render-message';

type DictionaryKey = keyof typeof en;
/** `x.count` for the forms `x.count#one`, `x.count#other` (src/i18n/plural.ts). */
export type PluralMessageKey = DictionaryKey extends infer K
  ? K extends `${infer Base}${typeof PLURAL_MARK}${string}`
    ? Base
    : never
  : never;
/** A message's key as callers write it: a plural message by its base, never by one of its forms. */
export type MessageKey = Exclude<DictionaryKey, `${string}${typeof PLURAL_MARK}${string}`> | PluralMessageKey;
export type { MessageVars };
export type Translate = (key: MessageKey, vars?: MessageVars) => string;

const DICTIONARIES: Record<Locale, Record<string, string>> = { en, sw, fr };

/**
 * A translator for one locale (the rules: src/i18n/render-message.ts). A key missing in sw/fr falls back to English
 * (i18n:check keeps that from shipping).
 */
export function createTranslator(locale: Locale): Translate {
  const dictionary = DICTIONARIES[locale];
  const english = DICTIONARIES.en;
  // English forms are the fallback only as a whole: English's categories are not French's.
  const lookup = (key: string) => dictionary[key];
  const lookupEnglish = (key: string) => english[key];
  return (key, vars) => {
    const own = renderMessage(lookup, locale, key, vars);
    return own === key ? renderMessage(lookupEnglish, 'en', key, vars) : own;
  };
}

const PLURAL_BASES = new Set(
  Object.keys(en).flatMap((key) => {
    const at = key.lastIndexOf(PLURAL_MARK);
    return at > 0 ? [key.slice(0, at)] : [];
  }),
);

export function hasMessage(key: string): key is MessageKey {
  return (key in DICTIONARIES.en && !key.includes(PLURAL_MARK)) || PLURAL_BASES.has(key);
}

/** The dictionary keys of a message in a locale: the key itself, or each of its plural forms there. */
export function dictionaryKeysOf(key: MessageKey, locale: Locale): readonly string[] {
  if (!PLURAL_BASES.has(key)) return [key];
  return pluralForms(locale).get(key) ?? [];
}

/** Each plural message's forms in a language (`offers#one`, `offers#other`), read once from its dictionary. */
const PLURAL_FORMS = new Map<Locale, Map<string, string[]>>();
function pluralForms(locale: Locale): Map<string, string[]> {
  let forms = PLURAL_FORMS.get(locale);
  if (!forms) {
    forms = new Map();
    for (const form of Object.keys(DICTIONARIES[locale])) {
      const mark = form.indexOf(PLURAL_MARK);
      if (mark < 0) continue;
      const base = form.slice(0, mark);
      forms.set(base, [...(forms.get(base) ?? []), form]);
    }
    PLURAL_FORMS.set(locale, forms);
  }
  return forms;
}

/** A message exactly as the dictionary holds it (plural forms unchosen, placeholders unfilled), for islands. */
export function rawMessage(key: string, locale: Locale): string | undefined {
  return DICTIONARIES[locale][key] ?? DICTIONARIES.en[key];
}
