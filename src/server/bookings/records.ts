// What a booking looks like from outside, and the queries that read bookings: the service and
// specialist come from the booking's own snapshot, so they read the same after a rename, a price
// change or a removal (docs/decisions/0003-booking-history.md).
import { TRPCError } from '@trpc/server';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { BOOKING_CANCEL_CUTOFF_MINUTES, BOOKING_STATUSES, type BookingStatus } from '../../shared/constants';
import type { AdminBookingPage, Booking, CustomerBooking } from '../../shared/schemas/booking';
import type { DbOrTx } from '../db/client';
import { bookings, users } from '../db/schema';

const bookingColumns = {
  id: bookings.id,
  userId: users.id,
  userFullName: users.fullName,
  userEmail: users.email,
  userPhone: users.phone,
  serviceId: bookings.serviceId,
  serviceName: bookings.serviceName,
  servicePrice: bookings.servicePrice,
  durationMinutes: bookings.durationMinutes,
  specialistId: bookings.specialistId,
  specialistName: bookings.specialistName,
  firstName: bookings.firstName,
  lastName: bookings.lastName,
  email: bookings.email,
  phone: bookings.phone,
  bookingDate: bookings.bookingDate,
  timeSlot: bookings.timeSlot,
  startsAt: bookings.startsAt,
  status: bookings.status,
  createdAt: bookings.createdAt,
};


const selectBookings = (db: DbOrTx) =>
  db.select(bookingColumns).from(bookings).innerJoin(users, eq(users.id, bookings.userId));

type BookingRow = ReturnType<ReturnType<typeof selectBookings>['all']>[number];

const toBooking = (row: BookingRow): Booking => ({
  _id: row.id,
  user: { _id: row.userId, fullName: row.userFullName, email: row.userEmail, phone: row.userPhone },
  service: { _id: row.serviceId, name: row.serviceName, price: row.servicePrice, duration: row.durationMinutes },
  specialist: { _id: row.specialistId, name: row.specialistName },
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  phone: row.phone,
  bookingDate: row.bookingDate,
  timeSlot: row.timeSlot,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
});

export const bookingNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: 'Booking not found' });

/** One booking, whatever its status; NOT_FOUND when there is none with that id. */
export function getBooking(db: DbOrTx, id: string): Booking {
  const row = selectBookings(db).where(eq(bookings.id, id)).get();
  if (!row) throw bookingNotFound();
  return toBooking(row);
}

/** A customer may still cancel: the booking is pending or confirmed and starts after the cut-off. */
export function isCancellable(booking: { status: BookingStatus; startsAt: Date }, now: Date): boolean {
  return (
    (booking.status === 'pending' || booking.status === 'confirmed') &&
    booking.startsAt.getTime() - now.getTime() > BOOKING_CANCEL_CUTOFF_MINUTES * 60_000
  );
}

/**
 * A customer's own bookings in one list: the upcoming ones first, soonest first, then the past
 * ones, most recent first (read through the `(user_id, starts_at)` index).
 */
export function listCustomerBookings(db: DbOrTx, userId: string, now: Date): CustomerBooking[] {
  const rows = selectBookings(db).where(eq(bookings.userId, userId)).orderBy(asc(bookings.startsAt), asc(bookings.id)).all();
  const withFlags = rows.map((row) => ({
    ...toBooking(row),
    upcoming: row.startsAt.getTime() > now.getTime(),
    cancellable: isCancellable(row, now),
  }));
  return [...withFlags.filter((b) => b.upcoming), ...withFlags.filter((b) => !b.upcoming).reverse()];
}

/** `%`, `_` and the escape character itself match only themselves in a LIKE pattern with ESCAPE '\'. */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export interface AdminBookingQuery {
  /** Part of the customer's name (first and last as booked, or the account's full name) or the service's name. */
  search?: string | undefined;
  status?: BookingStatus | undefined;
  /** `YYYY-MM-DD`, salon time. */
  day?: string | undefined;
  page: number;
  /** Rows per page; null: every match in one page. */
  pageSize: number | null;
}

/**
 * One page of every booking, newest booked first. The order comes from the `(created_at, id)`
 * and `(status, created_at, id)` indexes, so a page does not sort the table; a search (substring,
 * case-insensitive for ASCII as SQLite's LIKE is) reads every row once, which stays in the
 * milliseconds for tens of thousands of bookings.
 */
export function listAdminBookings(db: DbOrTx, query: AdminBookingQuery): AdminBookingPage {
  const conditions: (SQL | undefined)[] = [
    query.status === undefined ? undefined : eq(bookings.status, query.status),
    query.day === undefined ? undefined : eq(bookings.bookingDate, query.day),
  ];
  if (query.search !== undefined) {
    const pattern = likePattern(query.search);
    conditions.push(
      sql`(${bookings.firstName} || ' ' || ${bookings.lastName} LIKE ${pattern} ESCAPE '\\'
        OR ${users.fullName} LIKE ${pattern} ESCAPE '\\'
        OR ${bookings.serviceName} LIKE ${pattern} ESCAPE '\\')`,
    );
  }
  const where = and(...conditions);

  const listed = selectBookings(db).where(where).orderBy(desc(bookings.createdAt), desc(bookings.id));
  const rows =
    query.pageSize === null
      ? listed.all()
      : listed
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .all();
  // Only a search needs the account's name; without one the count reads an index alone.
  const counted =
    query.search === undefined
      ? db.select({ n: count() }).from(bookings).where(where)
      : db.select({ n: count() }).from(bookings).innerJoin(users, eq(users.id, bookings.userId)).where(where);
  const total = query.pageSize === null ? rows.length : (counted.get()?.n ?? 0);

  const byStatus = new Map(
    db
      .select({ status: bookings.status, n: count() })
      .from(bookings)
      .groupBy(bookings.status)
      .all()
      .map((row) => [row.status, row.n]),
  );
  const countOf = (status: BookingStatus) => byStatus.get(status) ?? 0;

  return {
    bookings: rows.map(toBooking),
    total,
    page: query.pageSize === null ? 1 : query.page,
    pageSize: query.pageSize ?? rows.length,
    counts: {
      total: BOOKING_STATUSES.reduce((sum, status) => sum + countOf(status), 0),
      pending: countOf('pending'),
      confirmed: countOf('confirmed'),
      cancelled: countOf('cancelled'),
      completed: countOf('completed'),
    },
  };
}
