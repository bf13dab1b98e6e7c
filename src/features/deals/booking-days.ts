/**
 * Calendar arithmetic of machinery bookings, shared by the make-offer dialog and the lot page's server-rendered
 * availability calendar (src/components/lot-page/BookingCalendar.astro). Pure: no DOM, no database.
 *
 * Dates are calendar days (YYYY-MM-DD) computed in UTC, so no time zone ever moves a booking to the day before.
 * A booking covers `[date_from + hour_from, date_to + hour_to)`, with 0 and 24 for whole days (docs/deals.md).
 */
import { formatDateWith } from '~/i18n/format';
import type { MessageKey } from '~/i18n/t';
import { BOOKING_MAX_DAYS, BOOKING_MAX_DAYS_AHEAD } from './constants';

export interface BookedRange {
  date_from: string;
  date_to: string;
  hour_from: number | null;
  hour_to: number | null;
}

export interface BookingChoice {
  date_from: string;
  date_to: string;
  hour_from?: number;
  hour_to?: number;
}

/** How much of one day the bookings take: nothing, some hours, or all of it. */
export type DayState = 'free' | 'partly' | 'taken';

/**
 * How both calendars (the lot page's and the dialog's picker) mark a day, so their colours and their legend
 * agree. Colour is never the only sign: a taken day is struck through, and every marked day says its state in
 * words to screen readers (DAY_STATE_LABEL).
 */
export const DAY_STATE_CLASS: Record<DayState, string> = {
  free: '',
  partly: 'bg-warning/25',
  taken: 'bg-error/15 text-error line-through',
};

export const DAY_STATE_LABEL: Record<Exclude<DayState, 'free'>, MessageKey> = {
  taken: 'make_offer.day_taken',
  partly: 'make_offer.day_partly',
};

/** One line of a calendar's legend: a small square in the day's look (with a day number where the look is a strike-through) and its name. */
export interface LegendEntry {
  label: MessageKey;
  swatch: string;
  sample?: string;
}

/** The frame every legend square shares; LegendEntry.swatch adds its colours. */
export const LEGEND_SWATCH = 'inline-block h-4 w-4 shrink-0 rounded-sm text-center text-[0.6rem] leading-4';

export const BOOKED_LEGEND: LegendEntry[] = [
  { label: DAY_STATE_LABEL.taken, swatch: DAY_STATE_CLASS.taken, sample: '8' },
  { label: DAY_STATE_LABEL.partly, swatch: DAY_STATE_CLASS.partly },
];

/** The dialog's picker also shows the visitor's own choice. */
export const CHOSEN_LEGEND: LegendEntry = { label: 'make_offer.day_chosen', swatch: 'bg-primary' };

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (day: string, days: number) => isoDay(dayMs(day) + days * DAY_MS);
/** Days from `a` to `b` (negative when b is earlier). */
export const daysBetween = (a: string, b: string) => Math.round((dayMs(b) - dayMs(a)) / DAY_MS);

/** Today's calendar day where the visitor is (the dialog) or in UTC (the server), as YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  return isoDay(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()));
}

function interval(range: {
  date_from: string;
  date_to: string;
  hour_from?: number | null;
  hour_to?: number | null;
}): [number, number] {
  return [
    dayMs(range.date_from) + (range.hour_from ?? 0) * HOUR_MS,
    dayMs(range.date_to) + (range.hour_to ?? 24) * HOUR_MS,
  ];
}

/** The first booked range the choice overlaps, if any (half-open intervals: 8–12 and 12–16 do not overlap). */
export function firstOverlap(choice: BookingChoice, booked: readonly BookedRange[]): BookedRange | undefined {
  const [start, end] = interval(choice);
  return booked.find((range) => {
    const [from, to] = interval(range);
    return start < to && from < end;
  });
}

/** How much of `day` the booked ranges take. */
export function dayState(day: string, booked: readonly BookedRange[]): DayState {
  const dayStart = dayMs(day);
  const dayEnd = dayStart + DAY_MS;
  // The booked hours of this day, merged, decide between "some" and "all".
  const pieces = booked
    .map(interval)
    .filter(([from, to]) => from < dayEnd && dayStart < to)
    .map(([from, to]) => [Math.max(from, dayStart), Math.min(to, dayEnd)] as const)
    .sort((a, b) => a[0] - b[0]);
  if (pieces.length === 0) return 'free';
  let covered = dayStart;
  for (const [from, to] of pieces) {
    if (from > covered) return 'partly';
    covered = Math.max(covered, to);
  }
  return covered >= dayEnd ? 'taken' : 'partly';
}

