// Free start times for one specialist, one calendar day and one service: pure, no I/O.
import { TZDate } from '@date-fns/tz';
import { format, parseISO } from 'date-fns';
import { BOOKING_HORIZON_DAYS, type Weekday } from '@/shared/constants';
import { addCalendarDays, calendarDay, instantAt } from './calendar';

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
    availableFrom: string;
    availableTo: string;
    days: readonly Weekday[];
    offersService: boolean;
  };
  service: { durationMinutes: number; bufferMinutes: number };
  /** The specialist's bookings that are not cancelled, each with its own booked length. */
  busy: readonly Interval[];
  horizonDays?: number;
}

const minutesOf = (time: string): number => {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};

const clock = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The weekday name of a calendar day (days are zone-free). */
export function weekdayOf(day: string): Weekday {
  return format(parseISO(day), 'EEEE') as Weekday;
}

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
 * The start times (`HH:MM`) on the grid of `stepMinutes` from the specialist's `availableFrom`
 * at which the service (plus its buffer) fits before `availableTo`, starts in the future and
 * within the booking horizon, and overlaps none of the busy intervals. Times are compared as
 * instants, so a daylight-saving change shortens or lengthens the day as the clock does.
 */
export function availableSlots(query: SlotQuery): string[] {
  const { day, timeZone, now, specialist, service } = query;
  if (!specialist.offersService || !specialist.days.includes(weekdayOf(day))) return [];
  if (unbookableDayReason(day, calendarDay(now, timeZone), query.horizonDays) !== null) return [];

  const closesAt = instantAt(day, specialist.availableTo, timeZone).getTime();
  const lengthMs = (service.durationMinutes + service.bufferMinutes) * 60_000;
  // Zone arithmetic is the slow part of this function. On a day whose length is 24 hours (every
  // day but the two a year when clocks change) wall-clock minutes map to instants by addition;
  // on the others every time goes through the zone, as a DST change needs.
  const midnight = instantAt(day, '00:00', timeZone).getTime();
  const regularDay = instantAt(addCalendarDays(day, 1), '00:00', timeZone).getTime() - midnight === DAY_MS;
  const slots: string[] = [];
  for (let minutes = minutesOf(specialist.availableFrom); minutes < 24 * 60; minutes += query.stepMinutes) {
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
  return slots;
}
