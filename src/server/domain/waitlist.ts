// The waitlist's rules (README "Waitlist"). Pure, no I/O.
import type { WaitlistOffer, WaitlistStatus } from '@/shared/schemas/waitlist';

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

/** What an offer reads as at `now`: an open one whose hold has ended has expired. */
export function offerStatusAt(
  offer: { status: WaitlistOffer['status']; expiresAt: Date },
  now: Date,
): WaitlistOffer['status'] {
  return offer.status === 'open' && offer.expiresAt.getTime() <= now.getTime() ? 'expired' : offer.status;
}

/** Why `day` cannot be offered to an entry, or null: it must be one of the days it waits for. */
export function offerDayRefusal(day: string, entry: { fromDate: string; toDate: string }): string | null {
  return day < entry.fromDate || day > entry.toDate ? 'Choose one of the days the customer waits for.' : null;
}

/**
 * When an offer's hold ends: WAITLIST_HOLD_MINUTES after it is made, or when the time offered
 * starts if that is sooner (a time that has begun is no longer on offer).
 */
export function holdEnds(now: Date, holdMinutes: number, startsAt: Date): Date {
  return new Date(Math.min(now.getTime() + holdMinutes * 60_000, startsAt.getTime()));
}

/** The refusal of a time that a waitlist offer holds, for the salon's own bookings and moves. */
export const heldTimeMessage = (until: string): string =>
  `This time is held for a customer on the waitlist until ${until}.`;
