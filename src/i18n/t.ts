import en from '../../locales/en.json';
import fr from '../../locales/fr.json';
import sw from '../../locales/sw.json';
import type { Locale } from './config';

export type MessageKey = keyof typeof en;
export type MessageVars = Record<string, string | number>;
export type Translate = (key: MessageKey, vars?: MessageVars) => string;

const DICTIONARIES: Record<Locale, Record<string, string>> = { en, sw, fr };

function interpolate(template: string, vars?: MessageVars): string {
  if (!vars) return template;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** A translator for one locale. A key missing in sw/fr falls back to English (i18n:check keeps that from shipping). */
export function createTranslator(locale: Locale): Translate {
  const dictionary = DICTIONARIES[locale];
  return (key, vars) => interpolate(dictionary[key] ?? DICTIONARIES.en[key] ?? key, vars);
}

export function hasMessage(key: string): key is MessageKey {
  return key in DICTIONARIES.en;
}
