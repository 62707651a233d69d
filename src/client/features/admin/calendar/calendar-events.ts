// The calendar's answer (salon wall-clock days and times) as the calendar component's events. The
// component works in the browser's Date; every time here is a "floating" wall-clock time (the
// browser's fields hold the salon's clock), so the grid shows salon time wherever the browser is.
import type { Calendar, CalendarBooking } from '@/shared/schemas/calendar';
import { bookingName } from '@/client/features/admin/shared/booking-columns';

/** `2026-12-24`, `09:30` as a floating Date (the browser's fields hold the salon's clock). */
export function floating(day: string, time = '00:00'): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Date(year, month - 1, date, hours, minutes);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The salon day of a floating Date: `YYYY-MM-DD`. */
export const dayOf = (date: Date): string =>
  `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The salon clock time of a floating Date: `HH:MM`. */
export const timeOf = (date: Date): string => `${pad(date.getHours())}:${pad(date.getMinutes())}`;

/** `YYYY-MM-DDTHH:MM` of a floating Date. */
export const localDateTimeOf = (date: Date): string => `${dayOf(date)}T${timeOf(date)}`;

/** A `YYYY-MM-DDTHH:MM` salon time as a floating Date. */
export const floatingOfLocal = (local: string): Date => floating(local.slice(0, 10), local.slice(11, 16));

/** Where the calendar's modals take the whole screen (Mantine's `xs`, as the back office's form modals). */
export const PHONE_MODAL = '(max-width: 36em)';

/** Where a booking stands in its visit of several services: its place, how many, and the visit's colour. */
export interface VisitPlace {
  visitId: string;
  position: number;
  of: number;
  /** One of VISIT_COLORS, the same for every item of the visit. */
  color: string;
}

export interface BookingEvent {
  kind: 'booking';
  id: string;
  title: string;
  start: Date;
  end: Date;
  resourceId: string;
  booking: CalendarBooking;
  visit?: VisitPlace;
}

export interface ShadeEvent {
  kind: 'time-off' | 'closed' | 'processing';
  id: string;
  title: string;
  start: Date;
  end: Date;
  resourceId?: string;
}

export type CalendarEvent = BookingEvent | ShadeEvent;

/** Colours that tell visits apart (Mantine's), none of them a status colour. */
export const VISIT_COLORS = ['grape', 'indigo', 'cyan', 'lime', 'orange', 'violet'] as const;

/** Each booking that is an item of a visit of several services shown: its place in the visit. */
export function visitPlaces(bookings: readonly CalendarBooking[]): Map<string, VisitPlace> {
  const byVisit = new Map<string, CalendarBooking[]>();
  for (const booking of bookings) {
    if (!booking.visitId) continue;
    byVisit.set(booking.visitId, [...(byVisit.get(booking.visitId) ?? []), booking]);
  }
  const places = new Map<string, VisitPlace>();
  let visitIndex = 0;
  for (const [visitId, items] of byVisit) {
    if (items.length < 2) continue;
    const color = VISIT_COLORS[visitIndex % VISIT_COLORS.length] ?? 'grape';
    visitIndex += 1;
    [...items]
      .sort((a, b) => a.timeSlot.localeCompare(b.timeSlot))
      .forEach((item, index) => places.set(item._id, { visitId, position: index + 1, of: items.length, color }));
  }
  return places;
}

/**
 * The bookings as blocks the length of their service (cancelled ones only when asked for), each
 * item of a visit with its place in it.
 */
export function bookingEvents(calendar: Calendar, showCancelled: boolean): BookingEvent[] {
  const places = visitPlaces(calendar.bookings);
  return calendar.bookings
    .filter((booking) => showCancelled || booking.status !== 'cancelled')
    .map((booking) => {
      const start = floating(booking.bookingDate, booking.timeSlot);
      // A service past midnight ends on the next day's clock.
      const end = floating(booking.bookingDate, booking.endTime);
      if (end <= start) end.setDate(end.getDate() + 1);
      return {
        kind: 'booking' as const,
        id: booking._id,
        title: bookingName(booking) || booking.user.fullName,
        start,
        end,
        resourceId: booking.specialist._id,
        booking,
        ...(places.has(booking._id) ? { visit: places.get(booking._id) } : {}),
      };
    });
}

/**
 * The client's processing time after each open booking (colour developing): a lighter block in the
 * specialist's column, behind the bookings, so the time reads as theirs to give to someone else.
 */
export function processingEvents(calendar: Calendar): ShadeEvent[] {
  return calendar.bookings
    .filter((booking) => (booking.processingMinutes ?? 0) > 0 && booking.status !== 'cancelled')
    .map((booking) => {
      const start = floating(booking.bookingDate, booking.endTime);
      return {
        kind: 'processing' as const,
        id: `${booking._id}-processing`,
        title: `Processing: ${bookingName(booking)}`,
        start,
        end: new Date(start.getTime() + (booking.processingMinutes ?? 0) * 60_000),
        resourceId: booking.specialist._id,
      };
    });
}

/** Time off of each specialist (their column) and the salon's closed days (every column), as shading. */
export function shadeEvents(calendar: Calendar): ShadeEvent[] {
  const timeOff = calendar.timeOff.map((off) => ({
    kind: 'time-off' as const,
    id: off._id,
    title: off.reason ? `Time off: ${off.reason}` : 'Time off',
    start: floatingOfLocal(off.startsAt),
    end: floatingOfLocal(off.endsAt),
    resourceId: off.specialist._id,
  }));
  const closed = calendar.closures.flatMap((closure) =>
    calendar.specialists.map((specialist) => ({
      kind: 'closed' as const,
      id: `${closure._id}-${specialist._id}`,
      title: closure.reason ? `Closed: ${closure.reason}` : 'Salon closed',
      start: floating(closure.date),
      end: floating(closure.date, '23:59'),
      resourceId: specialist._id,
    })),
  );
  return [...timeOff, ...closed];
}

/** Whether a specialist works at this floating time (inside one of their ranges that day). */
export function isWorkingTime(calendar: Calendar, specialistId: string, at: Date): boolean {
  const specialist = calendar.specialists.find((s) => s._id === specialistId);
  const day = specialist?.days.find((d) => d.date === dayOf(at));
  if (!day) return false;
  const time = timeOf(at);
  return day.ranges.some((range) => range.from <= time && time < range.to);
}

/**
 * The hours the grid shows: from the earliest start to the latest end of any working range or
 * booking in view, whole hours, at least 09:00 to 18:00.
 */
export function visibleHours(calendar: Calendar): { min: number; max: number } {
  let min = 9;
  let max = 18;
  const hourOf = (time: string) => Number(time.slice(0, 2)) + Number(time.slice(3, 5)) / 60;
  for (const specialist of calendar.specialists) {
    for (const day of specialist.days) {
      for (const range of day.ranges) {
        min = Math.min(min, Math.floor(hourOf(range.from)));
        max = Math.max(max, Math.ceil(hourOf(range.to)));
      }
    }
  }
  for (const booking of calendar.bookings) {
    min = Math.min(min, Math.floor(hourOf(booking.timeSlot)));
    max = Math.max(max, Math.ceil(hourOf(booking.endTime) || 24));
  }
  return { min: Math.max(0, min), max: Math.min(24, Math.max(max, min + 1)) };
}
