// The activity log's words (README "Who changed what"): how a change to a booking, or to anything
// else the back office edits, reads in a booking's timeline and in Settings → Activity. Pure.
import { format, parseISO } from 'date-fns';
import type { BookingStatus } from '@/shared/constants';

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

/** `2026-12-01` → `Tue 1 Dec 2026`. */
export const dayWords = (day: string): string => format(parseISO(day), 'EEE d MMM yyyy');

/** `Tue 1 Dec 2026, 10:00`. */
export const whenOf = (place: Pick<BookingPlace, 'bookingDate' | 'timeSlot'>): string =>
  `${dayWords(place.bookingDate)}, ${place.timeSlot}`;

/** Time off from and to (`YYYY-MM-DDTHH:MM`, salon time): `Tue 1 Dec 2026, 10:00 – 13:00`, the day again when it differs. */
export function periodWords(starts: string, ends: string): string {
  const [startDay = '', startTime = ''] = starts.split('T');
  const [endDay = '', endTime = ''] = ends.split('T');
  const from = whenOf({ bookingDate: startDay, timeSlot: startTime });
  return startDay === endDay
    ? `${from} – ${endTime}`
    : `${from} – ${whenOf({ bookingDate: endDay, timeSlot: endTime })}`;
}

/** What a booking is called in the log: `Haircut with Maya`. */
export const bookingLabel = (place: BookingPlace): string => `${place.serviceName} with ${place.specialistName}`;

/** A booking made, or deleted: when it was for. */
export const bookingAt = (place: BookingPlace): string => whenOf(place);

/** A move: `Tue 1 Dec 2026, 10:00 with Maya → Wed 2 Dec 2026, 11:00 with Leila` (the specialist only when it changed). */
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
