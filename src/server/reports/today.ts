// The dashboard's "Today" (README "Dashboard"): the salon's day so far and what comes next.
import { and, count, eq, gt } from 'drizzle-orm';
import { TODAY_LIST_LIMIT, type SalonToday } from '@/shared/schemas/today';
import type { DbOrTx } from '@/server/db/client';
import { bookings } from '@/server/db/schema';
import { isOpenBooking, listBookingsWhere } from '@/server/bookings/records';
import { clockTimeIn, todayIn } from '@/server/domain/calendar';
import { summariseDay } from '@/server/domain/today';

/**
 * Today's figures (bookings, visits, completed, no-shows, still to come, takings from completed
 * bookings as the reports count them), the next open bookings and those waiting to be confirmed.
 */
export function salonToday(db: DbOrTx, timeZone: string, now: Date = new Date()): SalonToday {
  const day = todayIn(timeZone, now);
  const clock = clockTimeIn(now, timeZone);
  const summary = summariseDay(listBookingsWhere(db, eq(bookings.bookingDate, day)), clock);
  const waiting = and(eq(bookings.status, 'pending'), gt(bookings.startsAt, now));
  return {
    day,
    now: clock,
    ...summary,
    next: listBookingsWhere(db, and(isOpenBooking, gt(bookings.startsAt, now)), TODAY_LIST_LIMIT),
    pending: listBookingsWhere(db, waiting, TODAY_LIST_LIMIT),
    pendingTotal: db.select({ n: count() }).from(bookings).where(waiting).get()?.n ?? 0,
  };
}
