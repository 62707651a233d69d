// What a booking looks like from outside, and the queries that read bookings: the service and
// specialist come from the booking's own snapshot, so they read the same after a rename, a price
// change or a removal (docs/decisions/0003-booking-history.md).
import { TRPCError } from '@trpc/server';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { BOOKING_STATUSES, type BookingStatus } from '@/shared/constants';
import type { AdminBookingPage, Booking, CustomerBooking } from '@/shared/schemas/booking';
import type { DbOrTx } from '@/server/db/client';
import { prepared } from '@/server/db/statements';
import { isCancellable } from '@/server/domain/bookings';
import { bookingStatusCounts, bookings, users } from '@/server/db/schema';

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
  // Read after every booking made: a statement prepared once (db/statements.ts).
  const row = prepared(db, BOOKING_BY_ID).get(id) as (Omit<BookingRow, 'startsAt' | 'createdAt'> & { startsAt: number; createdAt: number }) | undefined;
  if (!row) throw bookingNotFound();
  return toBooking({ ...row, startsAt: new Date(row.startsAt), createdAt: new Date(row.createdAt) });
}

/** `bookingColumns` by id, in SQL. */
const BOOKING_BY_ID = `SELECT b.id, u.id AS userId, u.full_name AS userFullName, u.email AS userEmail, u.phone AS userPhone,
    b.service_id AS serviceId, b.service_name AS serviceName, b.service_price AS servicePrice,
    b.duration_minutes AS durationMinutes, b.specialist_id AS specialistId, b.specialist_name AS specialistName,
    b.first_name AS firstName, b.last_name AS lastName, b.email, b.phone, b.booking_date AS bookingDate,
    b.time_slot AS timeSlot, b.starts_at AS startsAt, b.status, b.created_at AS createdAt
  FROM bookings b JOIN users u ON u.id = b.user_id WHERE b.id = ?`;

/** What a new booking stores: its snapshot of the service, specialist and customer (see above). */
export interface NewBooking {
  id: string;
  userId: string;
  serviceId: string;
  specialistId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  serviceName: string;
  servicePrice: number;
  durationMinutes: number;
  specialistName: string;
  bookingDate: string;
  timeSlot: string;
  startsAt: Date;
  endsAt: Date;
}

/** Stores a new booking, status pending. Run on every booking made: a statement prepared once. */
export function insertBooking(db: DbOrTx, booking: NewBooking): void {
  const now = Date.now();
  prepared(
    db,
    `INSERT INTO bookings (id, user_id, service_id, specialist_id, first_name, last_name, email, phone, service_name,
       service_price, duration_minutes, specialist_name, booking_date, time_slot, starts_at, ends_at, status, created_at, updated_at)
     VALUES (@id, @userId, @serviceId, @specialistId, @firstName, @lastName, @email, @phone, @serviceName,
       @servicePrice, @durationMinutes, @specialistName, @bookingDate, @timeSlot, @startsAt, @endsAt, 'pending', @now, @now)`,
  ).run({ ...booking, startsAt: booking.startsAt.getTime(), endsAt: booking.endsAt.getTime(), now });
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

/** An FTS5 phrase: the text in double quotes (doubled inside), so every character is literal. */
const ftsPhrase = (text: string): string => `"${text.replaceAll('"', '""')}"`;

/** The trigram index finds substrings of three characters or more; a shorter search reads every row. */
const TRIGRAM = 3;

/**
 * One page of every booking, newest booked first. The order comes from the `(created_at, id)`
 * and `(status, created_at, id)` indexes, so a page does not sort the table. A search (substring,
 * case-insensitive for ASCII as SQLite's LIKE is) of three characters or more first narrows the
 * rows through the trigram index `bookings_search`, then checks them with the same LIKE as
 * before, so it finds exactly what it did; a shorter one reads every row. The counts by status
 * come from `booking_status_counts`, kept by triggers (docs/decisions/0015-server-speed.md).
 */
export function listAdminBookings(db: DbOrTx, query: AdminBookingQuery): AdminBookingPage {
  const conditions: (SQL | undefined)[] = [
    query.status === undefined ? undefined : eq(bookings.status, query.status),
    query.day === undefined ? undefined : eq(bookings.bookingDate, query.day),
  ];
  if (query.search !== undefined) {
    if (Array.from(query.search).length >= TRIGRAM) {
      conditions.push(
        sql`${bookings}.rowid IN (SELECT rowid FROM bookings_search WHERE bookings_search MATCH ${ftsPhrase(query.search)})`,
      );
    }
    const pattern = likePattern(query.search);
    conditions.push(
      sql`(${bookings.firstName} || ' ' || ${bookings.lastName} LIKE ${pattern} ESCAPE '\\'
        OR ${users.fullName} LIKE ${pattern} ESCAPE '\\'
        OR ${bookings.serviceName} LIKE ${pattern} ESCAPE '\\')`,
    );
  }
  const where = and(...conditions);

  const byStatus = new Map(
    db
      .select({ status: bookingStatusCounts.status, n: bookingStatusCounts.count })
      .from(bookingStatusCounts)
      .all()
      .map((row) => [row.status, row.n]),
  );
  const countOf = (status: BookingStatus) => byStatus.get(status) ?? 0;
  const counts = {
    total: BOOKING_STATUSES.reduce((sum, status) => sum + countOf(status), 0),
    pending: countOf('pending'),
    confirmed: countOf('confirmed'),
    cancelled: countOf('cancelled'),
    completed: countOf('completed'),
  };

  const listed = selectBookings(db).where(where).orderBy(desc(bookings.createdAt), desc(bookings.id));
  const rows =
    query.pageSize === null
      ? listed.all()
      : listed
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .all();
  const countMatches = (): number => {
    // Neither a search nor a day: the counts by status say it without reading the table.
    if (query.search === undefined && query.day === undefined) {
      return query.status === undefined ? counts.total : countOf(query.status);
    }
    // Only a search needs the account's name; without one the count reads an index alone.
    const counted =
      query.search === undefined
        ? db.select({ n: count() }).from(bookings).where(where)
        : db.select({ n: count() }).from(bookings).innerJoin(users, eq(users.id, bookings.userId)).where(where);
    return counted.get()?.n ?? 0;
  };
  const total = query.pageSize === null ? rows.length : countMatches();

  return {
    bookings: rows.map(toBooking),
    total,
    page: query.pageSize === null ? 1 : query.page,
    pageSize: query.pageSize ?? rows.length,
    counts,
  };
}
