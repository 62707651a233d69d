// The writes of a booking's life: made by a customer, cancelled by them, its status set or the
// booking deleted by the salon. Each checks and writes in one IMMEDIATE transaction; the mails go
// out after the commit from the outbox (a mail never undoes a booking). The routers call these; no other request
// path writes bookings (only the demo seed and the benchmark's seed insert them directly). The pure
// rules are in domain/bookings.ts. The messages each write causes (notify.ts) go into the outbox in
// the same transaction; the delivery loop is woken after the commit.
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { splitFullName } from '@/shared/bookings';
import { ANY_SPECIALIST, FORMER_CUSTOMER_NAME, type BookingStatus } from '@/shared/constants';
import type { adminCreateBookingSchema, Booking, createBookingSchema } from '@/shared/schemas/bookings';
import { findUserAccount } from '@/server/auth/accounts';
import { throttle, type RateLimits } from '@/server/auth/rate-limit';
import type { Db, DbOrTx } from '@/server/db/client';
import { customerForSalonBooking } from '@/server/customers/walk-in';
import { priceOnDay } from '@/server/catalogue/discounts';
import { isUniqueViolation } from '@/server/db/constraint-errors';
import { newId } from '@/server/db/ids';
import { bookings, users } from '@/server/db/schema';
import { batchedWrite } from '@/server/db/write-batch';
import {
  adminRescheduleRefusal,
  customerCancelRefusal,
  customerRescheduleRefusal,
  reopensBooking,
  statusAfterMove,
} from '@/server/domain/bookings';
import { instantAt, salonDayOf, todayIn } from '@/server/domain/calendar';
import { openingHoursRefusal } from '@/server/domain/opening-hours';
import { pickSpecialist, unbookableDayReason, weekdayOf } from '@/server/domain/slots';
import type { Config } from '@/server/env';
import type { Outbox } from '@/server/outbox/enqueue';
import {
  bookingsOnDay,
  freeSlots,
  liveServiceNamed,
  liveServiceWithId,
  liveSpecialistByIdOrName,
  liveSpecialistsOffering,
  offersService,
  openingRangesOf,
  overlapsLiveBooking,
  type BookableService,
  type BookableSpecialist,
} from './free-slots';
import { dropWaitingBookingMessages, recordBookingMessages } from './notify';
import { bookingNotFound, getBooking, insertBooking, openBookingsAheadOf } from './records';
import { Conflict, Forbidden, InvalidFields, InvalidRequest, NotSignedIn } from '@/server/errors';

export const SLOT_TAKEN_MESSAGE = 'This time slot is no longer available. Please choose another one.';
const REOPEN_TAKEN_MESSAGE = 'Another booking holds this time now, so this one cannot be reopened.';

/** What the booking writes need: the database, the salon's clock, slot grid and message settings, and the outbox. */
export interface BookingDeps {
  db: Db;
  config: Pick<Config, 'timezone' | 'slotStepMinutes' | 'publicUrl' | 'reminderHours' | 'reviewRequestHours'>;
  outbox: Outbox;
  limits: Pick<RateLimits, 'bookingsPerCustomer'>;
}

const TOO_MANY_BOOKINGS = 'Too many booking requests in the last hour.';

const slotTaken = () => new Conflict(SLOT_TAKEN_MESSAGE);

/**
 * The specialist a booking at `timeSlot` on `day` goes to: the one named (by id or name), who must
 * offer the service and be free then; or, for "any", of those who offer it and are free, the one
 * with the fewest bookings that day, then by name. Runs inside the booking's transaction.
 */
function specialistFor(
  tx: DbOrTx,
  config: BookingDeps['config'],
  choice: string,
  slot: { service: BookableService; day: string; timeSlot: string; exceptBookingId?: string; lengthMinutes?: number },
): BookableSpecialist {
  const query = { ...slot, now: new Date() };
  // The salon's opening hours bind every specialist: a time outside them is refused as such, not as
  // "taken", before anyone is looked at. Free slots (dayRanges) already leave that time out.
  const lengthMinutes = slot.lengthMinutes ?? slot.service.durationMinutes + slot.service.bufferMinutes;
  const weekday = weekdayOf(slot.day);
  const closed = openingHoursRefusal(weekday, openingRangesOf(tx, weekday), slot.timeSlot, lengthMinutes);
  if (closed) throw new InvalidFields([{ path: 'timeSlot', message: closed }]);
  if (choice.trim().toLowerCase() === ANY_SPECIALIST) {
    const free = liveSpecialistsOffering(tx, slot.service.id)
      .filter((specialist) =>
        freeSlots(tx, config, { ...query, specialist, offerChecked: true }).includes(slot.timeSlot),
      )
      .map((specialist) => ({
        ...specialist,
        bookingsThatDay: bookingsOnDay(tx, specialist.id, slot.day, slot.exceptBookingId),
      }));
    const picked = pickSpecialist(free);
    if (!picked) throw slotTaken();
    return picked;
  }
  const specialist = liveSpecialistByIdOrName(tx, choice);
  if (!specialist) throw new InvalidFields([{ path: 'specialist', message: 'Select a specialist' }]);
  if (!offersService(tx, specialist.id, slot.service.id)) {
    throw new InvalidFields([
      { path: 'specialist', message: `${specialist.name} does not offer ${slot.service.name}.` },
    ]);
  }
  if (!freeSlots(tx, config, { ...query, specialist, offerChecked: true }).includes(slot.timeSlot)) throw slotTaken();
  return specialist;
}

