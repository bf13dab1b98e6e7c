import { foldText } from '~/features/warehouses/fold';
import type { Locale } from '~/i18n/config';

/** What an inbound SMS asks (docs/feature-phones.md "SMS commands"). */
export type SmsCommandName = 'price' | 'help' | 'stop' | 'start' | 'unknown';

export interface SmsCommand {
  command: SmsCommandName;
  /** The language of the command word; null for a text no command word starts. */
  locale: Locale | null;
  /** The words after the command word, as typed (single spaces). */
  args: string[];
}

/** Each command's word in each language, folded (ARRÊT and arret are ARRET). */
const WORDS: Record<string, { command: Exclude<SmsCommandName, 'unknown'>; locale: Locale }> = {
  price: { command: 'price', locale: 'en' },
  bei: { command: 'price', locale: 'sw' },
  prix: { command: 'price', locale: 'fr' },
  help: { command: 'help', locale: 'en' },
  msaada: { command: 'help', locale: 'sw' },
  aide: { command: 'help', locale: 'fr' },
  stop: { command: 'stop', locale: 'en' },
  acha: { command: 'stop', locale: 'sw' },
  arret: { command: 'stop', locale: 'fr' },
  start: { command: 'start', locale: 'en' },
  anza: { command: 'start', locale: 'sw' },
  demarrer: { command: 'start', locale: 'fr' },
};

/**
 * An inbound SMS read as a command: its first word, without case or accents and without the punctuation phones add
 * ("Stop.", "BEI:"), names the command and its language; the other words are its arguments. Words may be split by
 * spaces, commas or line breaks (some phones' keypads make a comma easier than a space).
 */
export function parseSmsCommand(text: string): SmsCommand {
  const words = text
    .split(/[\s,;]+/u)
    .map((word) => word.trim())
    .filter(Boolean);
  const first = words[0] === undefined ? '' : foldText(words[0]).replace(/[^\p{L}\p{N}]/gu, '');
  const known = WORDS[first];
  if (!known) return { command: 'unknown', locale: null, args: words };
  return { command: known.command, locale: known.locale, args: words.slice(1) };
}
