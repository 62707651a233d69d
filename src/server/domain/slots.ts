// Free start times for one specialist, one calendar day and one service: pure, no I/O.
import { type TimeRange } from './schedule';
import { visitStartTimes, type Interval } from './visits';

export { weekdayOf } from './schedule';
export { unbookableDayReason, type Interval } from './visits';

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

/**
 * The start times (`HH:MM`), earliest first, on the grid of `stepMinutes` from the start of each
 * working range, at which the service (plus its buffer) ends by the end of that range, starts in
 * the future and within the booking horizon, and overlaps none of the busy intervals (bookings,
 * time off): a visit of one item with one specialist (domain/visits.ts).
 */
export function availableSlots(query: SlotQuery): string[] {
  const { specialist, service } = query;
  if (!specialist.offersService) return [];
  return visitStartTimes({
    ...query,
    items: [
      {
        bufferMinutes: service.bufferMinutes,
        processingMinutes: 0,
        minNoticeMinutes: 0,
        candidates: [{ id: '', ranges: specialist.ranges, busy: query.busy, durationMinutes: service.durationMinutes }],
      },
    ],
  });
}

/**
 * Whom "any specialist" books first: of those free at the time, the one with the fewest bookings
 * that day, then by name (letter case ignored), then by id so the choice never depends on list order.
 */
export function pickOrder<T extends { id: string; name: string; bookingsThatDay: number }>(free: readonly T[]): T[] {
  return [...free].sort(
    (a, b) =>
      a.bookingsThatDay - b.bookingsThatDay ||
      a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}
