import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import type { ClientTranslate } from '~/islands/lib/i18n';
import {
  BOOKED_LEGEND,
  type BookedRange,
  CHOSEN_LEGEND,
  DAY_STATE_CLASS,
  DAY_STATE_LABEL,
  type DayState,
  LEGEND_SWATCH,
  addDays,
  bookingWindow,
  dayState,
  daysBetween,
  formatDay,
  formatMonth,
  monthGrid,
  shiftMonth,
  weekdayNames,
} from '~/features/deals/booking-days';

interface Props {
  booked: readonly BookedRange[];
  today: string;
  /** The chosen first and last day ('' while not chosen). */
  from: string;
  to: string;
  /** A booking by the hour takes one day: a click picks it. Otherwise the first click picks the start, the second the end. */
  singleDay: boolean;
  onChange: (from: string, to: string) => void;
  intlLocale: string;
  t: ClientTranslate;
  /** Ids of texts describing the calendar (its hint and error). */
  describedBy?: string;
}

/** The shared look of each day (DAY_STATE_CLASS), and how a day one can pick reacts to the pointer. */
const STATE_CLASS: Record<DayState, string> = {
  free: 'hover:bg-base-200',
  partly: `${DAY_STATE_CLASS.partly} hover:bg-warning/40`,
  taken: `${DAY_STATE_CLASS.taken} cursor-not-allowed`,
};

/** The day a key of the calendar grid moves the focus to (arrows, Home and End of the week, Page Up and Down). */
function dayAfterKey(key: string, day: string): string | undefined {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'Home':
      return addDays(day, -weekday);
    case 'End':
      return addDays(day, 6 - weekday);
    case 'PageUp':
      return sameDayIn(day, -1);
    case 'PageDown':
      return sameDayIn(day, 1);
    default:
      return undefined;
  }
}

/** The day itself, or the nearer end of the bookable window (ISO days compare as text). */
function clampDay(day: string, first: string, last: string): string {
  if (day < first) return first;
  if (day > last) return last;
  return day;
}

/**
 * A month of days to pick a booking from, the taken days marked by colour, strike-through and words. Keyboard:
 * one day is in the tab order; the arrows move by day and week, Page Up/Down by month, Home/End to the week's
 * ends; Enter or Space picks. The date inputs beside it say the same choice in text.
 */
