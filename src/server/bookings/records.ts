// What a booking looks like from outside, and the queries that read bookings: the service and
// specialist come from the booking's own snapshot, so they read the same after a rename, a price
// change or a removal (docs/decisions/0003-booking-history.md).
import { and, asc, eq, gt, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { BookingSource } from '@/shared/constants';
import type { AdminBooking, Booking, CustomerBooking } from '@/shared/schemas/bookings';
import type { Calendar, CalendarBooking } from '@/shared/schemas/calendar';
import type { Visit } from '@/shared/schemas/visits';
import type { DbOrTx } from '@/server/db/client';
import { bookings, closures, saleItems, sales, timeOff, users } from '@/server/db/schema';
import { preparedOnce } from '@/server/db/statements';
import { isCancellable, isReschedulable, isUpcoming, OPEN_BOOKING_STATUSES } from '@/server/domain/bookings';
import { clockTimeAfter } from '@/server/domain/calendar';
import { clockOf } from '@/server/domain/visits';
import { NotFound } from '@/server/errors';

const bookingColumns = {
  id: bookings.id,
  userId: users.id,
  userFullName: users.fullName,
  userEmail: users.email,
  userPhone: users.phone,
  serviceId: bookings.serviceId,
  serviceName: bookings.serviceName,
  servicePrice: bookings.servicePrice,
  price: bookings.price,
  discountPercentage: bookings.discountPercentage,
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
  visitId: bookings.visitId,
  seriesId: bookings.seriesId,
  // The sale that paid the booking's visit (a booking of one service is a visit of its own), read
  // through the unique index on sales.visit_id: about 1 µs a booking listed.
  sale: sql<string | null>`(SELECT json_object('_id', ${sales.id}, 'number', ${sales.number}) FROM ${sales}
    WHERE ${sales.visitId} = COALESCE(${bookings.visitId}, ${bookings.id}))`,
};

/** The booking is open: pending or confirmed (domain/bookings.ts OPEN_BOOKING_STATUSES). */
export const isOpenBooking = inArray(bookings.status, [...OPEN_BOOKING_STATUSES]);

/**
 * An open booking (pending or confirmed) that time off of its specialist or a salon closure now
 * overlaps: the admin should move or cancel it. Read through `time_off_specialist_end_idx` and
 * `closures_day_unique`.
 */
export const needsAttentionSql = sql<number>`(${bookings.status} IN ('pending', 'confirmed') AND (
  EXISTS (SELECT 1 FROM ${timeOff} WHERE ${timeOff.specialistId} = ${bookings.specialistId}
    AND ${timeOff.endsAt} > ${bookings.startsAt} AND ${timeOff.startsAt} < ${bookings.endsAt})
  OR EXISTS (SELECT 1 FROM ${closures} WHERE ${closures.day} = ${bookings.bookingDate})))`;

/** A customer's bookings that are pending or confirmed and start after `now`. */
export const openBookingsAheadOf = (userId: string, now: Date): SQL | undefined =>
  and(eq(bookings.userId, userId), inArray(bookings.status, [...OPEN_BOOKING_STATUSES]), gt(bookings.startsAt, now));

/** Bookings with their customer's account, as every list shows them (`toBooking`). */
export const selectBookings = (db: DbOrTx) =>
  db.select(bookingColumns).from(bookings).innerJoin(users, eq(users.id, bookings.userId));

export type BookingRow = ReturnType<ReturnType<typeof selectBookings>['all']>[number];

export const toBooking = (row: BookingRow): AdminBooking => ({
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
  price: row.price,
  discountPercentage: row.discountPercentage,
  createdAt: row.createdAt.toISOString(),
  visitId: row.visitId,
  seriesId: row.seriesId,
  sale: row.sale === null ? null : (JSON.parse(row.sale) as { _id: string; number: number }),
});

export const bookingNotFound = () => new NotFound('Booking not found');

const p = sql.placeholder;

/** Read and written on every booking made: prepared once per connection (db/statements.ts). */
const statementsOf = preparedOnce((db) => ({
  byId: selectBookings(db)
    .where(eq(bookings.id, p('id')))
    .prepare(),
  insert: db
    .insert(bookings)
    .values({
      id: p('id'),
      userId: p('userId'),
      serviceId: p('serviceId'),
      specialistId: p('specialistId'),
      firstName: p('firstName'),
      lastName: p('lastName'),
      email: p('email'),
      phone: p('phone'),
      serviceName: p('serviceName'),
      servicePrice: p('servicePrice'),
      price: p('price'),
      discountPercentage: p('discountPercentage'),
      durationMinutes: p('durationMinutes'),
      specialistName: p('specialistName'),
      bookingDate: p('bookingDate'),
      timeSlot: p('timeSlot'),
      startsAt: p('startsAt'),
      endsAt: p('endsAt'),
      visitId: p('visitId'),
      processingMinutes: p('processingMinutes'),
      status: p('status'),
      seriesId: p('seriesId'),
      source: p('source'),
      createdAt: p('now'),
      updatedAt: p('now'),
    })
    .prepare(),
}));

/** One booking, whatever its status; NOT_FOUND when there is none with that id. */
export function getBooking(db: DbOrTx, id: string): Booking {
  const row = statementsOf(db).byId.get({ id });
  if (!row) throw bookingNotFound();
  return toBooking(row);
}

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
  /** What the customer pays: the price less the discount of the day (shared/pricing.ts). */
  price: number;
  discountPercentage: number | null;
  durationMinutes: number;
  specialistName: string;
  bookingDate: string;
  timeSlot: string;
  startsAt: Date;
  /** The end of the specialist's own time: active and buffer (processing leaves them free). */
  endsAt: Date;
  /** The visit it is an item of; null: a booking of one service. */
  visitId: string | null;
  processingMinutes: number;
  /** A customer's booking waits for the salon (pending); the salon's own is confirmed unless it chose otherwise. */
  status: 'pending' | 'confirmed';
  /** The standing appointment it is an occurrence of; null: none. */
  seriesId?: string | null;
  /** Where it came from (BOOKING_SOURCES); default `direct`. */
  source?: BookingSource;
}

