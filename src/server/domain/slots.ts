// Free start times for one specialist, one calendar day and one service: pure, no I/O.
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { BOOKING_HORIZON_DAYS } from '@/shared/constants';
import { addCalendarDays, calendarDay, instantAt } from './calendar';
import { type TimeRange } from './schedule';

export { weekdayOf } from './schedule';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface Interval {
  startsAt: Date;
  endsAt: Date;
}

export interface SlotQuery {
  /** The calendar day asked for, `YYYY-MM-DD`, in the salon's time zone. */
  day: string;
  timeZone: string;
  stepMinutes: number;
  now: Date;
  specialist: {
    /** The day's working ranges, earliest first (domain/schedule.ts `workingRanges`); none: a day off. */
    ranges: readonly TimeRange[];
    offersService: boolean;
  };
  service: { durationMinutes: number; bufferMinutes: number };
  /** The specialist's bookings that are not cancelled, each with its own booked length, and their time off. */
  busy: readonly Interval[];
  horizonDays?: number;
}

const minutesOf = (time: string): number => {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};

const clock = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * Why no time on `day` can be booked at all, or null when it can: the day is past, or further
 * ahead than the booking horizon. Days are `YYYY-MM-DD` in the salon's zone.
 */
export function unbookableDayReason(day: string, today: string, horizonDays = BOOKING_HORIZON_DAYS): string | null {
  if (day < today) return 'This date is in the past. Please choose another one.';
  if (day > addCalendarDays(today, horizonDays)) return `Bookings can be made up to ${horizonDays} days ahead.`;
  return null;
}

/** The wall-clock time an instant shows in a zone, to spot times a DST change skips. */
const wallClock = (instant: Date, timeZone: string) => format(new TZDate(instant.getTime(), timeZone), 'HH:mm');

/**
 * The start times (`HH:MM`), earliest first, on the grid of `stepMinutes` from the start of each
 * working range, at which the service (plus its buffer) ends by the end of that range, starts in
 * the future and within the booking horizon, and overlaps none of the busy intervals (bookings,
 * time off). Times are compared as instants, so a daylight-saving change shortens or lengthens
 * the day as the clock does.
 */
export function availableSlots(query: SlotQuery): string[] {
  const { day, timeZone, now, specialist, service } = query;
  if (!specialist.offersService || specialist.ranges.length === 0) return [];
  if (unbookableDayReason(day, calendarDay(now, timeZone), query.horizonDays) !== null) return [];

  const lengthMs = (service.durationMinutes + service.bufferMinutes) * 60_000;
  // Zone arithmetic is the slow part of this function. On a day whose length is 24 hours (every
  // day but the two a year when clocks change) wall-clock minutes map to instants by addition;
  // on the others every time goes through the zone, as a DST change needs.
  const midnight = instantAt(day, '00:00', timeZone).getTime();
  const regularDay = instantAt(addCalendarDays(day, 1), '00:00', timeZone).getTime() - midnight === DAY_MS;
  const slots: string[] = [];
  for (const range of specialist.ranges) {
    const closesAt = instantAt(day, range.to, timeZone).getTime();
    for (let minutes = minutesOf(range.from); minutes < 24 * 60; minutes += query.stepMinutes) {
      const time = clock(minutes);
      let startMs: number;
      if (regularDay) {
        startMs = midnight + minutes * 60_000;
      } else {
        const start = instantAt(day, time, timeZone);
        // A time the clocks skip (spring forward) does not exist that day.
        if (wallClock(start, timeZone) !== time) continue;
        startMs = start.getTime();
      }
      const endMs = startMs + lengthMs;
      if (endMs > closesAt) break;
      if (startMs <= now.getTime()) continue;
      const overlaps = query.busy.some((b) => startMs < b.endsAt.getTime() && endMs > b.startsAt.getTime());
      if (!overlaps) slots.push(time);
    }
  }
  return slots;
}

/** "Any specialist": every start time at least one of them has free, earliest first. */
export function unionOfSlots(perSpecialist: readonly (readonly string[])[]): string[] {
  return [...new Set(perSpecialist.flat())].sort();
}

/**
 * Whom "any specialist" books: of those free at the time, the one with the fewest bookings that
 * day, then by name (letter case ignored), then by id so the choice never depends on list order.
 */
export function pickSpecialist<T extends { id: string; name: string; bookingsThatDay: number }>(
  free: readonly T[],
): T | undefined {
  return [...free].sort(
    (a, b) =>
      a.bookingsThatDay - b.bookingsThatDay ||
      a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  )[0];
}