/** The salon day a booking asks for, refused as bad input when no time of it can be booked. */
function bookableDay(bookingDate: string, timeZone: string): string {
  const day = salonDayOf(bookingDate, timeZone);
  const dayProblem = unbookableDayReason(day, todayIn(timeZone));
  if (dayProblem) throw new InvalidFields([{ path: 'bookingDate', message: dayProblem }]);
  return day;
}

interface BookingRequest {
  bookingDate: string;
  timeSlot: string;
  service: string;
  specialist: string;
  firstName: string;
  lastName: string;
  phone: string;
}

/**
 * Checks and inserts one booking in one IMMEDIATE transaction shared with the bookings that arrive
 * at the same moment (group commit), so of two requests for one slot exactly one gets it; the
 * unique index on live (specialist, start) is the backstop. `customer` runs in the same
 * transaction and names the account the booking belongs to.
 */
async function book(
  deps: BookingDeps,
  request: BookingRequest,
  customer: (tx: DbOrTx) => { id: string; email: string },
): Promise<string> {
  const { db, config } = deps;
  const timeZone = config.timezone;
  // A day no time of which can be booked is bad input, not a taken slot.
  const day = bookableDay(request.bookingDate, timeZone);
  const id = newId();
  try {
    await batchedWrite(db, (tx) => {
      const service = liveServiceNamed(tx, request.service);
      if (!service) throw new InvalidFields([{ path: 'service', message: 'Select a service' }]);
      const specialist = specialistFor(tx, config, request.specialist, { service, day, timeSlot: request.timeSlot });
      const account = customer(tx);
      const startsAt = instantAt(day, request.timeSlot, timeZone);
      const { price, discountPercentage } = priceOnDay(tx, service.category, service.price, day);
      insertBooking(tx, {
        id,
        userId: account.id,
        serviceId: service.id,
        specialistId: specialist.id,
        firstName: request.firstName,
        lastName: request.lastName,
        email: account.email,
        phone: request.phone,
        serviceName: service.name,
        servicePrice: service.price,
        price,
        discountPercentage,
        durationMinutes: service.durationMinutes,
        specialistName: specialist.name,
        bookingDate: day,
        timeSlot: request.timeSlot,
        startsAt,
        endsAt: new Date(startsAt.getTime() + (service.durationMinutes + service.bufferMinutes) * 60_000),
      });
      recordBookingMessages(tx, config, id, { type: 'created' });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slotTaken();
    throw error;
  }
  deps.outbox.wake();
  return id;
}

/**
 * Books a free slot for the customer `userId` (race-free: see `book`). The booking keeps a
 * snapshot of the service, the specialist and the customer's details; e-mail and phone are the
 * account's. `specialist: "any"` lets the salon pick. Answers the new booking, pending.
 */
export async function createBooking(
  deps: BookingDeps,
  userId: string,
  input: z.output<typeof createBookingSchema>,
): Promise<Booking> {
  // Counted as it is asked for, in the same turn as the check: simultaneous requests cannot slip past.
  throttle(deps.limits.bookingsPerCustomer, userId, TOO_MANY_BOOKINGS);
  const account = findUserAccount(deps.db, deps.config, userId);
  if (!account) throw new NotSignedIn();
  const fromAccount = splitFullName(account.fullName);
  const id = await book(
    deps,
    {
      ...input,
      firstName: input.firstName ?? fromAccount.firstName,
      lastName: input.lastName ?? fromAccount.lastName,
      phone: account.phone,
    },
    (tx) => {
      // Deleted while the slot was checked: no booking with their details for a tombstone.
      if (tx.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, account._id)).get()?.deletedAt) {
        throw new NotSignedIn();
      }
      return { id: account._id, email: account.email };
    },
  );
  return getBooking(deps.db, id);
}