/** Stores a new booking with its first status (the columns' own encoders turn its instants into milliseconds). */
export function insertBooking(db: DbOrTx, booking: NewBooking): void {
  statementsOf(db).insert.run({
    ...booking,
    seriesId: booking.seriesId ?? null,
    source: booking.source ?? 'direct',
    now: new Date(),
  });
}

/**
 * A customer's own bookings in one list: the upcoming ones first, soonest first, then the rest
 * (past, cancelled or settled), latest first (read through the `(user_id, starts_at)` index).
 */
export function listCustomerBookings(db: DbOrTx, userId: string, now: Date): CustomerBooking[] {
  const rows = selectBookings(db)
    .where(eq(bookings.userId, userId))
    .orderBy(asc(bookings.startsAt), asc(bookings.id))
    .all();
  const withFlags = rows.map((row) => ({
    ...toBooking(row),
    upcoming: isUpcoming(row, now),
    cancellable: isCancellable(row, now),
    reschedulable: isReschedulable(row, now),
  }));
  return [...withFlags.filter((b) => b.upcoming), ...withFlags.filter((b) => !b.upcoming).reverse()];
}

const selectCalendarBookings = (db: DbOrTx) =>
  db
    .select({
      ...bookingColumns,
      needsAttention: needsAttentionSql,
      processingMinutes: bookings.processingMinutes,
      customerNotes: users.notes,
      customerDeletedAt: users.deletedAt,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId));

type CalendarRow = ReturnType<ReturnType<typeof selectCalendarBookings>['all']>[number];

const toCalendarBooking = (row: CalendarRow, timeZone: string): CalendarBooking => ({
  ...toBooking(row),
  endTime: clockTimeAfter(row.bookingDate, row.timeSlot, row.durationMinutes, timeZone),
  needsAttention: Boolean(row.needsAttention),
  processingMinutes: row.processingMinutes,
});

/** The calendar's read, on every view of it: prepared once per connection (db/statements.ts). */
const calendarStatementsOf = preparedOnce((db) => {
  const between = and(gte(bookings.bookingDate, p('from')), lte(bookings.bookingDate, p('to')));
  const order = [asc(bookings.startsAt), asc(bookings.id)] as const;
  return {
    all: selectCalendarBookings(db)
      .where(between)
      .orderBy(...order)
      .prepare(),
    ofSpecialist: selectCalendarBookings(db)
      .where(and(between, eq(bookings.specialistId, p('specialistId'))))
      .orderBy(...order)
      .prepare(),
  };
});

/** The bookings of salon days `from` to `to` (of one specialist, or everyone's), as the calendar shows them, earliest first. */
export function calendarBookingsBetween(
  db: DbOrTx,
  query: { from: string; to: string; specialistId?: string | undefined },
  timeZone: string,
): Pick<Calendar, 'bookings' | 'customers'> {
  const statements = calendarStatementsOf(db);
  const rows =
    query.specialistId === undefined
      ? statements.all.all({ from: query.from, to: query.to })
      : statements.ofSpecialist.all({ from: query.from, to: query.to, specialistId: query.specialistId });
  // What the calendar says of the customers beyond their bookings, read with them: the salon's
  // notes, a deleted account. Only customers with either: most have neither, and the day's answer
  // stays the size it was.
  const customers: Calendar['customers'] = {};
  for (const row of rows) {
    if (row.customerNotes !== '' || row.customerDeletedAt !== null) {
      customers[row.userId] = { notes: row.customerNotes, deleted: row.customerDeletedAt !== null };
    }
  }
  return { bookings: rows.map((row) => toCalendarBooking(row, timeZone)), customers };
}

