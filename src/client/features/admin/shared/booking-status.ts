import { BOOKING_STATUSES, type BookingStatus } from '@/shared/constants';

/** `confirmed` -> `Confirmed`. */
export function statusLabel(status: BookingStatus): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

export function isBookingStatus(value: string | null): value is BookingStatus {
  return BOOKING_STATUSES.some((status) => status === value);
}

export const STATUS_OPTIONS = BOOKING_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }));
