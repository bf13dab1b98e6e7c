import type { Locale } from './config';
import { LOCALE_ENTRY, type MessageBundle } from './render-message';
import { dictionaryKeysOf, hasMessage, rawMessage } from './t';
import en from '../../locales/en.json';

/**
 * The messages of the given keys and key prefixes (ending in `.` or `_`: `'accounts.'`, `'auth.field_'`),
 * translated for an island's props.
 * Validation and generic error messages always come along: every form shows them.
 */
export function messagesFor(locale: Locale, keysOrPrefixes: string[]): MessageBundle {
  const wanted = [...keysOrPrefixes, 'validation.', 'errors.'];
  return pickMessages(
    locale,
    messageKeys().filter((key) =>
      wanted.some((w) => (w.endsWith('.') || w.endsWith('_') ? key.startsWith(w) : key === w)),
    ),
  );
}

/**
 * Exactly the messages of these keys (a plural message with each of the language's forms), for an island that
 * must not carry every validation message (the buttons of twelve rows would each carry them in the page).
 */
export function pickMessages(locale: Locale, keys: readonly string[]): MessageBundle {
  const out: Record<string, string> = { [LOCALE_ENTRY]: locale };
  for (const key of keys) {
    if (!hasMessage(key)) continue;
    for (const form of dictionaryKeysOf(key, locale)) {
      const text = rawMessage(form, locale);
      if (text !== undefined) out[form] = text;
    }
  }
  return out;
}

let keys: string[] | undefined;
function messageKeys(): string[] {
  keys ??= [...new Set(Object.keys(en).map((key) => key.split('#')[0]))].filter(hasMessage);
  return keys;
}
