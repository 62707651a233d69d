// What the booking form's visitor has chosen (service, specialist, day, time, the visit's further
// services), apart from who they
// are: kept in this tab's sessionStorage while a guest logs in or signs up, so the form is as they
// left it when they come back, and forgotten once booked. Names, not ids, as the form keeps them
// (the booking payload names the service and the specialist). Anything read back is checked: the
// storage is the browser's.
import { sessionDraft, sessionStore, type DraftStorage } from '@/client/lib/session-draft';
import { isCalendarDay } from '@/shared/calendar-days';
import { ANY_SPECIALIST, CHOICE_MAX_LENGTH, VISIT_ITEMS_MAX } from '@/shared/constants';
import type { VisitExtra } from '@/client/components/forms/visit-items';
import { specialistsOffering } from './booking-format';

const draft = sessionDraft('salon:booking-draft');
/** A visit's choices (VISIT_ITEMS_MAX services and specialists, a day, a time) of at most CHOICE_MAX_LENGTH characters fit within this. */
const DRAFT_MAX_LENGTH = 2000;
const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export interface BookingChoices {
  service: string;
  specialist: string;
  /** `YYYY-MM-DD`. */
  bookingDate: string;
  /** `HH:MM`. */
  timeSlot: string;
  /** The visit's further services, each with its specialist. */
  extras: VisitExtra[];
}

export function choicesOf(values: BookingChoices): BookingChoices {
  return {
    service: values.service,
    specialist: values.specialist,
    bookingDate: values.bookingDate,
    timeSlot: values.timeSlot,
    extras: values.extras.map((extra) => ({ service: extra.service, specialist: extra.specialist })),
  };
}

/** The choices as stored; null when nothing is chosen (there is no draft to keep). */
export function serializeBookingDraft(values: BookingChoices): string | null {
  const choices = choicesOf(values);
  const { extras, ...chosen } = choices;
  return extras.length === 0 && Object.values(chosen).every((value) => value === '') ? null : JSON.stringify(choices);
}

const choice = (value: unknown) => (typeof value === 'string' && value.length <= CHOICE_MAX_LENGTH ? value : '');

/** The further services kept, each a service and a specialist within the form's limits. */
const extrasOf = (value: unknown): VisitExtra[] =>
  Array.isArray(value)
    ? value.slice(0, VISIT_ITEMS_MAX - 1).map((extra: unknown) => {
        const stored = (typeof extra === 'object' && extra !== null ? extra : {}) as Record<string, unknown>;
        return { service: choice(stored.service), specialist: choice(stored.specialist) };
      })
    : [];

/**
 * The stored choices, if there are any usable ones. A day before `today` (a draft left overnight)
 * is dropped with its time, and a time without its day means nothing.
 */
export function parseBookingDraft(raw: string | null | undefined, today: string): BookingChoices | null {
  if (!raw || raw.length > DRAFT_MAX_LENGTH) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const stored = parsed as Record<string, unknown>;
  const day = choice(stored.bookingDate);
  const bookingDate = isCalendarDay(day) && day >= today ? day : '';
  const time = choice(stored.timeSlot);
  const choices = {
    service: choice(stored.service),
    specialist: choice(stored.specialist),
    bookingDate,
    timeSlot: bookingDate !== '' && CLOCK_TIME.test(time) ? time : '',
    extras: extrasOf(stored.extras),
  };
  return serializeBookingDraft(choices) === null ? null : choices;
}

/**
 * Keeps the form's current choices; the form calls it on every change (so a reload keeps them too).
 * One argument only: it is the form's `onValuesChange`, whose second argument is the old values.
 */
export function keepBookingDraft(values: BookingChoices): void {
  saveBookingDraft(values, sessionStore());
}

export function saveBookingDraft(values: BookingChoices, storage: DraftStorage | undefined): void {
  draft.write(serializeBookingDraft(values), storage);
}

export function readBookingDraft(
  today: string,
  storage: DraftStorage | undefined = sessionStore(),
): BookingChoices | null {
  return parseBookingDraft(draft.read(storage), today);
}

export function clearBookingDraft(storage: DraftStorage | undefined = sessionStore()): void {
  draft.write(null, storage);
}

/**
 * The choices once `service` is chosen instead: the specialist stays if they offer it ("Any
 * specialist" if anyone does), and the time is chosen again (the free times differ).
 */
export function choicesForService(
  current: BookingChoices,
  service: string,
  specialists: readonly { name: string; expertise: readonly { name: string }[] }[],
): BookingChoices {
  const offering = specialistsOffering(specialists, service);
  const keepSpecialist =
    current.specialist === ANY_SPECIALIST
      ? service !== '' && offering.length > 0
      : offering.some((specialist) => specialist.name === current.specialist);
  return { ...current, service, specialist: keepSpecialist ? current.specialist : '', timeSlot: '' };
}
