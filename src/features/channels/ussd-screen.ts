import { USSD_PAGE_ITEMS, USSD_SCREEN_MAX } from './constants';
import { gsm7Length, toGsm7 } from './gsm7';

/** The longest a list item may be on a screen: room is left for the others. */
const LABEL_MAX = 48;

/** The words of a screen's fixed lines, in the caller's language. */
export interface ScreenWords {
  back: string;
  home: string;
  more: string;
}

export interface ScreenParts {
  /** `CON`: the caller answers; `END`: the last screen. */
  kind: 'CON' | 'END';
  /** A line before the body: what went wrong with the last answer, or what just happened. */
  lead?: string;
  body: string;
  /** The labels of this page's items, numbered 1, 2, … in order. */
  items?: string[];
  /** A `98` line: more items on the next page. */
  more?: boolean;
  /** The `0 back` and `00 menu` line (not on the main menu or a last screen). */
  nav?: boolean;
}

/** Cuts a text to `max` GSM-7 places, ending in ".." when cut. */
export function cutTo(text: string, max: number): string {
  if (gsm7Length(text) <= max) return text;
  let out = '';
  for (const char of text) {
    if (gsm7Length(`${out}${char}..`) > max) break;
    out += char;
  }
  return `${out.trimEnd()}..`;
}

const itemLine = (n: number, label: string) => `${n}. ${cutTo(toGsm7(label), LABEL_MAX)}`;

function footer(parts: Pick<ScreenParts, 'more' | 'nav'>, words: ScreenWords): string[] {
  const lines: string[] = [];
  if (parts.more) lines.push(`98 ${words.more}`);
  if (parts.nav) lines.push(`0 ${words.back} 00 ${words.home}`);
  return lines;
}

/**
 * The screen's text as the gateway sends it: `CON ` or `END `, the lead, the body, the numbered items, `98` and the
 * navigation line — in the GSM-7 alphabet and at most USSD_SCREEN_MAX places, the body cut first if it must be.
 */
export function composeScreen(parts: ScreenParts, words: ScreenWords): string {
  const prefix = `${parts.kind} `;
  const tail = [...(parts.items ?? []).map((label, i) => itemLine(i + 1, label)), ...footer(parts, words)];
  const lead = parts.lead ? toGsm7(parts.lead) : '';
  const fixed = gsm7Length(prefix) + tail.reduce((sum, line) => sum + gsm7Length(line) + 1, 0);
  let body = toGsm7(parts.body);
  let leadLine = lead;
  const room = USSD_SCREEN_MAX - fixed;
  // Too long: the lead goes first (what went wrong with the last key matters less than the screen's own words, which
  // may carry an amount); only a body too long by itself is cut.
  if (gsm7Length(leadLine) + (leadLine ? 1 : 0) + gsm7Length(body) > room) leadLine = '';
  if (gsm7Length(body) > room) body = cutTo(body, Math.max(0, room));
  const text = [leadLine, body, ...tail].filter((line) => line !== '').join('\n');
  return cutTo(`${prefix}${text}`, USSD_SCREEN_MAX);
}

/**
 * Splits a list into pages that each fit one screen with `head` (lead and body) and the fixed lines: as many items
 * as fit, at most USSD_PAGE_ITEMS; every page but the last has a `98` line. Answers each page's item indexes.
 */
export function paginate(head: string, labels: readonly string[], words: ScreenWords, nav: boolean): number[][] {
  const pages: number[][] = [];
  const headLength = head ? gsm7Length(toGsm7(head)) + 1 : 0;
  let next = 0;
  while (next < labels.length) {
    const fixed = (more: boolean) =>
      4 + headLength + footer({ more, nav }, words).reduce((sum, line) => sum + gsm7Length(line) + 1, 0);
    // The rest on this page, if it all fits without a `98` line.
    const rest = labels.length - next;
    let restLength = 0;
    for (let i = 0; i < rest; i++) restLength += gsm7Length(itemLine(i + 1, labels[next + i])) + 1;
    if (rest <= USSD_PAGE_ITEMS && fixed(false) + restLength <= USSD_SCREEN_MAX) {
      pages.push(Array.from({ length: rest }, (_, i) => next + i));
      break;
    }
    const page: number[] = [];
    let used = fixed(true);
    while (next < labels.length && page.length < USSD_PAGE_ITEMS) {
      const length = gsm7Length(itemLine(page.length + 1, labels[next])) + 1;
      if (used + length > USSD_SCREEN_MAX && page.length > 0) break;
      used += length;
      page.push(next++);
    }
    pages.push(page);
  }
  return pages.length > 0 ? pages : [[]];
}
