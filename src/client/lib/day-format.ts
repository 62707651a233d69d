// How the app reads calendar days people type or links name, and the day arithmetic of forms
// (writing days and times for people is src/shared/time-format). Not in format.ts: that module is
// in the home page's first script, which shows no days.
import { localCalendarDay } from '@/shared/calendar-days';
import { BOOKING_HORIZON_DAYS, isDayInRange } from '@/shared/constants';

/**
 * The day if it exists (no 31/02), as `YYYY-MM-DD`. Checked by hand rather than with the shared
 * Zod check, so a date field does not need Zod.
 */
function realDay(year: number, month: number, date: number): string | null {
  const utc = new Date(Date.UTC(year, month - 1, date));
  if (utc.getUTCFullYear() !== year || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== date) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(date)}`;
}

/** `d/m/yyyy` with any of `/`, `.` or `-` between, as people type a day; the year in full. */
const TYPED_DAY = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/;
const ISO_DAY = /^\s*(\d{4})-(\d{2})-(\d{2})\s*$/;

/**
 * What a person typed into a date field, as the `YYYY-MM-DD` day forms exchange: `24/11/2026`,
 * `1.2.2026`, or a pasted `2026-11-24`; null for anything else, a day that does not exist
 * (31/02/2026) among it. Day first, always: `02/03/2026` is the 2nd of March, as the tables show it.
 */
export function parseDay(text: string): string | null {
  const iso = ISO_DAY.exec(text);
  if (iso) return realDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const typed = TYPED_DAY.exec(text);
  return typed ? realDay(Number(typed[3]), Number(typed[2]), Number(typed[1])) : null;
}

/**
 * The day a page's address names (`?date=`, `?from=`): a real `YYYY-MM-DD` day within the days any
 * input may name, or null, and the page shows its default. A link anyone may send must not make
 * the page ask the server for the year 9999.
 */
export function linkedDay(param: string | null): string | null {
  const iso = ISO_DAY.exec(param ?? '');
  const day = iso ? realDay(Number(iso[1]), Number(iso[2]), Number(iso[3])) : null;
  return day !== null && isDayInRange(day) ? day : null;
}

/** `YYYY-MM-DDTHH:MM` (seconds, as a picker may add them, are dropped): salon wall-clock moments. */
const LOCAL_MOMENT = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/;
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * A date-time field's value (`2026-11-24T09:30`) as the day and the 24-hour `HH:MM` its two inputs
 * take (the time input shows it in 12 hours); both '' for anything else, an empty value among it.
 */
export function splitDateTime(value: string): { day: string; time: string } {
  const match = LOCAL_MOMENT.exec(value);
  const day = match ? realDay(Number(match[1]), Number(match[2]), Number(match[3])) : null;
  if (!match || !day) return { day: '', time: '' };
  return { day, time: `${match[4] ?? ''}:${match[5] ?? ''}` };
}

/**
 * What a date-time field gives its form: `YYYY-MM-DDTHH:MM` once it has both a day and a time,
 * '' while either is missing (the shared schema then says the field is required).
 */
export function joinDateTime(day: string, time: string): string {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!iso || !realDay(Number(iso[1]), Number(iso[2]), Number(iso[3])) || !CLOCK.test(time)) return '';
  return `${day}T${time}`;
}

/**
 * The calendar day `days` after `day` (before, when negative), both `YYYY-MM-DD`. Pure arithmetic
 * on UTC midnights, so the browser's zone and clock changes cannot shift a day.
 */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The first and last day the date field offers (`YYYY-MM-DD`, the browser's calendar). */
export function bookingDateRange(now: Date = new Date()): { min: string; max: string } {
  const last = new Date(now.getFullYear(), now.getMonth(), now.getDate() + BOOKING_HORIZON_DAYS);
  return { min: localCalendarDay(now), max: localCalendarDay(last) };
}
