// The writes of a booking's life: made by a customer, cancelled by them, its status set or the
// booking deleted by the salon. Each checks and writes in one IMMEDIATE transaction; the mails go
// out after the commit (a mail never undoes a booking). The routers call these; no other request
// path writes bookings (only the demo seed and the benchmark's seed insert them directly). The pure
// rules are in domain/bookings.ts.
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { splitFullName } from '@/shared/bookings';
import type { BookingStatus } from '@/shared/constants';
import type { Booking, createBookingSchema } from '@/shared/schemas/booking';
import { findUserAccount } from '@/server/auth/accounts';
import { throttle, type RateLimits } from '@/server/auth/rate-limit';
import type { Db } from '@/server/db/client';
import { isUniqueViolation } from '@/server/db/constraint-errors';
import { newId } from '@/server/db/ids';
import { bookings } from '@/server/db/schema';
import { batchedWrite } from '@/server/db/write-batch';
import { customerCancelRefusal, reopensBooking, statusChangeMail } from '@/server/domain/bookings';
import { instantAt, salonDayOf, todayIn } from '@/server/domain/calendar';
import { unbookableDayReason } from '@/server/domain/slots';
import type { Config } from '@/server/env';
import type { Mailer } from '@/server/mail/mailer';
import { invalidFields } from '@/server/trpc/errors';
import { freeSlots, liveServiceNamed, liveSpecialistNamed, offersService, overlapsLiveBooking } from './free-slots';
import { sendBookingChange, sendBookingConfirmation, sendInBackground } from './notify';
import { bookingNotFound, getBooking, insertBooking } from './records';

export const SLOT_TAKEN_MESSAGE = 'This time slot is no longer available. Please choose another one.';
const REOPEN_TAKEN_MESSAGE = 'Another booking holds this time now, so this one cannot be reopened.';

/** What the booking writes need: the database, the salon's clock and slot grid, and the mailer. */
export interface BookingDeps {
  db: Db;
  config: Pick<Config, 'timezone' | 'slotStepMinutes' | 'publicUrl'>;
  mailer: Mailer;
  limits: Pick<RateLimits, 'bookingsPerCustomer'>;
}

const TOO_MANY_BOOKINGS = 'Too many booking requests in the last hour.';

const slotTaken = () => new TRPCError({ code: 'CONFLICT', message: SLOT_TAKEN_MESSAGE });

/**
 * Books a free slot for the customer `userId`. The check and the insert run in one IMMEDIATE
 * transaction, so of two requests for one slot exactly one gets it; the unique index on live
 * (specialist, start) is the backstop. The booking keeps a snapshot of the service, the specialist
 * and the customer's details; e-mail and phone are the account's. Answers the new booking, pending.
 */
export async function createBooking(deps: BookingDeps, userId: string, input: z.output<typeof createBookingSchema>): Promise<Booking> {
  const { db, config } = deps;
  // Counted as it is asked for, in the same turn as the check: simultaneous requests cannot slip past.
  throttle(deps.limits.bookingsPerCustomer, userId, TOO_MANY_BOOKINGS);
  const account = findUserAccount(db, config, userId);
  if (!account) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please login first' });
  const fromAccount = splitFullName(account.fullName);
  const timeZone = config.timezone;
  const day = salonDayOf(input.bookingDate, timeZone);
  // A day no time of which can be booked is bad input, not a taken slot.
  const dayProblem = unbookableDayReason(day, todayIn(timeZone));
  if (dayProblem) throw invalidFields([{ path: 'bookingDate', message: dayProblem }]);
  const id = newId();
  try {
    // One IMMEDIATE transaction with the bookings that arrive at the same moment (group commit).
    await batchedWrite(db, (tx) => {
      const service = liveServiceNamed(tx, input.service);
      if (!service) throw invalidFields([{ path: 'service', message: 'Select a service' }]);
      const specialist = liveSpecialistNamed(tx, input.specialist);
      if (!specialist) throw invalidFields([{ path: 'specialist', message: 'Select a specialist' }]);
      if (!offersService(tx, specialist.id, service.id)) {
        throw invalidFields([{ path: 'specialist', message: `${specialist.name} does not offer ${service.name}.` }]);
      }
      const free = freeSlots(tx, config, { specialist, service, day, now: new Date() });
      if (!free.includes(input.timeSlot)) throw slotTaken();
      const startsAt = instantAt(day, input.timeSlot, timeZone);
      insertBooking(tx, {
        id,
        userId: account._id,
        serviceId: service.id,
        specialistId: specialist.id,
        firstName: input.firstName ?? fromAccount.firstName,
        lastName: input.lastName ?? fromAccount.lastName,
        email: account.email,
        phone: account.phone,
        serviceName: service.name,
        servicePrice: service.price,
        durationMinutes: service.durationMinutes,
        specialistName: specialist.name,
        bookingDate: day,
        timeSlot: input.timeSlot,
        startsAt,
        endsAt: new Date(startsAt.getTime() + (service.durationMinutes + service.bufferMinutes) * 60_000),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slotTaken();
    throw error;
  }
  // The confirmation goes out after the answer (docs/decisions/0015-server-speed.md).
  sendInBackground(deps, (notify) => sendBookingConfirmation(notify, id));
  return getBooking(db, id);
}

/**
 * Cancels one of the customer's own bookings while it is pending or confirmed and starts more
 * than BOOKING_CANCEL_CUTOFF_MINUTES from now. Someone else's booking is FORBIDDEN.
 */
export async function cancelCustomerBooking(deps: BookingDeps, userId: string, bookingId: string): Promise<Booking> {
  deps.db.transaction(
    (tx) => {
      const row = tx
        .select({ userId: bookings.userId, status: bookings.status, startsAt: bookings.startsAt })
        .from(bookings)
        .where(eq(bookings.id, bookingId))
        .get();
      if (!row) throw bookingNotFound();
      if (row.userId !== userId) {
        throw new TRPCError({ code: 'FORBIDDEN', message: 'You can only cancel your own bookings.' });
      }
      const refusal = customerCancelRefusal(row, new Date());
      if (refusal) throw new TRPCError({ code: 'BAD_REQUEST', message: refusal });
      tx.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, bookingId)).run();
    },
    { behavior: 'immediate' },
  );
  await sendBookingChange(deps, bookingId, 'cancelled-by-customer');
  return getBooking(deps.db, bookingId);
}

/**
 * Sets any status at any time (spec section 4). The customer hears when their booking is
 * confirmed or cancelled. Reopening a cancelled booking whose time another booking has taken
 * since is a CONFLICT: it would book the specialist twice.
 */
export async function setBookingStatus(deps: BookingDeps, bookingId: string, status: BookingStatus): Promise<Booking> {
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
          throw new TRPCError({ code: 'CONFLICT', message: REOPEN_TAKEN_MESSAGE });
        }
        tx.update(bookings).set({ status }).where(eq(bookings.id, bookingId)).run();
        return row.status;
      },
      { behavior: 'immediate' },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new TRPCError({ code: 'CONFLICT', message: REOPEN_TAKEN_MESSAGE });
    throw error;
  }
  const mail = statusChangeMail(previous, status);
  if (mail) await sendBookingChange(deps, bookingId, mail);
  return getBooking(deps.db, bookingId);
}

/** Deletes the booking for good (spec section 4); its time becomes free. */
export function deleteBooking(db: Db, bookingId: string): { _id: string } {
  const result = db.delete(bookings).where(eq(bookings.id, bookingId)).run();
  if (result.changes === 0) throw bookingNotFound();
  return { _id: bookingId };
}
