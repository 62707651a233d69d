// The dashboard's "Today" (README "Dashboard"): the salon's day so far and what comes next.
import { and, count, eq, gt, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { TODAY_LIST_LIMIT, type SalonToday } from '@/shared/schemas/today';
import type { DbOrTx } from '@/server/db/client';
import { bookings } from '@/server/db/schema';
import { isOpenBooking, listBookingsWhere } from '@/server/bookings/records';
import { clockTimeIn, todayIn } from '@/server/domain/calendar';
import { summariseDay } from '@/server/domain/today';

const earlier = alias(bookings, 'earlier');

/** A booking of one service, or the first item of its visit: the visit is confirmed as a whole. */
function leadsItsVisit(db: DbOrTx) {
  const beforeIt = db
    .select({ one: sql`1` })
    .from(earlier)
    .where(
      and(
        eq(earlier.visitId, bookings.visitId),
        or(
          lt(earlier.startsAt, bookings.startsAt),
          and(eq(earlier.startsAt, bookings.startsAt), lt(earlier.id, bookings.id)),
        ),
      ),
    );
  return or(isNull(bookings.visitId), notExists(beforeIt));
}

/**
 * Today's figures (bookings, visits, completed, no-shows, still to come, takings from completed
 * bookings as the reports count them), the next open bookings and those waiting to be confirmed, a visit of several services once (by
 * its first item, which the dashboard's Confirm confirms as a whole).
 */
export function salonToday(db: DbOrTx, timeZone: string, now: Date = new Date()): SalonToday {
  const day = todayIn(timeZone, now);
  const clock = clockTimeIn(now, timeZone);
  const summary = summariseDay(listBookingsWhere(db, eq(bookings.bookingDate, day)), clock);
  const waiting = and(eq(bookings.status, 'pending'), gt(bookings.startsAt, now), leadsItsVisit(db));
  return {
    day,
    now: clock,
    ...summary,
    next: listBookingsWhere(db, and(isOpenBooking, gt(bookings.startsAt, now)), TODAY_LIST_LIMIT),
    pending: listBookingsWhere(db, waiting, TODAY_LIST_LIMIT),
    pendingTotal: db.select({ n: count() }).from(bookings).where(waiting).get()?.n ?? 0,
  };
}
