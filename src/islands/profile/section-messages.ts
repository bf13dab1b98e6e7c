import en from '../../../locales/en.json';
import type { Locale } from '../../i18n/config';
import { messagesFor } from '../../i18n/messages';

/**
 * messagesFor for the profile sections, on the server. messagesFor reads an entry as a prefix only when it ends
 * with a dot; each section wants a finer group (`profile.photo_`), so an entry that is not a key is expanded to
 * the keys it starts. Each island then ships only its own messages (plus validation and error messages).
 */
export function sectionMessages(locale: Locale, entries: string[]) {
  const keys = Object.keys(en);
  const expanded = entries.flatMap((entry) => (entry.endsWith('.') || entry in en ? [entry] : keys.filter((key) => key.startsWith(entry))));
  return messagesFor(locale, expanded);
}
