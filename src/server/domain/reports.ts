// The reports' arithmetic: pure, no I/O. Money is summed in whole cents and turned into
// the currency's units once, at the end, so a report matches its bookings to the cent.
import { BOOKING_STATUSES, type BookingStatus } from '@/shared/constants';
import { addCalendarDays, instantAt } from './calendar';
import type { Weekday } from '@/shared/constants';
import { weekdayOf, weekdayRanges, type WeeklySchedule } from './schedule';
import type { Interval } from './slots';

const DAY_MS = 86_400_000;

/** A day of the period as the schedules read it: its weekday, and whether the salon is closed. */
export interface ScheduleDay {
  day: string;
  weekday: Weekday;
  closed: boolean;
}

/** The period's days for `scheduledMinutes`, worked out once for every specialist. */
export function scheduleDays(days: readonly string[], closedDays: ReadonlySet<string>): ScheduleDay[] {
  return days.map((day) => ({ day, weekday: weekdayOf(day), closed: closedDays.has(day) }));
}

/** Bookings that hold a specialist's time: every status but cancelled. */
export const isBookedStatus = (status: BookingStatus): boolean => status !== 'cancelled';

/** One group of the daily totals: its bookings, their prices in cents and their booked minutes, by status. */
export interface StatusTotals {
  status: BookingStatus;
  bookings: number;
  cents: number;
  minutes: number;
}

export interface Figures {
  /** Bookings that hold time (all but cancelled). */
  count: number;
  /** Completed bookings' prices, in cents. */
  takingsCents: number;
  /** Pending and confirmed bookings' prices, in cents. */
  aheadCents: number;
  /** Minutes booked (all but cancelled). */
  minutes: number;
  byStatus: Record<BookingStatus, number>;
}

/** The figures of a group of totals (a service, a specialist, a day, the whole period). */
export function figuresOf(rows: Iterable<StatusTotals>): Figures {
  const byStatus = Object.fromEntries(BOOKING_STATUSES.map((status) => [status, 0])) as Record<BookingStatus, number>;
  const figures: Figures = { count: 0, takingsCents: 0, aheadCents: 0, minutes: 0, byStatus };
  for (const row of rows) {
    byStatus[row.status] += row.bookings;
    if (isBookedStatus(row.status)) {
      figures.count += row.bookings;
      figures.minutes += row.minutes;
    }
    if (row.status === 'completed') figures.takingsCents += row.cents;
    if (row.status === 'pending' || row.status === 'confirmed') figures.aheadCents += row.cents;
  }
  return figures;
}

/** Cents as the currency's units (two decimals, no float dust). */
export { fromCents } from '@/shared/money';

/** Cancelled bookings over all bookings of the period, 0 to 1 (0 when there were none), to four places. */
export function cancellationRate(byStatus: Record<BookingStatus, number>): number {
  const all = BOOKING_STATUSES.reduce((sum, status) => sum + byStatus[status], 0);
  return all === 0 ? 0 : Math.round((byStatus.cancelled / all) * 10_000) / 10_000;
}

/** Booked minutes over scheduled minutes, 0 to 1 or above when overbooked, to four places; null when none were scheduled. */
export function utilisation(bookedMinutes: number, scheduledMinutes: number): number | null {
  if (scheduledMinutes <= 0) return null;
  return Math.round((bookedMinutes / scheduledMinutes) * 10_000) / 10_000;
}

/** Minutes of `[start, end)` that no interval of `away` covers. */
function minutesFree(start: number, end: number, away: readonly Interval[]): number {
  let free = end - start;
  // `away` is merged and sorted: overlaps do not count twice.
  for (const interval of away) {
    const overlap = Math.min(end, interval.endsAt.getTime()) - Math.max(start, interval.startsAt.getTime());
    if (overlap > 0) free -= overlap;
  }
  return Math.max(0, free) / 60_000;
}

/** Overlapping or touching intervals joined, earliest first. */
function merged(intervals: readonly Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const out: Interval[] = [];
  for (const interval of sorted) {
    const last = out.at(-1);
    if (last && interval.startsAt.getTime() <= last.endsAt.getTime()) {
      if (interval.endsAt.getTime() > last.endsAt.getTime()) last.endsAt = interval.endsAt;
    } else {
      out.push({ startsAt: interval.startsAt, endsAt: interval.endsAt });
    }
  }
  return out;
}

/**
 * `instantAt` for many clock times of many days: a report asks for the working ranges of every
 * day of a year for every specialist. A day whose length is 24 hours (no clock change in it) has
 * each time at its midnight plus the time; only a day with a clock change asks `instantAt`.
 */
export function instantsIn(timeZone: string): (day: string, time: string) => number {
  const midnights = new Map<string, { start: number; uniform: boolean }>();
  return (day, time) => {
    let midnight = midnights.get(day);
    if (!midnight) {
      const start = instantAt(day, '00:00', timeZone).getTime();
      const next = instantAt(addCalendarDays(day, 1), '00:00', timeZone).getTime();
      midnight = { start, uniform: next - start === DAY_MS };
      midnights.set(day, midnight);
    }
    if (!midnight.uniform) return instantAt(day, time, timeZone).getTime();
    const [hours = 0, minutes = 0] = time.split(':').map(Number);
    return midnight.start + (hours * 60 + minutes) * 60_000;
  };
}

/**
 * The minutes a specialist was scheduled to work over `days` (`scheduleDays`): their working ranges
 * of each day (breaks are the gaps between ranges, as `workingRanges` reads them), none on the
 * salon's closed days, less their time off. `instantOf` turns a day and a clock time into an
 * instant (`instantsIn`).
 */
export function scheduledMinutes(
  schedule: WeeklySchedule,
  days: readonly ScheduleDay[],
  timeOff: readonly Interval[],
  instantOf: (day: string, time: string) => number,
): number {
  const away = merged(timeOff);
  let minutes = 0;
  for (const { day, weekday, closed } of days) {
    if (closed) continue;
    for (const range of weekdayRanges(schedule, weekday)) {
      const start = instantOf(day, range.from);
      const end = instantOf(day, range.to);
      if (end > start) minutes += away.length === 0 ? (end - start) / 60_000 : minutesFree(start, end, away);
    }
  }
  return Math.round(minutes);
}
