import { type Locale, isLocale } from '~/i18n/config';
import { LOCALE_ENTRY, type MessageBundle, type MessageVars, renderMessage } from '~/i18n/render-message';
import type { MessageKey } from '~/i18n/t';

/**
 * Messages an island needs, picked on the server (messagesFor, pickMessages in src/i18n/messages.ts) so a page never
 * ships the whole dictionary; they carry their language, which plural forms and numbers need.
 */
export type Messages = MessageBundle;
export type ClientTranslate = (key: MessageKey | string, vars?: MessageVars) => string;

/** The language of messages picked by messagesFor or pickMessages (English for any other bundle). */
export function messagesLocale(messages: Messages): Locale {
  const tagged = messages[LOCALE_ENTRY];
  return isLocale(tagged) ? tagged : 'en';
}

/** The islands' t(): the same rules as the server's (src/i18n/render-message.ts). */
export function createClientTranslator(messages: Messages): ClientTranslate {
  const locale = messagesLocale(messages);
  const lookup = (key: string) => messages[key];
  return (key, vars) => renderMessage(lookup, locale, key, vars);
}
