import type { MessageKey, MessageVars } from '~/i18n/t';

/** Messages an island needs, picked on the server (messagesFor) so a page never ships the whole dictionary. */
export type Messages = Partial<Record<MessageKey, string>>;
export type ClientTranslate = (key: MessageKey | string, vars?: MessageVars) => string;

export function createClientTranslator(messages: Messages): ClientTranslate {
  return (key, vars) => {
    const template = (messages as Record<string, string>)[key] ?? key;
    return vars
      ? template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole))
      : template;
  };
}
