// The nudges to rebook (README "Nudges to rebook"): when a completed visit's customer is nudged,
// which visits are still worth a nudge, and which later booking a nudge is credited with. Pure, no I/O.
import { REBOOK_WEEKS_MAX } from '@/shared/constants';
import { addCalendarDays } from './calendar';

export const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * How late a nudge may still go: a visit whose nudge moment passed longer ago than this gets none
 * (the loop's first start, or a service given an interval, does not mail about old history).
 */
export const NUDGE_CATCH_UP_DAYS = 14;
const CATCH_UP_MS = NUDGE_CATCH_UP_DAYS * 24 * 60 * 60 * 1000;

/** When the customer of a visit that began at `visitStart` is nudged, `weeks` later. */
export const nudgeMoment = (visitStart: Date, weeks: number): Date => new Date(visitStart.getTime() + weeks * WEEK_MS);

/**
 * The visits a service of `weeks` nudges for at `now`: those that began after `after` and not after
 * `notAfter` (their nudge moment has come, within the last NUDGE_CATCH_UP_DAYS days). `fromDay`
 * and `toDay` are salon days a day wider on each side, for reading the bookings by day.
 */
export function visitsDueAt(
  weeks: number,
  now: Date,
  dayOf: (instant: Date) => string,
): { after: Date; notAfter: Date; fromDay: string; toDay: string } {
  const notAfter = new Date(now.getTime() - weeks * WEEK_MS);
  const after = new Date(notAfter.getTime() - CATCH_UP_MS);
  return { after, notAfter, fromDay: addCalendarDays(dayOf(after), -1), toDay: addCalendarDays(dayOf(notAfter), 1) };
}

/** Whether the visit that began at `visitStart` is nudged at `now` (see visitsDueAt). */
export function isNudgeDue(visitStart: Date, weeks: number, now: Date): boolean {
  const moment = nudgeMoment(visitStart, weeks).getTime();
  return moment <= now.getTime() && moment > now.getTime() - CATCH_UP_MS;
}

/**
 * Whether a booking made at `bookedAt` is credited to a nudge sent at `sentAt`: made after it and
 * within the service's interval (`weeks`; the longest one when the service has none any more).
 */
export function isCreditedToNudge(sentAt: Date, weeks: number | null, bookedAt: Date): boolean {
  const window = (weeks ?? REBOOK_WEEKS_MAX) * WEEK_MS;
  return bookedAt.getTime() >= sentAt.getTime() && bookedAt.getTime() - sentAt.getTime() <= window;
}
