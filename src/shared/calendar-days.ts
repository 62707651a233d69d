// Calendar days (`YYYY-MM-DD`) as forms and procedures exchange them. Shared code knows no time
// zone: whoever calls passes how to read an instant as a day (the salon's zone on the server,
// the browser's own in a form).
import { z } from 'zod';

const calendarDaySchema = z.iso.date();
const dateTimeSchema = z.iso.datetime({ offset: true, local: true });
/** A date-time that names an instant (it ends in `Z` or an offset such as `+05:30`). */
const ENDS_IN_OFFSET = /(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;

/** A real day of the calendar in `YYYY-MM-DD` form (no 2026-02-30). */
export function isCalendarDay(value: string): boolean {
  return calendarDaySchema.safeParse(value).success;
}

/** A calendar day, or a full ISO date-time that a client's date picker may send instead. */
export function isDateInput(value: string): boolean {
  return isCalendarDay(value) || dateTimeSchema.safeParse(value).success;
}

/**
 * The calendar day a date input names: a day is itself; a date-time with an offset is an instant,
 * read as a day by `dayOfInstant`; a date-time without one is a wall-clock time on its own date.
 */
export function dayOfDateInput(value: string, dayOfInstant: (instant: Date) => string): string {
  if (isCalendarDay(value)) return value;
  return ENDS_IN_OFFSET.test(value) ? dayOfInstant(new Date(value)) : value.slice(0, 10);
}

/** The day an instant falls on in the zone this code runs in (the browser's, in a form). */
export function localCalendarDay(instant: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}`;
}