/** The hours of `day` that bookings take, as [from, to) pairs of whole hours, for the hour picker's hint. */
export function bookedHours(day: string, booked: readonly BookedRange[]): [number, number][] {
  const dayStart = dayMs(day);
  return booked
    .map(interval)
    .filter(([from, to]) => from < dayStart + DAY_MS && dayStart < to)
    .map(([from, to]): [number, number] => [
      Math.max(0, (from - dayStart) / HOUR_MS),
      Math.min(24, (to - dayStart) / HOUR_MS),
    ])
    .sort((a, b) => a[0] - b[0]);
}

/**
 * The days a booking may touch: it starts today or up to BOOKING_MAX_DAYS_AHEAD days ahead, and lasts at most
 * BOOKING_MAX_DAYS days (the offers service's rule).
 */
export function bookingWindow(today: string): { first: string; lastStart: string; last: string } {
  const lastStart = addDays(today, BOOKING_MAX_DAYS_AHEAD);
  return { first: today, lastStart, last: addDays(lastStart, BOOKING_MAX_DAYS - 1) };
}

export interface BookingProblem {
  key: 'offers.date_past' | 'offers.date_too_far' | 'offers.booking_too_long' | 'offers.dates_taken';
  vars?: { count: number };
}

/** Why a choice of dates cannot be booked (in the offers service's own words), or undefined when it can. */
export function bookingProblem(
  choice: BookingChoice,
  booked: readonly BookedRange[],
  today: string,
): BookingProblem | undefined {
  const limits = bookingWindow(today);
  if (choice.date_from < limits.first) return { key: 'offers.date_past' };
  if (choice.date_from > limits.lastStart)
    return { key: 'offers.date_too_far', vars: { count: BOOKING_MAX_DAYS_AHEAD } };
  if (daysBetween(choice.date_from, choice.date_to) + 1 > BOOKING_MAX_DAYS)
    return { key: 'offers.booking_too_long', vars: { count: BOOKING_MAX_DAYS } };
  if (firstOverlap(choice, booked)) return { key: 'offers.dates_taken' };
  return undefined;
}

export interface MonthGrid {
  /** The month's first day (YYYY-MM-01). */
  month: string;
  /** Weeks from Monday to Sunday; days of the neighbouring months are null. */
  weeks: (string | null)[][];
}

/** The weeks of the month holding `day`, Monday first (as in East and West Africa's calendars). */
export function monthGrid(day: string): MonthGrid {
  const [year, month] = day.split('-').map(Number);
  const first = Date.UTC(year, month - 1, 1);
  const length = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const lead = (new Date(first).getUTCDay() + 6) % 7;
  const cells: (string | null)[] = [
    ...Array<null>(lead).fill(null),
    ...Array.from({ length }, (_, i) => isoDay(first + i * DAY_MS)),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return { month: isoDay(first), weeks };
}

/** The first day of the month `offset` months after the month of `day`. */
export function shiftMonth(day: string, offset: number): string {
  const [year, month] = day.split('-').map(Number);
  return isoDay(Date.UTC(year, month - 1 + offset, 1));
}

/**
 * Swahili's short weekday names: current CLDR gives the full names ("Jumatatu") as the short ones, too wide for
 * a phone's calendar column, and its narrow ones are English letters. These are the older CLDR abbreviations.
 */
const SHORT_WEEKDAYS: Record<string, string[]> = { sw: ['Jtt', 'Jnn', 'Jtn', 'Alh', 'Ijm', 'Jmo', 'Jpi'] };

/** Monday to Sunday, short and long, in the page's language (2024-01-01 was a Monday). */
export function weekdayNames(intlLocale: string): { short: string; long: string }[] {
  const short = new Intl.DateTimeFormat(intlLocale, { weekday: 'short', timeZone: 'UTC' });
  const long = new Intl.DateTimeFormat(intlLocale, { weekday: 'long', timeZone: 'UTC' });
  const own = SHORT_WEEKDAYS[intlLocale.split('-')[0]];
  return Array.from({ length: 7 }, (_, i) => {
    const date = new Date(Date.UTC(2024, 0, 1 + i));
    return { short: own?.[i] ?? short.format(date), long: long.format(date) };
  });
}

/** Formatters by locale and options: building one costs far more than using it, and a calendar formats ~60 days. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

export function formatDay(
  day: string,
  intlLocale: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  const key = `${intlLocale}|${JSON.stringify(options)}`;
  let format = dayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale, { ...options, timeZone: 'UTC' });
    dayFormats.set(key, format);
  }
  return formatDateWith(format, new Date(dayMs(day)));
}

export const formatMonth = (month: string, intlLocale: string) =>
  formatDay(month, intlLocale, { month: 'long', year: 'numeric' });

/** 8 → "08:00"; 24 is the end of the day. */
export const formatHour = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** 8, 12 → "08:00–12:00": a span of hours, written the same in the calendar, the dialog and the deal. */
export const formatHours = (from: number, to: number) => `${formatHour(from)}–${formatHour(to)}`;
