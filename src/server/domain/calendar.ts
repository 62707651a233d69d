import { TZDate } from '@date-fns/tz';
import { addDays, format, parseISO } from 'date-fns';
import { dayOfDateInput } from '@/shared/calendar-days';

/** The calendar day (`YYYY-MM-DD`) an instant falls on in a time zone. */
export function calendarDay(instant: Date, timeZone: string): string {
  return format(new TZDate(instant.getTime(), timeZone), 'yyyy-MM-dd');
}

/** The wall-clock time (`HH:MM`) an instant shows in a time zone. */
export function clockTimeIn(instant: Date, timeZone: string): string {
  return format(new TZDate(instant.getTime(), timeZone), 'HH:mm');
}

/** Today's calendar day in a time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return calendarDay(now, timeZone);
}

/**
 * The salon day a client's date input names: `YYYY-MM-DD` as it is, a date-time with an offset
 * (a picker's `toISOString()`) as the day that instant falls on in the salon's zone.
 */
export function salonDayOf(input: string, timeZone: string): string {
  return dayOfDateInput(input, (instant) => calendarDay(instant, timeZone));
}

const DAY_MS = 24 * 60 * 60 * 1000;
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A calendar day moved by whole days (no time zone involved: days are days). Worked out on UTC
 * midnights, where every day is 24 hours long: the calendar read and the free slots call this
 * often, and date parsing and formatting cost far more than this arithmetic.
 */
export function addCalendarDays(day: string, days: number): string {
  const moved = new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
  const result = Number.isNaN(moved.getTime())
    ? format(addDays(parseISO(day), days), 'yyyy-MM-dd')
    : moved.toISOString().slice(0, 10);
  // Past year 9999 (or before year 0) a day is no longer `YYYY-MM-DD` and no longer sorts after the
  // day before it: a loop comparing days as text would never reach its end.
  if (!CALENDAR_DAY.test(result)) throw new RangeError(`${String(days)} days from ${day} is not a YYYY-MM-DD day`);
  return result;
}

/**
 * Every calendar day from `from` to `to`, both included, in order: the calendar's and the reports'
 * walk over a period. At most `most` days (the longest period the caller's schema allows): a longer
 * one is a RangeError rather than a walk, so a period no schema caught cannot keep the server busy.
 */
export function daysBetween(from: string, to: string, most: number): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addCalendarDays(day, 1)) {
    if (days.length >= most) throw new RangeError(`${from} to ${to} is more than ${String(most)} days`);
    days.push(day);
  }
  return days;
}

/**
 * The wall-clock time (`HH:MM`) `minutes` after `time` on salon day `day`. On a day of 24 hours
 * (every day but the two a year when clocks change) that is clock arithmetic; on the others it
 * goes through the zone, as a daylight-saving change needs.
 */
export function clockTimeAfter(day: string, time: string, minutes: number, timeZone: string): string {
  const start = instantAt(day, time, timeZone).getTime();
  const regular =
    instantAt(addCalendarDays(day, 1), '00:00', timeZone).getTime() - instantAt(day, '00:00', timeZone).getTime() ===
    DAY_MS;
  if (!regular) return clockTimeIn(new Date(start + minutes * 60_000), timeZone);
  const [hours = 0, mins = 0] = time.split(':').map(Number);
  const total = (((hours * 60 + mins + minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/**
 * Instants already worked out, by day, time and zone: the zone's rules are the slow part of a
 * free-slots answer, and the same few days and times are asked for over and over. Bounded, and
 * emptied when full, since the mapping never changes.
 */
const instants = new Map<string, number>();
const MAX_REMEMBERED_INSTANTS = 10_000;

/** The instant a salon wall-clock time (`YYYY-MM-DD`, `HH:MM`) names in a time zone. */
export function instantAt(day: string, time: string, timeZone: string): Date {
  const key = `${day} ${time} ${timeZone}`;
  const known = instants.get(key);
  if (known !== undefined) return new Date(known);
  const [year, month, date] = day.split('-').map(Number);
  const [hours, minutes] = time.split(':').map(Number);
  const instant = new TZDate(
    year ?? NaN,
    (month ?? NaN) - 1,
    date ?? NaN,
    hours ?? NaN,
    minutes ?? NaN,
    timeZone,
  ).getTime();
  if (instants.size >= MAX_REMEMBERED_INSTANTS) instants.clear();
  instants.set(key, instant);
  return new Date(instant);
}
