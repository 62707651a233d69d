// The back office's calendar: for a period of salon days, the specialists shown with their working
// ranges on each day, the bookings, time off and closures; and the bookings that need attention.
import { inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { CALENDAR_MAX_DAYS } from '@/shared/constants';
import type { Calendar, CalendarBooking, calendarQuerySchema } from '@/shared/schemas/calendar';
import { listLiveSpecialists, savedOpeningHours, weeklySchedulesOf } from '@/server/bookings/free-slots';
import { calendarBookingsBetween, listCalendarBookings } from '@/server/bookings/records';
import type { DbOrTx } from '@/server/db/client';
import { bookings, closures, timeOff } from '@/server/db/schema';
import { addCalendarDays, calendarDay, clockTimeIn, daysBetween } from '@/server/domain/calendar';
import type { Config } from '@/server/env';
import { Forbidden } from '@/server/errors';
import { withinOpeningHours } from '@/server/domain/opening-hours';
import { weekdayOf, workingRanges } from '@/server/domain/schedule';
import { specialistOrNotFound } from './schedules';
import { listClosures } from './closures';
import { listTimeOff } from './time-off';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The calendar of `query`'s days. `onlySpecialist`: a specialist's own account (auth/staff-scope.ts),
 * which sees their own calendar only; asking for another's is FORBIDDEN.
 */
export function getCalendar(
  db: DbOrTx,
  config: Pick<Config, 'timezone' | 'slotStepMinutes'>,
  asked: z.output<typeof calendarQuerySchema>,
  now: Date,
  onlySpecialist?: string,
): Calendar {
  if (onlySpecialist !== undefined && asked.specialistId !== undefined && asked.specialistId !== onlySpecialist) {
    throw new Forbidden('Specialists see their own calendar only.');
  }
  const query = onlySpecialist === undefined ? asked : { ...asked, specialistId: onlySpecialist };
  const timeZone = config.timezone;
  const days = daysBetween(query.from, query.to, CALENDAR_MAX_DAYS);
  const shown =
    query.specialistId === undefined ? listLiveSpecialists(db) : [specialistOrNotFound(db, query.specialistId)];
  const closed = listClosures(db, { from: query.from, to: query.to });
  const closedDays = new Set(closed.map((closure) => closure.date));
  const schedules = weeklySchedulesOf(db, shown);
  const opening = savedOpeningHours(db);
  const specialistsShown = shown.map((specialist) => {
    const schedule = schedules.get(specialist.id) ?? {
      fallback: { from: specialist.availableFrom, to: specialist.availableTo, days: [] },
      week: {},
    };
    return {
      _id: specialist.id,
      name: specialist.name,
      // Bookable hours, as the free slots see them: inside the salon's opening hours.
      days: days.map((date) => ({
        date,
        ranges: [...withinOpeningHours(workingRanges(schedule, date, closedDays.has(date)), opening[weekdayOf(date)])],
      })),
    };
  });
  const { bookings: calendarBookings, customers } = calendarBookingsBetween(db, query, timeZone);
  // A specialist who has left still has the bookings they held: give those a column too.
  const known = new Set(specialistsShown.map((s) => s._id));
  for (const booking of calendarBookings) {
    if (known.has(booking.specialist._id)) continue;
    known.add(booking.specialist._id);
    specialistsShown.push({
      _id: booking.specialist._id,
      name: booking.specialist.name,
      days: days.map((date) => ({ date, ranges: [] })),
    });
  }
  return {
    from: query.from,
    to: query.to,
    now: `${calendarDay(now, timeZone)}T${clockTimeIn(now, timeZone)}`,
    stepMinutes: config.slotStepMinutes,
    specialists: specialistsShown,
    bookings: calendarBookings,
    customers,
    timeOff: listTimeOff(db, timeZone, {
      from: query.from,
      toExclusive: addCalendarDays(query.to, 1),
      ...(query.specialistId === undefined ? {} : { specialistIds: [query.specialistId] }),
    }),
    closures: closed,
  };
}

/**
 * The open bookings still ahead that time off or a closure overlaps, soonest first: read from the
 * time off and closures still ahead (few rows), not from every booking.
 */
export function bookingsNeedingAttention(db: DbOrTx, timeZone: string, now: Date): CalendarBooking[] {
  const today = calendarDay(now, timeZone);
  const nowMs = now.getTime();
  const ids = db.all<{ id: string }>(sql`
    SELECT b.id FROM ${timeOff} t JOIN ${bookings} b
      ON b.specialist_id = t.specialist_id AND b.starts_at >= t.starts_at - ${DAY_MS} AND b.starts_at < t.ends_at AND b.ends_at > t.starts_at
      WHERE t.ends_at > ${nowMs} AND b.status IN ('pending', 'confirmed') AND b.ends_at > ${nowMs}
    UNION
    SELECT b.id FROM ${closures} c JOIN ${bookings} b ON b.booking_date = c.day
      WHERE c.day >= ${today} AND b.status IN ('pending', 'confirmed') AND b.ends_at > ${nowMs}`);
  if (ids.length === 0) return [];
  return listCalendarBookings(
    db,
    inArray(
      bookings.id,
      ids.map((row) => row.id),
    ),
    timeZone,
  );
}
