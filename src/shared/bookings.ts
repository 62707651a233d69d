// Booking rules that the booking form and the server both apply.
import { BOOKING_CANCEL_CUTOFF_MINUTES } from './constants';

/** "Clara Demo" → first "Clara", last "Demo"; a one-word name has an empty last name. */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const [first = '', ...rest] = fullName.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
}

/** `120` → `2 hours`, `60` → `1 hour`, `45` → `45 minutes`. */
export function durationText(minutes: number): string {
  if (minutes % 60 !== 0) return `${String(minutes)} minute${minutes === 1 ? '' : 's'}`;
  const hours = minutes / 60;
  return `${String(hours)} hour${hours === 1 ? '' : 's'}`;
}

/** The cancel cut-off as people read it: `2 hours`. */
export const CANCEL_CUTOFF_TEXT = durationText(BOOKING_CANCEL_CUTOFF_MINUTES);

/** What a customer hears when cancelling too late. */
export const CANCEL_CUTOFF_MESSAGE = `Bookings can only be cancelled up to ${CANCEL_CUTOFF_TEXT} before the start.`;

/** What a customer hears when moving a booking too late (the same cut-off as cancelling). */
export const RESCHEDULE_CUTOFF_MESSAGE = `Bookings can only be rescheduled up to ${CANCEL_CUTOFF_TEXT} before the start.`;
