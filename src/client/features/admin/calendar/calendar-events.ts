// The calendar's answer (salon wall-clock days and times) as the calendar component's events. The
// component works in the browser's Date; every time here is a "floating" wall-clock time (the
// browser's fields hold the salon's clock), so the grid shows salon time wherever the browser is.
import type { Calendar, CalendarBooking } from '@/shared/schemas/calendar';

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

export interface BookingEvent {
  kind: 'booking';
  id: string;
  title: string;
  start: Date;
  end: Date;
  resourceId: string;
  booking: CalendarBooking;
}

export interface ShadeEvent {
  kind: 'time-off' | 'closed';
  id: string;
  title: string;
  start: Date;
  end: Date;
  resourceId?: string;
}

export type CalendarEvent = BookingEvent | ShadeEvent;

/** The bookings as blocks the length of their service (cancelled ones only when asked for). */
export function bookingEvents(calendar: Calendar, showCancelled: boolean): BookingEvent[] {
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
        title: `${booking.firstName} ${booking.lastName}`.trim() || booking.user.fullName,
        start,
        end,
        resourceId: booking.specialist._id,
        booking,
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