/**
 * The salon books for a customer who phoned or walked in: an existing account, the account with
 * the e-mail given, or a new one without a password (customers/walk-in.ts). Same rules and race
 * safety as a customer's booking; no hourly limit (the salon is trusted).
 */
export async function createSalonBooking(
  deps: BookingDeps,
  input: z.output<typeof adminCreateBookingSchema>,
): Promise<Booking> {
  const id = await book(deps, input, (tx) =>
    customerForSalonBooking(tx, {
      customerId: input.customerId,
      fullName: `${input.firstName} ${input.lastName}`,
      phone: input.phone,
      email: input.email,
    }),
  );
  return getBooking(deps.db, id);
}

export type Rescheduler = { kind: 'admin' } | { kind: 'customer'; userId: string };

/**
 * Moves an open booking to another day, time or specialist (same service, same length), checked
 * like a new booking in one IMMEDIATE transaction: the new time must be free (the booking's own
 * time does not count), inside the specialist's hours, clear of their time off. A customer may move
 * only their own booking, up to the cancel cut-off, and their move returns it to pending for the
 * salon to confirm, and counts in their hourly limit of booking requests. The customer gets the
 * updated invitation (same UID, higher SEQUENCE); a "move" to the same time and specialist changes
 * nothing and sends nothing.
 */
export function rescheduleBooking(
  deps: BookingDeps,
  who: Rescheduler,
  input: {
    id: string;
    bookingDate?: string | undefined;
    timeSlot?: string | undefined;
    specialist?: string | undefined;
  },
): Booking {
  const { db, config } = deps;
  // A customer's move is a booking request like a new one (each mails them and the salon and posts
  // webhooks), counted in the same hourly limit as it is asked for.
  if (who.kind === 'customer') throttle(deps.limits.bookingsPerCustomer, who.userId, TOO_MANY_BOOKINGS);
  let moved: boolean;
  try {
    moved = db.transaction(
      (tx) => {
        const row = tx
          .select({
            id: bookings.id,
            userId: bookings.userId,
            status: bookings.status,
            serviceId: bookings.serviceId,
            serviceName: bookings.serviceName,
            specialistId: bookings.specialistId,
            bookingDate: bookings.bookingDate,
            timeSlot: bookings.timeSlot,
            startsAt: bookings.startsAt,
            endsAt: bookings.endsAt,
          })
          .from(bookings)
          .where(eq(bookings.id, input.id))
          .get();
        if (!row) throw bookingNotFound();
        if (who.kind === 'customer' && row.userId !== who.userId) {
          throw new Forbidden('You can only reschedule your own bookings.');
        }
        const refusal =
          who.kind === 'customer' ? customerRescheduleRefusal(row, new Date()) : adminRescheduleRefusal(row);
        if (refusal) throw new InvalidRequest(refusal);
        const day = input.bookingDate === undefined ? row.bookingDate : bookableDay(input.bookingDate, config.timezone);
        const timeSlot = input.timeSlot ?? row.timeSlot;
        const service = liveServiceWithId(tx, row.serviceId);
        if (!service)
          throw new InvalidRequest(`${row.serviceName} is no longer offered, so this booking cannot be moved.`);
        const lengthMinutes = Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / 60_000);
        const specialist = specialistFor(tx, config, input.specialist ?? row.specialistId, {
          service,
          day,
          timeSlot,
          exceptBookingId: row.id,
          lengthMinutes,
        });
        // Nothing changes: no new invitation, no mail.
        if (day === row.bookingDate && timeSlot === row.timeSlot && specialist.id === row.specialistId) return false;
        const startsAt = instantAt(day, timeSlot, config.timezone);
        tx.update(bookings)
          .set({
            specialistId: specialist.id,
            specialistName: specialist.name,
            bookingDate: day,
            timeSlot,
            startsAt,
            endsAt: new Date(startsAt.getTime() + lengthMinutes * 60_000),
            status: statusAfterMove(row.status, who.kind === 'customer'),
            sequence: sql`${bookings.sequence} + 1`,
          })
          .where(eq(bookings.id, row.id))
          .run();
        recordBookingMessages(tx, config, row.id, { type: 'rescheduled' });
        return true;
      },
      { behavior: 'immediate' },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw slotTaken();
    throw error;
  }
  if (moved) deps.outbox.wake();
  return getBooking(db, input.id);
}

