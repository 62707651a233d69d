// The activity log's words (README "Who changed what"): how a change to a booking, or to anything
// else the back office edits, reads in a booking's timeline and in Settings → Activity. Pure.
import type { BookingStatus } from '@/shared/constants';
import { formatClock, formatDayWithWeekday, formatMomentSpan } from '@/shared/time-format';

/** Where a booking sits: its service, specialist, salon day and start. */
export interface BookingPlace {
  serviceName: string;
  specialistName: string;
  bookingDate: string;
  timeSlot: string;
}

const STATUS_WORDS: Record<BookingStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  completed: 'Completed',
  'no-show': 'No-show',
};

// Days and times as the app writes them everywhere (src/shared/time-format): the log is read in
// the back office beside the booking it names, so the two must agree.

/** `2026-12-01` → `Tuesday 01/12/2026`. */
export const dayWords = formatDayWithWeekday;

/** `Tuesday 01/12/2026, 10:00 AM`. */
export const whenOf = (place: Pick<BookingPlace, 'bookingDate' | 'timeSlot'>): string =>
  `${dayWords(place.bookingDate)}, ${formatClock(place.timeSlot)}`;

/**
 * Time off from and to (`YYYY-MM-DDTHH:MM`, salon time): `Tuesday 01/12/2026, 10:00 AM – 1:00 PM`,
 * the day again when it differs.
 */
export const periodWords = formatMomentSpan;

/** What a booking is called in the log: `Haircut with Maya`. */
export const bookingLabel = (place: BookingPlace): string => `${place.serviceName} with ${place.specialistName}`;

/** A booking made, or deleted: when it was for. */
export const bookingAt = (place: BookingPlace): string => whenOf(place);

/** A move: `Tuesday 01/12/2026, 10:00 AM with Maya → Wednesday 02/12/2026, 11:00 AM with Leila` (the specialist only when it changed). */
export function bookingMove(from: BookingPlace, to: BookingPlace): string {
  if (from.specialistName === to.specialistName) return `${whenOf(from)} → ${whenOf(to)}`;
  return `${whenOf(from)} with ${from.specialistName} → ${whenOf(to)} with ${to.specialistName}`;
}

/** A status change: `Pending → Confirmed`. */
export const statusChange = (previous: BookingStatus, next: BookingStatus): string =>
  `${STATUS_WORDS[previous]} → ${STATUS_WORDS[next]}`;

/** `durationMinutes` → `duration minutes`. */
const wordsOf = (field: string): string => field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

/** Columns that say when, not what: an edit touches them whatever it changed. */
const BOOKKEEPING_COLUMNS = new Set(['id', 'createdAt', 'updatedAt']);

const same = (a: unknown, b: unknown): boolean =>
  a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : JSON.stringify(a) === JSON.stringify(b);

/** The columns an edit changed, in words (`Changed price, duration minutes`); empty when none did. */
export function changedColumns(before: Record<string, unknown>, after: Record<string, unknown>): string {
  const columns = Object.keys(after).filter(
    (column) => !BOOKKEEPING_COLUMNS.has(column) && !same(before[column], after[column]),
  );
  return columns.length === 0 ? '' : `Changed ${columns.map(wordsOf).join(', ')}`;
}

/**
 * The fields an edit sent, in words (`Changed name, price`); the id that names what was edited is
 * not one of them. Empty when nothing but the id came.
 */
export function changedFields(input: unknown): string {
  if (input === null || typeof input !== 'object') return '';
  const fields = Object.entries(input)
    .filter(([field, value]) => field !== 'id' && field !== '_id' && value !== undefined)
    .map(([field]) => wordsOf(field));
  return fields.length === 0 ? '' : `Changed ${fields.join(', ')}`;
}
