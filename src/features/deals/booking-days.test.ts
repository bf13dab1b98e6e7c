import { describe, expect, it } from 'vitest';
import {
  bookedHours,
  bookingProblem,
  bookingWindow,
  dayState,
  firstOverlap,
  monthGrid,
  weekdayNames,
} from './booking-days';

const days = (date_from: string, date_to: string) => ({ date_from, date_to, hour_from: null, hour_to: null });
const hours = (day: string, hour_from: number, hour_to: number) => ({
  date_from: day,
  date_to: day,
  hour_from,
  hour_to,
});

describe('booking days', () => {
  it('marks whole days taken and hour bookings as partly taken, and a day filled by hours as taken', () => {
    const booked = [
      days('2026-05-03', '2026-05-05'),
      hours('2026-05-10', 8, 12),
      hours('2026-05-11', 0, 12),
      hours('2026-05-11', 12, 24),
    ];
    expect(dayState('2026-05-02', booked)).toBe('free');
    expect(dayState('2026-05-03', booked)).toBe('taken');
    expect(dayState('2026-05-05', booked)).toBe('taken');
    expect(dayState('2026-05-06', booked)).toBe('free');
    expect(dayState('2026-05-10', booked)).toBe('partly');
    expect(dayState('2026-05-11', booked)).toBe('taken');
    expect(bookedHours('2026-05-10', booked)).toEqual([[8, 12]]);
  });

  it('finds overlaps on half-open ranges, as the offers service does', () => {
    const booked = [hours('2026-05-10', 8, 12), days('2026-05-20', '2026-05-22')];
    expect(
      firstOverlap({ date_from: '2026-05-10', date_to: '2026-05-10', hour_from: 12, hour_to: 16 }, booked),
    ).toBeUndefined();
    expect(
      firstOverlap({ date_from: '2026-05-10', date_to: '2026-05-10', hour_from: 11, hour_to: 13 }, booked),
    ).toEqual(booked[0]);
    expect(firstOverlap({ date_from: '2026-05-18', date_to: '2026-05-20' }, booked)).toEqual(booked[1]);
    expect(firstOverlap({ date_from: '2026-05-23', date_to: '2026-05-25' }, booked)).toBeUndefined();
  });

  it('refuses the past, a start too far ahead, a booking too long and taken dates', () => {
    const today = '2026-05-01';
    expect(bookingProblem({ date_from: '2026-04-30', date_to: '2026-05-02' }, [], today)?.key).toBe('offers.date_past');
    expect(
      bookingProblem({ date_from: bookingWindow(today).lastStart, date_to: bookingWindow(today).last }, [], today),
    ).toBeUndefined();
    expect(bookingProblem({ date_from: '2027-06-01', date_to: '2027-06-01' }, [], today)?.key).toBe(
      'offers.date_too_far',
    );
    expect(bookingProblem({ date_from: '2026-05-01', date_to: '2026-08-01' }, [], today)?.key).toBe(
      'offers.booking_too_long',
    );
    expect(
      bookingProblem({ date_from: '2026-05-02', date_to: '2026-05-04' }, [days('2026-05-04', '2026-05-04')], today)
        ?.key,
    ).toBe('offers.dates_taken');
  });

  it('lays a month out in weeks from Monday', () => {
    const { weeks } = monthGrid('2026-06-15');
    // 1 June 2026 is a Monday; June has 30 days.
    expect(weeks[0][0]).toBe('2026-06-01');
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(monthGrid('2026-11-03').weeks[0].slice(0, 6)).toEqual([null, null, null, null, null, null]);
  });

  it('names weekdays from Monday, with short Swahili names that fit a column', () => {
    expect(weekdayNames('en-GB')[0].long).toBe('Monday');
    expect(weekdayNames('sw')[0]).toEqual({ short: 'Jtt', long: 'Jumatatu' });
  });
});
