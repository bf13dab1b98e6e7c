import type { Locale } from './config';
import { type MessageKey, createTranslator, hasMessage } from './t';
import en from '../../locales/en.json';

/**
 * The messages of the given keys and key prefixes (ending in `.` or `_`: `'accounts.'`, `'auth.field_'`),
 * translated for an island's props.
 * Validation and generic error messages always come along: every form shows them.
 */
export function messagesFor(locale: Locale, keysOrPrefixes: string[]): Partial<Record<MessageKey, string>> {
  const t = createTranslator(locale);
  const wanted = [...keysOrPrefixes, 'validation.', 'errors.'];
  const out: Partial<Record<MessageKey, string>> = {};
  for (const key of Object.keys(en)) {
    if (hasMessage(key) && wanted.some((w) => (w.endsWith('.') || w.endsWith('_') ? key.startsWith(w) : key === w)))
      out[key] = t(key);
  }
  return out;
}
