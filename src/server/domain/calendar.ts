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

/** A calendar day moved by whole days (no time zone involved: days are days). */
export function addCalendarDays(day: string, days: number): string {
  return format(addDays(parseISO(day), days), 'yyyy-MM-dd');
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
  const instant = new TZDate(year ?? NaN, (month ?? NaN) - 1, date ?? NaN, hours ?? NaN, minutes ?? NaN, timeZone).getTime();
  if (instants.size >= MAX_REMEMBERED_INSTANTS) instants.clear();
  instants.set(key, instant);
  return new Date(instant);
}