/**
 * Cancels one of the customer's own bookings while it is pending or confirmed and starts more
 * than BOOKING_CANCEL_CUTOFF_MINUTES from now. Someone else's booking is FORBIDDEN.
 */
export function cancelCustomerBooking(deps: BookingDeps, userId: string, bookingId: string): Booking {
  deps.db.transaction(
    (tx) => {
      const row = tx
        .select({ userId: bookings.userId, status: bookings.status, startsAt: bookings.startsAt })
        .from(bookings)
        .where(eq(bookings.id, bookingId))
        .get();
      if (!row) throw bookingNotFound();
      if (row.userId !== userId) {
        throw new Forbidden('You can only cancel your own bookings.');
      }
      const refusal = customerCancelRefusal(row, new Date());
      if (refusal) throw new InvalidRequest(refusal);
      cancelByCustomer(tx, deps.config, bookingId, row.status);
    },
    { behavior: 'immediate' },
  );
  deps.outbox.wake();
  return getBooking(deps.db, bookingId);
}

/** Cancels a booking as its customer did, with the mails and webhooks that causes (inside the caller's transaction). */
function cancelByCustomer(tx: DbOrTx, config: BookingDeps['config'], bookingId: string, previous: BookingStatus): void {
  tx.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, bookingId)).run();
  recordBookingMessages(tx, config, bookingId, { type: 'status', previous, next: 'cancelled', byCustomer: true });
}

/**
 * A customer deleting their account (auth/account-deletion.ts): every booking of theirs that is
 * pending or confirmed and starts after `now` is cancelled as if they had cancelled it themselves
 * (the same mails to them and to the salon, the same webhooks), without the cut-off. Runs inside the
 * deletion's IMMEDIATE transaction; answers how many were cancelled.
 */
export function cancelUpcomingBookingsOf(tx: DbOrTx, config: BookingDeps['config'], userId: string, now: Date): number {
  const upcoming = tx
    .select({ id: bookings.id, status: bookings.status })
    .from(bookings)
    .where(openBookingsAheadOf(userId, now))
    .all();
  for (const row of upcoming) cancelByCustomer(tx, config, row.id, row.status);
  return upcoming.length;
}

/** What a booking of a deleted account says of who booked it: no name, e-mail or phone of theirs. */
export const FORMER_CUSTOMER_BOOKING = { ...splitFullName(FORMER_CUSTOMER_NAME), email: '', phone: '' } as const;

/**
 * The bookings of a customer who deleted their account keep what the salon's reports count
 * (service, specialist, day, price, status) and lose who booked them. In the deletion's transaction,
 * after the cancellations (whose mails were written with the details still there).
 */
export function forgetBookingCustomer(tx: DbOrTx, userId: string): void {
  tx.update(bookings).set(FORMER_CUSTOMER_BOOKING).where(eq(bookings.userId, userId)).run();
}

/**
 * Sets any status at any time. The customer hears when their booking is
 * confirmed or cancelled. Reopening a cancelled booking whose time another booking has taken
 * since is a CONFLICT: it would book the specialist twice.
 */
export function updateBookingStatus(deps: BookingDeps, bookingId: string, status: BookingStatus): Booking {
  let previous: BookingStatus;
  try {
    previous = deps.db.transaction(
      (tx) => {
        const row = tx
          .select({
            id: bookings.id,
            status: bookings.status,
            specialistId: bookings.specialistId,
            startsAt: bookings.startsAt,
            endsAt: bookings.endsAt,
          })
          .from(bookings)
          .where(eq(bookings.id, bookingId))
          .get();
        if (!row) throw bookingNotFound();
        if (reopensBooking(row.status, status) && overlapsLiveBooking(tx, row)) {
          throw new Conflict(REOPEN_TAKEN_MESSAGE);
        }
        tx.update(bookings).set({ status }).where(eq(bookings.id, bookingId)).run();
        recordBookingMessages(tx, deps.config, bookingId, {
          type: 'status',
          previous: row.status,
          next: status,
          byCustomer: false,
        });
        return row.status;
      },
      { behavior: 'immediate' },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict(REOPEN_TAKEN_MESSAGE);
    throw error;
  }
  if (previous !== status) deps.outbox.wake();
  return getBooking(deps.db, bookingId);
}

/** Deletes the booking for good; its time becomes free. */
export function deleteBooking(db: Db, bookingId: string): { _id: string } {
  db.transaction((tx) => {
    dropWaitingBookingMessages(tx, bookingId);
    const result = tx.delete(bookings).where(eq(bookings.id, bookingId)).run();
    if (result.changes === 0) throw bookingNotFound();
  });
  return { _id: bookingId };
}