export default function BookingCalendarPicker({
  booked,
  today,
  from,
  to,
  singleDay,
  onChange,
  intlLocale,
  t,
  describedBy,
}: Props) {
  const limits = bookingWindow(today);
  const [month, setMonth] = useState(() => shiftMonth(from || today, 0));
  const [focusDay, setFocusDay] = useState(from || today);
  // After the first pick of a range, the next pick ends it.
  const [pickingEnd, setPickingEnd] = useState(false);
  const moved = useRef(false);
  const grid = useRef<HTMLTableElement>(null);
  const weekdays = useMemo(() => weekdayNames(intlLocale), [intlLocale]);
  const { weeks } = monthGrid(month);

  // A date typed in the inputs brings its month into view.
  useEffect(() => {
    if (from) {
      setMonth(shiftMonth(from, 0));
      setFocusDay(from);
    }
  }, [from]);

  // After a key moved the focus: focus that day's button once its month is drawn.
  // biome-ignore lint/correctness/useExhaustiveDependencies: month re-runs this after a move into another month, whose buttons only exist once it is drawn.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`button[data-day="${focusDay}"]`)?.focus();
  }, [focusDay, month]);

  // A booking starts by limits.lastStart; only a range's last day may go beyond it.
  const outside = (day: string) => day < limits.first || day > (singleDay ? limits.lastStart : limits.last);
  const endsRange = (day: string) => pickingEnd && Boolean(from) && day >= from;

  function pick(day: string) {
    if (outside(day) || dayState(day, booked) === 'taken') return;
    if (day > limits.lastStart && !endsRange(day)) return;
    setFocusDay(day);
    if (singleDay) return onChange(day, day);
    if (endsRange(day)) {
      setPickingEnd(false);
      return onChange(from, day);
    }
    setPickingEnd(true);
    onChange(day, day);
  }

  function move(day: string) {
    const target = clampDay(day, limits.first, limits.last);
    moved.current = true;
    setFocusDay(target);
    setMonth(shiftMonth(target, 0));
  }

  function onKeyDown(event: KeyboardEvent) {
    const target = dayAfterKey(event.key, focusDay);
    if (!target) return;
    event.preventDefault();
    move(target);
  }

  function showMonth(offset: number) {
    const next = shiftMonth(month, offset);
    setMonth(next);
    setFocusDay(clampDay(next, limits.first, limits.last));
  }

  // The day in the tab order is the focused one when it is shown, or else the month's first.
  const tabDay = focusDay.slice(0, 7) === month.slice(0, 7) ? focusDay : month;
  const inRange = (day: string) => Boolean(from && to && day >= from && day <= to);
  const title = formatMonth(month, intlLocale);

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <button
          type="button"
          className="btn btn-ghost btn-square min-h-11 min-w-11"
          aria-label={t('make_offer.month_previous')}
          title={t('make_offer.month_previous')}
          disabled={month <= shiftMonth(today, 0)}
          onClick={() => showMonth(-1)}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <p className="font-semibold capitalize" aria-live="polite">
          {title}
        </p>
        <button
          type="button"
          className="btn btn-ghost btn-square min-h-11 min-w-11"
          aria-label={t('make_offer.month_next')}
          title={t('make_offer.month_next')}
          disabled={month >= shiftMonth(limits.last, 0)}
          onClick={() => showMonth(1)}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <table
        ref={grid}
        className="w-full table-fixed border-separate border-spacing-0.5 text-center"
        onKeyDown={onKeyDown}
        aria-describedby={describedBy}
        data-testid="booking-picker"
      >
        <caption className="sr-only">{t('make_offer.calendar_caption', { month: title })}</caption>
        <thead>
          <tr>
            {weekdays.map((name) => (
              <th key={name.long} scope="col" abbr={name.long} className="pb-1 text-xs font-medium opacity-80">
                {name.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((day, column) =>
                day ? (
                  <td key={day} className="p-0">
                    <DayButton
                      day={day}
                      state={dayState(day, booked)}
                      unavailable={outside(day)}
                      chosen={inRange(day)}
                      endpoint={day === from || day === to}
                      isToday={day === today}
                      tabbable={day === tabDay}
                      onPick={pick}
                      intlLocale={intlLocale}
                      t={t}
                    />
                  </td>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a blank cell has no day; its column is all that tells it apart, and cells never move.
                  <td key={`empty-${column}`} className="p-0" />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <Legend t={t} />
      <p className="sr-only" aria-live="polite">
        {!singleDay && pickingEnd && from ? t('make_offer.pick_last_day', { date: formatDay(from, intlLocale) }) : ''}
        {!singleDay && !pickingEnd && from && to
          ? t('make_offer.picked_days', { count: daysBetween(from, to) + 1 })
          : ''}
      </p>
    </div>
  );
}

/** The same day of the month `offset` months away, or that month's last day. */
function sameDayIn(day: string, offset: number): string {
  const first = shiftMonth(day, offset);
  const last = addDays(shiftMonth(day, offset + 1), -1);
  const wanted = `${first.slice(0, 8)}${day.slice(8)}`;
  return wanted > last ? last : wanted;
}

interface DayButtonProps {
  day: string;
  state: DayState;
  unavailable: boolean;
  chosen: boolean;
  endpoint: boolean;
  isToday: boolean;
  tabbable: boolean;
  onPick: (day: string) => void;
  intlLocale: string;
  t: ClientTranslate;
}

function DayButton({
  day,
  state,
  unavailable,
  chosen,
  endpoint,
  isToday,
  tabbable,
  onPick,
  intlLocale,
  t,
}: DayButtonProps) {
  const blocked = unavailable || state === 'taken';
  const status = unavailable ? t('make_offer.day_unavailable') : state === 'free' ? '' : t(DAY_STATE_LABEL[state]);
  // A taken day keeps its mark inside a chosen range: that is the clash the visitor must see.
  const look = unavailable
    ? 'opacity-40 cursor-not-allowed'
    : state === 'taken'
      ? STATE_CLASS.taken
      : endpoint
        ? 'bg-primary text-primary-content'
        : chosen
          ? 'bg-primary/20'
          : STATE_CLASS[state];
  return (
    <button
      type="button"
      data-day={day}
      tabIndex={tabbable ? 0 : -1}
      aria-disabled={blocked || undefined}
      aria-pressed={chosen}
      className={`relative flex h-11 w-full items-center justify-center rounded-field text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary ${look} ${isToday ? 'font-bold underline' : ''}`}
      onClick={() => onPick(day)}
    >
      <span aria-hidden="true">{Number(day.slice(8))}</span>
      {state === 'partly' && !endpoint && (
        <span className="absolute bottom-1 h-1.5 w-1.5 rounded-full bg-warning-content" aria-hidden="true" />
      )}
      <span className="sr-only">
        {[formatDay(day, intlLocale, { dateStyle: 'full' }), status].filter(Boolean).join(', ')}
      </span>
    </button>
  );
}

function Legend({ t }: { t: ClientTranslate }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label={t('make_offer.legend')}>
      {[...BOOKED_LEGEND, CHOSEN_LEGEND].map((entry) => (
        <li key={entry.label} className="flex items-center gap-1.5">
          <span className={`${LEGEND_SWATCH} ${entry.swatch}`} aria-hidden="true">
            {entry.sample}
          </span>
          {t(entry.label)}
        </li>
      ))}
    </ul>
  );
}
