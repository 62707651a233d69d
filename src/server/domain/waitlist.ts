// The waitlist's rules (README "Waitlist"). Pure, no I/O.
import { WAITLIST_DAYS_MAX, type PartOfDay } from '@/shared/constants';
import { inPartOfDay, type WaitlistOffer, type WaitlistStatus } from '@/shared/schemas/waitlist';
import { daysBetween } from './calendar';

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

/** A time that may have come free: its days and, where known, the time itself (instants). */
export interface FreedTime {
  fromDate: string;
  toDate: string;
  startsAt: Date | null;
  endsAt: Date | null;
  /** The entry whose offer of it ended unused: it goes past that one to the next. */
  passedEntryId?: string | null;
}

/** A day an entry may be offered a freed time on, and the times that came free on it ('whole': any). */
export interface FreedDay {
  day: string;
  windows: { from: number; to: number }[] | 'whole';
}

/**
 * The days on which an entry may be offered a freed time: those of its own days, from `today` on,
 * on which something came free; earliest first, each once, with what came free on it. A hold that
 * ended unused goes past its own entry, and only to entries not offered a time that day before
 * (`offeredDays`): so a time let go is handed on down the list once, never back and forth.
 */
export function freedDaysOf(
  entry: { id: string; fromDate: string; toDate: string },
  freed: readonly FreedTime[],
  today: string,
  offeredDays: ReadonlySet<string> = new Set(),
): FreedDay[] {
  const days = new Map<string, FreedDay['windows']>();
  for (const range of freed) {
    const passed = range.passedEntryId !== null && range.passedEntryId !== undefined;
    if (range.passedEntryId === entry.id) continue;
    const from = [entry.fromDate, range.fromDate, today].reduce((a, b) => (a > b ? a : b));
    const to = entry.toDate < range.toDate ? entry.toDate : range.toDate;
    if (from > to) continue;
    const window =
      range.startsAt && range.endsAt ? { from: range.startsAt.getTime(), to: range.endsAt.getTime() } : 'whole';
    for (const day of daysBetween(from, to, WAITLIST_DAYS_MAX)) {
      if (passed && offeredDays.has(day)) continue;
      const known = days.get(day);
      if (known === 'whole' || window === 'whole') days.set(day, 'whole');
      else days.set(day, [...(known ?? []), window]);
    }
  }
  return [...days].map(([day, windows]) => ({ day, windows })).sort((a, b) => (a.day < b.day ? -1 : 1));
}

/**
 * How a visit from `startsAt` for `lengthMs` uses what came free on its day: it `starts` in it (the
 * freed time itself), only `overlaps` it (a time that fits now because of it), or neither (null).
 */
export function freedFit(windows: FreedDay['windows'], startsAt: number, lengthMs: number): FreedFit | null {
  if (windows === 'whole') return 'starts';
  if (windows.some((window) => startsAt >= window.from && startsAt < window.to)) return 'starts';
  return windows.some((window) => startsAt < window.to && startsAt + lengthMs > window.from) ? 'overlaps' : null;
}
export type FreedFit = 'starts' | 'overlaps';

/**
 * The time to offer an entry of the free ones of a day (earliest first): in its part of the day,
 * not offered to it before (a time they let go is not offered to them again), and using what came
 * free: the earliest that starts in it, else the earliest that overlaps it; null: none.
 */
export function timeToOffer(
  free: readonly string[],
  part: PartOfDay,
  offeredBefore: ReadonlySet<string>,
  fit: (time: string) => FreedFit | null,
): string | null {
  const candidates = free.filter((time) => inPartOfDay(time, part) && !offeredBefore.has(time));
  const fits = candidates.map((time) => ({ time, fit: fit(time) }));
  return (fits.find((one) => one.fit === 'starts') ?? fits.find((one) => one.fit === 'overlaps'))?.time ?? null;
}
