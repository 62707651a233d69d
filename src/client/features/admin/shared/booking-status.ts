import { localCalendarDay } from '@/shared/calendar-days';
import { BOOKING_STATUSES, type BookingStatus } from '@/shared/constants';

/** `confirmed` -> `Confirmed`. */
export function statusLabel(status: BookingStatus): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

export function isBookingStatus(value: string | null): value is BookingStatus {
  return BOOKING_STATUSES.some((status) => status === value);
}

export const STATUS_OPTIONS = BOOKING_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }));

/**
 * The booking's start has come: its `bookingDate` and `timeSlot` (salon time) against `now` read as a
 * wall clock: the browser's (the salon's own, on the salon's computers), or the salon's clock the
 * calendar keeps.
 */
export function hasBegun(booking: { bookingDate: string; timeSlot: string }, now: Date = new Date()): boolean {
  const today = localCalendarDay(now);
  const clock = `${String(now.getHours()).padStart(2, '0')}:${String(now.getMinutes()).padStart(2, '0')}`;
  return booking.bookingDate < today || (booking.bookingDate === today && booking.timeSlot <= clock);
}

/**
 * The statuses the status dropdown offers a booking: every one, but No-show only once the booking
 * has begun (the server refuses it before; server/domain/bookings.ts `statusRefusal`).
 */
export function statusChoicesFor(
  booking: { bookingDate: string; timeSlot: string },
  now: Date = new Date(),
): { value: BookingStatus; label: string; disabled?: boolean }[] {
  const begun = hasBegun(booking, now);
  return STATUS_OPTIONS.map((option) =>
    option.value === 'no-show' && !begun ? { ...option, label: 'No-show (once begun)', disabled: true } : option,
  );
}
