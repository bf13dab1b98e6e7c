import { formatDateWith } from '~/i18n/format';

/**
 * Messages grouped by the reader's day (docs/chat.md "Screens"), in the reader's time zone: the browser's once the
 * room's island runs, the server's before (a page without JavaScript). Formatters are built once per locale, zone
 * and options: a room re-renders on every message.
 */
export interface DayGroup<M> {
  /** `YYYY-MM-DD` of the day in the zone. */
  day: string;
  /** 'today' and 'yesterday' are said in words; other days by their date. */
  when: 'today' | 'yesterday' | 'date';
  /** The day's date as the reader's locale writes it (for 'date', and as the heading's full title). */
  label: string;
  messages: M[];
}

const formats = new Map<string, Intl.DateTimeFormat>();
function format(intl: string, timeZone: string | undefined, options: Intl.DateTimeFormatOptions) {
  const key = `${intl}|${timeZone ?? ''}|${JSON.stringify(options)}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(intl, { ...options, timeZone });
    formats.set(key, found);
  }
  return found;
}

/** The `YYYY-MM-DD` of a moment in a zone. */
export function dayOf(seconds: number, timeZone: string | undefined): string {
  return format('en-CA', timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(seconds * 1000);
}

/** A message's time of day, as the reader's locale writes it. */
export function timeOf(seconds: number, intl: string, timeZone: string | undefined): string {
  return format(intl, timeZone, { timeStyle: 'short' }).format(seconds * 1000);
}

/** A moment's full date and time (a time element's title). */
export function dateTimeOf(seconds: number, intl: string, timeZone: string | undefined): string {
  return formatDateWith(format(intl, timeZone, { dateStyle: 'full', timeStyle: 'short' }), new Date(seconds * 1000));
}

export function groupByDay<M extends { created_at: number }>(
  messages: M[],
  intl: string,
  timeZone: string | undefined,
  nowSeconds: number,
): DayGroup<M>[] {
  const today = dayOf(nowSeconds, timeZone);
  const yesterday = dayOf(nowSeconds - 86_400, timeZone);
  const groups: DayGroup<M>[] = [];
  for (const message of messages) {
    const day = dayOf(message.created_at, timeZone);
    let group = groups.at(-1);
    if (!group || group.day !== day) {
      group = {
        day,
        when: day === today ? 'today' : day === yesterday ? 'yesterday' : 'date',
        label: formatDateWith(format(intl, timeZone, { dateStyle: 'long' }), new Date(message.created_at * 1000)),
        messages: [],
      };
      groups.push(group);
    }
    group.messages.push(message);
  }
  return groups;
}
