// The rules of a booking's life: who may cancel it when, and what a status change means. Pure.
import { CANCEL_CUTOFF_MESSAGE, RESCHEDULE_CUTOFF_MESSAGE } from '@/shared/bookings';
import { BOOKING_CANCEL_CUTOFF_MINUTES, type BookingStatus } from '@/shared/constants';

/** What the customer is told of a change to their booking. */
export type BookingChange = 'confirmed' | 'rescheduled' | 'cancelled-by-salon' | 'cancelled-by-customer';

/** Pending and confirmed bookings hold their time; cancelled, completed and no-show ones are settled. */
export const OPEN_BOOKING_STATUSES = ['pending', 'confirmed'] as const satisfies readonly BookingStatus[];
export const isOpenStatus = (status: BookingStatus): boolean =>
  (OPEN_BOOKING_STATUSES as readonly BookingStatus[]).includes(status);

/** A settled status as a refusal says it: "completed", "cancelled", "marked as a no-show". */
const settledAs = (status: BookingStatus): string => (status === 'no-show' ? 'marked as a no-show' : status);

/** Still to come: open (pending or confirmed) and starting later than now; a cancelled one is not. */
export function isUpcoming(booking: { status: BookingStatus; startsAt: Date }, now: Date): boolean {
  return isOpenStatus(booking.status) && booking.startsAt.getTime() > now.getTime();
}

/** A customer may still cancel: the booking is pending or confirmed and starts after the cut-off. */
export function isCancellable(booking: { status: BookingStatus; startsAt: Date }, now: Date): boolean {
  return (
    isOpenStatus(booking.status) && booking.startsAt.getTime() - now.getTime() > BOOKING_CANCEL_CUTOFF_MINUTES * 60_000
  );
}

/** A customer may still move it to another time: the same rule as cancelling (up to the cut-off). */
export const isReschedulable = isCancellable;

/** What a refusal calls the thing refused: a booking, or a visit of several services. */
export type BookedThing = 'booking' | 'visit';

/** Why a customer may not move this booking (or visit, by its first open item) now, or null when they may. */
export function customerRescheduleRefusal(
  booking: { status: BookingStatus; startsAt: Date },
  now: Date,
  noun: BookedThing = 'booking',
): string | null {
  if (!isOpenStatus(booking.status))
    return `This ${noun} is ${settledAs(booking.status)} already and cannot be rescheduled.`;
  if (!isReschedulable(booking, now)) return RESCHEDULE_CUTOFF_MESSAGE;
  return null;
}

/**
 * The status a moved booking takes: a customer's move asks the salon to confirm the new time again
 * (pending); the salon's own move keeps the status it had.
 */
export function statusAfterMove(status: BookingStatus, byCustomer: boolean): BookingStatus {
  return byCustomer ? 'pending' : status;
}

/** Why the salon may not move this booking, or null when it may: only open bookings hold a time. */
export function adminRescheduleRefusal(
  booking: { status: BookingStatus },
  noun: BookedThing = 'booking',
): string | null {
  return isOpenStatus(booking.status)
    ? null
    : `This ${noun} is ${settledAs(booking.status)} and cannot be rescheduled.`;
}

/**
 * Why a booking (or a visit, by its first item's start) may not be set to `status` now, or null when
 * it may: nobody fails to come before the time; and a change asked of a booking `expected` to have
 * a status (a Confirm tapped on a pending one) is refused once it has another, so a booking
 * cancelled meanwhile is not reopened by a tap made on what the screen showed before.
 */
export function statusRefusal(
  booking: { startsAt: Date; status: BookingStatus },
  status: BookingStatus,
  now: Date,
  expected?: BookingStatus,
): string | null {
  if (expected !== undefined && booking.status !== expected && booking.status !== status) {
    return `This booking is ${settledAs(booking.status)} now, so it was not changed.`;
  }
  return status === 'no-show' && booking.startsAt.getTime() > now.getTime()
    ? 'A booking can be marked no-show once it has begun.'
    : null;
}

/**
 * Why a specialist may not mark their own booking `status` now, or null when they may: they mark an
 * open booking completed or no-show once it has begun; the rest is the front desk's.
 */
export function specialistMarkRefusal(
  booking: { status: BookingStatus; startsAt: Date },
  status: BookingStatus,
  now: Date,
): string | null {
  if (!isOpenStatus(booking.status) || (status !== 'completed' && status !== 'no-show')) {
    return 'Specialists mark their open bookings completed or no-show; the front desk does the rest.';
  }
  if (booking.startsAt.getTime() > now.getTime()) {
    return 'A booking can be marked completed or no-show once it has begun.';
  }
  return null;
}

/** Why a customer may not cancel this booking now, or null when they may. */
export function customerCancelRefusal(
  booking: { status: BookingStatus; startsAt: Date },
  now: Date,
  noun: BookedThing = 'booking',
): string | null {
  if (!isOpenStatus(booking.status))
    return `This ${noun} is ${settledAs(booking.status)} already and cannot be cancelled.`;
  if (!isCancellable(booking, now)) return CANCEL_CUTOFF_MESSAGE;
  return null;
}

/**
 * Whether setting `next` on a booking that is `previous` takes its time back: a cancelled
 * booking reopened must not overlap another booking that holds the time now.
 */
export const reopensBooking = (previous: BookingStatus, next: BookingStatus): boolean =>
  previous === 'cancelled' && next !== 'cancelled';

/** The mail an admin's status change sends the customer: a confirmation or a cancellation, else none. */
export function statusChangeMail(previous: BookingStatus, next: BookingStatus): BookingChange | null {
  if (previous === next) return null;
  if (next === 'confirmed') return 'confirmed';
  if (next === 'cancelled') return 'cancelled-by-salon';
  return null;
}
