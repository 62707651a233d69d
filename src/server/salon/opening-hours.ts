// The salon's opening hours (README "The salon's day"): read by the public site (footer, /contact,
// JSON-LD) and by Settings, replaced as a whole week by the admin. Saving never cancels or refuses
// over a booking: the answer lists the open bookings ahead that now fall outside the hours, as time
// off and closures do. The limit on bookable time is applied where the slots are made
// (bookings/free-slots.ts).
import { and, gt, gte, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { WEEKDAYS, type Weekday } from '@/shared/constants';
import type {
  OpeningHours,
  OpeningHoursSaved,
  OpeningHoursSettings,
  updateOpeningHoursSchema,
} from '@/shared/schemas/opening-hours';
import { listLiveSpecialists, savedOpeningHours, weeklySchedulesOf } from '@/server/bookings/free-slots';
import { listBookingsWhere } from '@/server/bookings/records';
import type { Db, DbOrTx } from '@/server/db/client';
import { bookings, openingHours } from '@/server/db/schema';
import { calendarDay } from '@/server/domain/calendar';
import { fitsOpeningHours, spanOfRanges } from '@/server/domain/opening-hours';
import { weekdayOf, weekdayRanges, type TimeRange } from '@/server/domain/schedule';

/**
 * The salon's week, Monday first. A weekday never saved spans its live specialists' hours (the
 * earliest start to the latest end), which is when anyone could book it before hours existed.
 * Public: what the footer, /contact and the page's JSON-LD show.
 */
export function getOpeningHours(db: DbOrTx): OpeningHours {
  return { days: weekOf(db).map(({ day, ranges }) => ({ day, ranges })) };
}

/** The week as Settings shows it: whether the admin has saved it yet. */
export function getOpeningHoursSettings(db: DbOrTx): OpeningHoursSettings {
  const week = weekOf(db);
  return { days: week.map(({ day, ranges }) => ({ day, ranges })), saved: week.every((day) => day.saved) };
}

function weekOf(db: DbOrTx): { day: Weekday; ranges: TimeRange[]; saved: boolean }[] {
  const saved = savedOpeningHours(db);
  const unsaved = WEEKDAYS.filter((day) => saved[day] === undefined);
  // The specialists are read only while some weekday still follows them.
  const schedules = unsaved.length > 0 ? [...weeklySchedulesOf(db, listLiveSpecialists(db)).values()] : [];
  return WEEKDAYS.map((day) => {
    const own = saved[day];
    if (own !== undefined) return { day, ranges: [...own], saved: true };
    return { day, ranges: spanOfRanges(schedules.flatMap((schedule) => weekdayRanges(schedule, day))), saved: false };
  });
}

/**
 * Replaces the week in one IMMEDIATE transaction (a booking made meanwhile is either listed or
 * checked against the new hours, never neither). Answers the week with the open bookings from now
 * on that no longer fit it, soonest first; none is cancelled.
 */
export function updateOpeningHours(
  db: Db,
  timeZone: string,
  input: z.output<typeof updateOpeningHoursSchema>,
  now: Date,
): OpeningHoursSaved {
  return db.transaction(
    (tx) => {
      for (const day of input.days) {
        tx.insert(openingHours)
          .values({ day: day.day, ranges: day.ranges })
          .onConflictDoUpdate({ target: openingHours.day, set: { ranges: day.ranges, updatedAt: new Date() } })
          .run();
      }
      const hours = Object.fromEntries(input.days.map((day) => [day.day, day.ranges])) as Record<Weekday, TimeRange[]>;
      return { ...getOpeningHoursSettings(tx), affectedBookings: bookingsOutside(tx, hours, timeZone, now) };
    },
    { behavior: 'immediate' },
  );
}

/** The open bookings still ahead whose time, service and buffer included, is not inside `hours`. */
function bookingsOutside(tx: DbOrTx, hours: Record<Weekday, TimeRange[]>, timeZone: string, now: Date) {
  const ahead = tx
    .select({
      id: bookings.id,
      bookingDate: bookings.bookingDate,
      timeSlot: bookings.timeSlot,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
    })
    .from(bookings)
    .where(
      and(
        gte(bookings.bookingDate, calendarDay(now, timeZone)),
        gt(bookings.startsAt, now),
        sql`${bookings.status} IN ('pending', 'confirmed')`,
      ),
    )
    .all();
  const outside = ahead
    .filter(
      (b) =>
        !fitsOpeningHours(
          hours[weekdayOf(b.bookingDate)],
          b.timeSlot,
          Math.round((b.endsAt.getTime() - b.startsAt.getTime()) / 60_000),
        ),
    )
    .map((b) => b.id);
  return outside.length === 0 ? [] : listBookingsWhere(tx, inArray(bookings.id, outside));
}
