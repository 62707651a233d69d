// Standing appointments' rules (README "Standing appointments"): the days a series falls on, the
// free times offered instead of one that does not fit, and how a move of one occurrence carries to
// the later ones. Pure, no I/O.
import { REPEAT_COUNT_MAX } from '@/shared/constants';
import { formatClock, formatDayWithWeekday } from '@/shared/time-format';
import { addCalendarDays } from './calendar';

/** How a booking repeats: every `everyWeeks` weeks, `count` times (the first included) or until `until`. */
export interface Repeat {
  everyWeeks: number;
  count?: number | undefined;
  until?: string | undefined;
}

/**
 * The days of a series starting on `first` (`YYYY-MM-DD`), in order, the first included: `count`
 * of them, or every one up to `until` inclusive; never more than REPEAT_COUNT_MAX.
 */
export function occurrenceDays(first: string, repeat: Repeat): string[] {
  const most = Math.min(repeat.count ?? REPEAT_COUNT_MAX, REPEAT_COUNT_MAX);
  const days: string[] = [];
  for (let day = first; days.length < most; day = addCalendarDays(day, 7 * repeat.everyWeeks)) {
    if (repeat.until !== undefined && day > repeat.until) break;
    days.push(day);
  }
  return days;
}

/** The last day a series from `first` may reach: its REPEAT_COUNT_MAX-th occurrence. */
export const lastPossibleDay = (first: string, everyWeeks: number): string =>
  addCalendarDays(first, 7 * everyWeeks * (REPEAT_COUNT_MAX - 1));

const minutesOf = (time: string): number => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

/** How many free times a non-fitting occurrence offers in its place. */
export const NEAREST_TIMES = 6;

/**
 * The free times (`HH:MM`) nearest to `wanted`, nearest first (of two as near, the earlier), at
 * most `most` of them: what an occurrence that does not fit offers to pick instead.
 */
export function nearestTimes(free: readonly string[], wanted: string, most = NEAREST_TIMES): string[] {
  const target = minutesOf(wanted);
  return [...new Set(free)]
    .map((time) => ({ time, distance: Math.abs(minutesOf(time) - target) }))
    .sort((a, b) => a.distance - b.distance || a.time.localeCompare(b.time))
    .slice(0, most)
    .map(({ time }) => time);
}

/** The whole days from `from` to `to` (`YYYY-MM-DD`), negative when `to` is earlier. */
export const dayShift = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * Where a later occurrence goes when one is moved "this and the following": moved by the same
 * number of days, to the same new time of day.
 */
export const shiftedOccurrence = (
  occurrence: { bookingDate: string },
  move: { days: number; timeSlot: string },
): { bookingDate: string; timeSlot: string } => ({
  bookingDate: addCalendarDays(occurrence.bookingDate, move.days),
  timeSlot: move.timeSlot,
});

/**
 * The occurrences "this and the following" takes from `chosen` on: those that start at or after
 * it and are still open, earliest first.
 */
export function thisAndFollowing<T extends { startsAt: Date; open: boolean }>(
  occurrences: readonly T[],
  chosen: T,
): T[] {
  return occurrences
    .filter((occurrence) => occurrence === chosen || (occurrence.open && occurrence.startsAt >= chosen.startsAt))
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/** One occurrence named for a person: "Tuesday 08/12/2026 at 10:00 AM". */
export const occurrenceName = (bookingDate: string, timeSlot: string): string =>
  `${formatDayWithWeekday(bookingDate)} at ${formatClock(timeSlot)}`;

/** Why an occurrence refused in a whole series refuses the series: the occurrence named, then why. */
export const occurrenceRefusal = (bookingDate: string, timeSlot: string, reason: string): string =>
  `${occurrenceName(bookingDate, timeSlot)} does not fit: ${reason} Nothing was changed.`;
