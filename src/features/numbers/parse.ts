import type { Locale } from '~/i18n/config';

/**
 * The one reader of numbers people type (prices, volumes, distances, filters, profile figures), shared by the
 * islands and the API. The rules are written in docs/decisions.md ("Numbers as people type them"):
 *
 * - Digits may be grouped by thousands with spaces (U+0020, U+00A0, U+202F…), commas or dots, in groups of three;
 *   the decimal mark is a dot or a comma. When both marks appear, the last one is the decimal mark.
 * - A mark that can only be one thing is read as that thing: a mark repeated ("1,100,000"), a mark after spaced
 *   groups ("72 000,5"), a mark not followed by exactly three digits ("1,5", "72000.50").
 * - A single mark followed by exactly three digits ("1,500", "72.000") is read by the reader's language
 *   (READING below): in English and Swahili a comma groups and a dot is the decimal mark; in French, whose decimal
 *   mark is a comma but where "1,500" and "72.000" are also written for thousands, it is ambiguous and refused.
 * - Nothing else is a number: no sign, no letters, no currency, no exponent. A number never silently changes
 *   magnitude: what cannot be read one way only is refused with the readings it could have.
 */

type MarkReading = 'group' | 'decimal' | 'ambiguous';

/** How each language reads one dot or one comma followed by exactly three digits. */
export const READING: Record<Locale, Record<'.' | ',', MarkReading>> = {
  en: { ',': 'group', '.': 'decimal' },
  sw: { ',': 'group', '.': 'decimal' },
  fr: { ',': 'ambiguous', '.': 'ambiguous' },
};

/** Why a text is not a number the field takes. */
export type NumberProblem =
  | { reason: 'empty' }
  | { reason: 'not_a_number' }
  | { reason: 'negative' }
  /** Digits grouped other than by threes after the first group ("7 2000", "1,00,000"), or two kinds of grouping. */
  | { reason: 'grouping' }
  /** Two readings: with the mark as a thousands separator, and as a decimal mark. */
  | { reason: 'ambiguous'; grouped: number; decimal: number }
  /** More digits after the decimal mark than the field takes (trailing zeros do not count). */
  | { reason: 'decimals'; max: number }
  | { reason: 'too_big' };

export type NumberResult = { ok: true; value: number } | ({ ok: false } & NumberProblem);

export interface ReadOptions {
  locale: Locale;
  /** Digits the field takes after the decimal mark (2 by default; 0 for whole numbers). */
  decimals?: number;
}

/** Past 15 digits a double no longer holds every whole number: no field of Mavuno takes such a number anyway. */
const MAX_DIGITS = 15;

const refuse = (problem: NumberProblem): NumberResult => ({ ok: false, ...problem });

/** "1 100 000" grouped by `separator`: a first group of one to three digits, then groups of exactly three. */
function groupsOf(text: string, separator: string): string | null {
  const groups = text.split(separator);
  if (groups.length === 1) return /^\d+$/.test(text) ? text : null;
  const [first, ...rest] = groups;
  if (!/^[1-9]\d{0,2}$/.test(first) || !rest.every((group) => /^\d{3}$/.test(group))) return null;
  return groups.join('');
}

/** Whether `whole` could be the part before a thousands separator: one to three digits, not starting with 0. */
const canLeadGroups = (whole: string) => /^[1-9]\d{0,2}$/.test(whole);

/** The whole and fraction digits of a text, or the problem; `fraction` is '' for a whole number. */
function split(text: string, locale: Locale): { whole: string; fraction: string } | NumberProblem {
  const marks = text.match(/[.,]/g) ?? [];
  const spaced = text.includes(' ');
  if (marks.length === 0) {
    const whole = groupsOf(text, ' ');
    return whole === null ? { reason: 'grouping' } : { whole, fraction: '' };
  }
  const last = marks[marks.length - 1] as '.' | ',';
  const at = text.lastIndexOf(last);
  const before = text.slice(0, at);
  const fraction = text.slice(at + 1);
  if (fraction === '') return { reason: 'not_a_number' };
  if (!/^\d+$/.test(fraction)) return { reason: 'grouping' };

  const kinds = new Set(marks);
  if (kinds.size === 2 || spaced) {
    // The last mark is the decimal mark; everything before it is grouped by one kind of separator only.
    if (marks.filter((mark) => mark === last).length > 1) return { reason: 'grouping' };
    const separators = new Set(before.match(/[., ]/g) ?? []);
    if (separators.size > 1) return { reason: 'grouping' };
    const whole = separators.size === 0 ? before : groupsOf(before, [...separators][0]);
    if (whole === null) return { reason: 'grouping' };
    return { whole: whole === '' ? '0' : whole, fraction };
  }
  if (marks.length > 1) {
    // One kind of mark, repeated: it can only group thousands.
    const whole = groupsOf(text, last);
    return whole === null ? { reason: 'grouping' } : { whole, fraction: '' };
  }
  // One mark: a decimal mark unless it is followed by exactly three digits after a group that could lead.
  if (fraction.length !== 3 || !canLeadGroups(before)) return { whole: before === '' ? '0' : before, fraction };
  switch (READING[locale][last]) {
    case 'group':
      return { whole: before + fraction, fraction: '' };
    case 'decimal':
      return { whole: before, fraction };
    case 'ambiguous':
      return {
        reason: 'ambiguous',
        grouped: Number(before + fraction),
        decimal: Number(`${before}.${fraction}`),
      };
  }
}

/**
 * Reads a number as a person of `locale` types it. Blank text is `empty` (the field decides whether it is
 * required); anything that is not one number, or has more decimals than the field takes, is refused.
 */
export function parseNumber(text: string, { locale, decimals = 2 }: ReadOptions): NumberResult {
  // Every kind of space (no-break, narrow no-break, thin…) is one space; runs of them are one separator.
  const compact = text.trim().replace(/\s+/g, ' ');
  if (compact === '') return refuse({ reason: 'empty' });
  if (/^[-−]/.test(compact)) return refuse({ reason: 'negative' });
  if (!/^[\d., ]+$/.test(compact) || !/\d/.test(compact)) return refuse({ reason: 'not_a_number' });
  const parts = split(compact, locale);
  if ('reason' in parts) return refuse(parts);
  const whole = parts.whole.replace(/^0+(?=\d)/, '');
  const significant = parts.fraction.replace(/0+$/, '');
  if (whole.length > MAX_DIGITS) return refuse({ reason: 'too_big' });
  if (significant.length > decimals) return refuse({ reason: 'decimals', max: decimals });
  // The digits were checked one by one above: this text is a plain decimal numeral.
  return { ok: true, value: Number(significant ? `${whole}.${significant}` : whole) };
}

/**
 * A number as a program writes it ("72000.5", "-1.25", "12"), for values no person types: ids, coordinates
 * from a map, option codes. Other text is answered as it came, for the schema to refuse.
 */
export function readMachineNumber(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  return /^-?\d{1,15}(\.\d{1,15})?$/.test(text) ? Number(text) : value;
}

/** A number as the API sends it back and a program reads it: digits and a dot, no grouping ("72000.5"). */
export function machineText(value: number): string {
  return String(value);
}
