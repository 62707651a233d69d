// The salon's opening hours as a limit on the specialists' hours: a time is bookable only
// inside both. Pure, no I/O. A weekday whose opening hours were never saved (`undefined`) limits
// nothing, so an install that has not set them books exactly as before.
import type { Weekday } from '@/shared/constants';
import { formatDayHours } from '@/shared/opening-hours';
import type { TimeRange } from './schedule';

const minutesOf = (time: string): number => {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};

/**
 * The parts of the working ranges that lie inside the opening ranges, earliest first (both lists
 * in order and not overlapping, as the schemas keep them). A specialist working 8:00–21:00 on a
 * day the salon opens 9:00–20:00 works 9:00–20:00 as far as bookings go.
 */
export function withinOpeningHours(
  working: readonly TimeRange[],
  opening: readonly TimeRange[] | undefined,
): readonly TimeRange[] {
  if (opening === undefined) return working;
  const inside: TimeRange[] = [];
  for (const work of working) {
    for (const open of opening) {
      // `HH:MM` strings compare as times.
      const from = work.from > open.from ? work.from : open.from;
      const to = work.to < open.to ? work.to : open.to;
      if (from < to) inside.push({ from, to });
    }
  }
  return inside.sort((a, b) => a.from.localeCompare(b.from));
}

/**
 * The span from the earliest start to the latest end of the given ranges (none: closed): the
 * opening hours a weekday has before the admin sets them, which shut out no specialist's time.
 */
export function spanOfRanges(ranges: readonly TimeRange[]): TimeRange[] {
  if (ranges.length === 0) return [];
  const from = ranges.reduce((earliest, range) => (range.from < earliest ? range.from : earliest), '23:59');
  const to = ranges.reduce((latest, range) => (range.to > latest ? range.to : latest), '00:00');
  return [{ from, to }];
}

/** Whether a booking starting at `timeSlot` and lasting `lengthMinutes` lies inside one opening range. */
export function fitsOpeningHours(
  opening: readonly TimeRange[] | undefined,
  timeSlot: string,
  lengthMinutes: number,
): boolean {
  if (opening === undefined) return true;
  const start = minutesOf(timeSlot);
  const end = start + lengthMinutes;
  return opening.some((range) => start >= minutesOf(range.from) && end <= minutesOf(range.to));
}

/**
 * Why a booking at `timeSlot` lasting `lengthMinutes` (service and buffer) on a `weekday` is
 * refused under the salon's opening hours, or null when it fits them.
 */
export function openingHoursRefusal(
  weekday: Weekday,
  opening: readonly TimeRange[] | undefined,
  timeSlot: string,
  lengthMinutes: number,
): string | null {
  if (opening === undefined || fitsOpeningHours(opening, timeSlot, lengthMinutes)) return null;
  if (opening.length === 0) return `The salon is closed on ${weekday}s. Please choose another day.`;
  return `This time is outside the salon's opening hours (${weekday}s ${formatDayHours(opening)}). Please choose another time.`;
}
