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
 * The booking's start has come, read as the browser's wall clock (the salon's own, on the
 * salon's computers): its `bookingDate` and `timeSlot` against now's day and time.
 */
export function hasBegun(booking: { bookingDate: string; timeSlot: string }, now: Date = new Date()): boolean {
  const pad = (n: number) => String(n).padStart(2, '0');
  const today = `${String(now.getFullYear())}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const clock = `${pad(now.getHours())}:${pad(now.getMinutes())}`;
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
