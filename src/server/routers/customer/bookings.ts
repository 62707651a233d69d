import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { bookingSchema, createBookingSchema, customerBookingSchema } from '../../../shared/schemas/booking';
import { byIdSchema } from '../../../shared/schemas/fields';
import { findUserAccount } from '../../auth/accounts';
import { freeSlots, liveServiceNamed, liveSpecialistNamed, offersService } from '../../bookings/free-slots';
import { sendBookingChange, sendBookingConfirmation, sendInBackground } from '../../bookings/notify';
import { bookingNotFound, getBooking, insertBooking, isCancellable, listCustomerBookings } from '../../bookings/records';
import { isUniqueViolation } from '../../db/constraint-errors';
import { newId } from '../../db/ids';
import { batchedWrite } from '../../db/write-batch';
import { bookings } from '../../db/schema';
import { instantAt, salonDayOf, todayIn } from '../../domain/calendar';
import { unbookableDayReason } from '../../domain/slots';
import { invalidFields } from '../../trpc/errors';
import { customerProcedure, router } from '../../trpc/init';

export const SLOT_TAKEN_MESSAGE = 'This time slot is no longer available. Please choose another one.';
export const CANCEL_CUTOFF_MESSAGE = 'Bookings can only be cancelled up to 2 hours before the start.';

const slotTaken = () => new TRPCError({ code: 'CONFLICT', message: SLOT_TAKEN_MESSAGE });

/** "Clara Demo" as first and last name; a one-word name has an empty last name. */
const splitFullName = (fullName: string) => {
  const [first = '', ...rest] = fullName.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
};

export const customerBookingsRouter = router({
  /**
   * Books a free slot. The check and the insert run in one IMMEDIATE transaction, so of two
   * requests for one slot exactly one gets it; the unique index on live (specialist, start) is
   * the backstop. The booking keeps a snapshot of the service, the specialist and the customer's
   * details; e-mail and phone are the account's. Answers the new booking, status pending.
   */
  create: customerProcedure.input(createBookingSchema).output(bookingSchema).mutation(async ({ ctx, input }) => {
    const account = findUserAccount(ctx.db, ctx.config, ctx.user.id);
    if (!account) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please login first' });
    const fromAccount = splitFullName(account.fullName);
    const timeZone = ctx.config.timezone;
    const day = salonDayOf(input.bookingDate, timeZone);
    // A day no time of which can be booked is bad input, not a taken slot.
    const dayProblem = unbookableDayReason(day, todayIn(timeZone));
    if (dayProblem) throw invalidFields([{ path: 'bookingDate', message: dayProblem }]);
    const id = newId();
    try {
      // One IMMEDIATE transaction with the bookings that arrive at the same moment (group commit).
      await batchedWrite(ctx.db, (tx) => {
        const service = liveServiceNamed(tx, input.service);
        if (!service) throw invalidFields([{ path: 'service', message: 'Select a service' }]);
        const specialist = liveSpecialistNamed(tx, input.specialist);
        if (!specialist) throw invalidFields([{ path: 'specialist', message: 'Select a specialist' }]);
        if (!offersService(tx, specialist.id, service.id)) {
          throw invalidFields([{ path: 'specialist', message: `${specialist.name} does not offer ${service.name}.` }]);
        }
        const free = freeSlots(tx, ctx.config, { specialist, service, day, now: new Date() });
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
    sendInBackground(ctx, (notify) => sendBookingConfirmation(notify, id));
    return getBooking(ctx.db, id);
  }),

  /**
   * The customer's own bookings in one list: upcoming ones first (soonest first), then past ones
   * (most recent first); each says whether it is `upcoming` and whether it is `cancellable`.
   */
  list: customerProcedure.output(z.array(customerBookingSchema)).query(({ ctx }) => listCustomerBookings(ctx.db, ctx.user.id, new Date())),

  /**
   * Cancels one of the customer's own bookings while it is pending or confirmed and starts more
   * than BOOKING_CANCEL_CUTOFF_MINUTES from now. Someone else's booking is FORBIDDEN.
   */
  cancel: customerProcedure.input(byIdSchema).output(bookingSchema).mutation(async ({ ctx, input }) => {
    ctx.db.transaction(
      (tx) => {
        const row = tx
          .select({ userId: bookings.userId, status: bookings.status, startsAt: bookings.startsAt })
          .from(bookings)
          .where(eq(bookings.id, input.id))
          .get();
        if (!row) throw bookingNotFound();
        if (row.userId !== ctx.user.id) {
          throw new TRPCError({ code: 'FORBIDDEN', message: 'You can only cancel your own bookings.' });
        }
        if (row.status !== 'pending' && row.status !== 'confirmed') {
          throw new TRPCError({
            code: 'BAD_REQUEST',
            message: `This booking is ${row.status} already and cannot be cancelled.`,
          });
        }
        if (!isCancellable(row, new Date())) throw new TRPCError({ code: 'BAD_REQUEST', message: CANCEL_CUTOFF_MESSAGE });
        tx.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, input.id)).run();
      },
      { behavior: 'immediate' },
    );
    await sendBookingChange(ctx, input.id, 'cancelled-by-customer');
    return getBooking(ctx.db, input.id);
  }),
});