/** Bookings matching `where`, each as the calendar shows it, earliest first. */
export function listCalendarBookings(db: DbOrTx, where: SQL | undefined, timeZone: string): CalendarBooking[] {
  return selectCalendarBookings(db)
    .where(where)
    .orderBy(asc(bookings.startsAt), asc(bookings.id))
    .all()
    .map((row) => toCalendarBooking(row, timeZone));
}

/** Bookings matching `where`, as every caller sees them, earliest first (the first `limit` of them, if given). */
export function listBookingsWhere(db: DbOrTx, where: SQL | undefined, limit?: number): Booking[] {
  const listed = selectBookings(db).where(where).orderBy(asc(bookings.startsAt), asc(bookings.id));
  return (limit === undefined ? listed.all() : listed.limit(limit).all()).map(toBooking);
}

/** `%`, `_` and the escape character itself match only themselves in a LIKE pattern with ESCAPE '\'. */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * The receipt number of the sale that paid any of these bookings (README "The till"), or
 * undefined: a paid booking stays completed and is never deleted, so the till's takings hold.
 */
export function paidReceiptOf(db: DbOrTx, bookingIds: readonly string[]): number | undefined {
  if (bookingIds.length === 0) return undefined;
  return db
    .select({ number: sales.number })
    .from(saleItems)
    .innerJoin(sales, eq(sales.id, saleItems.saleId))
    .where(inArray(saleItems.bookingId, [...bookingIds]))
    .get()?.number;
}

/**
 * One of these bookings that its visit's sale left out (cancelled or a no-show when the visit was
 * checked out), with that sale's receipt number; undefined when there is none. Done now, it would
 * sit in a paid visit that never charged it.
 */
export function leftOutOfPaidVisit(
  db: DbOrTx,
  bookingIds: readonly string[],
): { receipt: number; serviceName: string } | undefined {
  if (bookingIds.length === 0) return undefined;
  return db
    .select({ receipt: sales.number, serviceName: bookings.serviceName })
    .from(bookings)
    .innerJoin(sales, eq(sales.visitId, sql`COALESCE(${bookings.visitId}, ${bookings.id})`))
    .where(
      and(
        inArray(bookings.id, [...bookingIds]),
        sql`NOT EXISTS (SELECT 1 FROM ${saleItems} WHERE ${saleItems.bookingId} = ${bookings.id})`,
      ),
    )
    .get();
}

// ------------------------------------------------------------------ visits

export const visitNotFound = () => new NotFound('Visit not found');

const visitItemColumns = {
  id: bookings.id,
  userId: bookings.userId,
  visitId: bookings.visitId,
  serviceId: bookings.serviceId,
  serviceName: bookings.serviceName,
  specialistId: bookings.specialistId,
  specialistName: bookings.specialistName,
  bookingDate: bookings.bookingDate,
  timeSlot: bookings.timeSlot,
  startsAt: bookings.startsAt,
  endsAt: bookings.endsAt,
  durationMinutes: bookings.durationMinutes,
  processingMinutes: bookings.processingMinutes,
  price: bookings.price,
  status: bookings.status,
};

export type VisitItemRow = Awaited<ReturnType<typeof visitItems>>[number];

/**
 * The items of a visit, earliest first: the bookings that share the visit id, or the booking with
 * that id when it is one of a single service made on the spec's path (a visit of its own). An
 * item's own id names its whole visit too. None: no such visit.
 */
export function visitItems(db: DbOrTx, id: string) {
  const shared = db
    .select(visitItemColumns)
    .from(bookings)
    .where(eq(bookings.visitId, id))
    .orderBy(asc(bookings.startsAt), asc(bookings.id))
    .all();
  if (shared.length > 0) return shared;
  const single = db.select(visitItemColumns).from(bookings).where(eq(bookings.id, id)).get();
  if (!single) return [];
  if (single.visitId === null) return [single];
  return visitItems(db, single.visitId);
}

/** What a visit looks like from outside, from its items (none: NOT_FOUND). */
export function toVisit(items: readonly VisitItemRow[], timeZone: string): Visit {
  const [first] = items;
  if (!first) throw visitNotFound();
  const endOf = (item: VisitItemRow) =>
    clockOf(new Date(item.startsAt.getTime() + (item.durationMinutes + item.processingMinutes) * 60_000), timeZone);
  const last = items[items.length - 1] ?? first;
  return {
    _id: first.visitId ?? first.id,
    bookingDate: first.bookingDate,
    timeSlot: first.timeSlot,
    endTime: endOf(last),
    price: items.reduce((cents, item) => cents + Math.round(item.price * 100), 0) / 100,
    items: items.map((item) => ({
      _id: item.id,
      service: { _id: item.serviceId, name: item.serviceName },
      specialist: { _id: item.specialistId, name: item.specialistName },
      timeSlot: item.timeSlot,
      endTime: endOf(item),
      processingMinutes: item.processingMinutes,
      price: item.price,
      status: item.status,
    })),
  };
}

/** One visit as every caller sees it; NOT_FOUND when there is none with that id. */
export const getVisit = (db: DbOrTx, id: string, timeZone: string): Visit => toVisit(visitItems(db, id), timeZone);
