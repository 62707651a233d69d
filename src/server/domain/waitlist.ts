// The waitlist's rules (README "Waitlist"). Pure, no I/O.
import type { WaitlistStatus } from '@/shared/schemas/waitlist';

/** What an entry reads as on `today`: a waiting one whose last day has passed has expired. */
export function waitlistStatusOf(stored: 'waiting' | 'booked' | 'left', toDate: string, today: string): WaitlistStatus {
  return stored === 'waiting' && toDate < today ? 'expired' : stored;
}

/** Why a customer may not join with these days, or null: they must not have passed. */
export function waitlistDaysRefusal(fromDate: string, today: string): string | null {
  return fromDate < today ? 'The first day must not be in the past.' : null;
}

/** Whether two entries' items (as stored) name the same services and specialists in the same order. */
export const sameItems = (
  a: readonly { serviceId: string; specialistId: string | null }[],
  b: readonly { serviceId: string; specialistId: string | null }[],
): boolean =>
  a.length === b.length &&
  a.every((item, index) => {
    const other = b.at(index);
    return item.serviceId === other?.serviceId && item.specialistId === other.specialistId;
  });
