import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { BOOKINGS_PAGE_SIZE } from '../../../shared/constants';
import {
  adminBookingListSchema,
  adminBookingPageSchema,
  bookingSchema,
  updateBookingStatusSchema,
} from '../../../shared/schemas/booking';
import { byIdSchema, deletedSchema } from '../../../shared/schemas/fields';
import { overlapsLiveBooking } from '../../bookings/free-slots';
import { sendBookingChange } from '../../bookings/notify';
import { bookingNotFound, getBooking, listAdminBookings } from '../../bookings/records';
import { isUniqueViolation } from '../../db/constraint-errors';
import { bookings } from '../../db/schema';
import { salonDayOf } from '../../domain/calendar';
import { adminProcedure, router } from '../../trpc/init';

const REOPEN_TAKEN_MESSAGE = 'Another booking holds this time now, so this one cannot be reopened.';

export const adminBookingsRouter = router({
  /**
   * Every booking, newest booked first, a page at a time (BOOKINGS_PAGE_SIZE unless `pageSize`
   * says otherwise; at most BOOKINGS_PAGE_SIZE_MAX). `search` matches the customer's name or the
   * service's name, `status` one status, `date` one salon day; `limit` alone gives the most recent
   * bookings, `all` every match. With the number of matches and the counts by status.
   */
  list: adminProcedure.input(adminBookingListSchema).output(adminBookingPageSchema).query(({ ctx, input = {} }) =>
    listAdminBookings(ctx.db, {
      search: input.search,
      status: input.status,
      day: input.date === undefined ? undefined : salonDayOf(input.date, ctx.config.timezone),
      page: input.page ?? 1,
      pageSize: input.all ? null : (input.limit ?? input.pageSize ?? BOOKINGS_PAGE_SIZE),
    }),
  ),

  /**
   * Sets any status at any time (spec section 4). The customer hears when their booking is
   * confirmed or cancelled. Reopening a cancelled booking whose time another booking has taken
   * since is a CONFLICT: it would book the specialist twice.
   */
  updateStatus: adminProcedure.input(updateBookingStatusSchema).output(bookingSchema).mutation(async ({ ctx, input }) => {
    let previous;
    try {
      previous = ctx.db.transaction(
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
            .where(eq(bookings.id, input.id))
            .get();
          if (!row) throw bookingNotFound();
          if (row.status === 'cancelled' && input.status !== 'cancelled' && overlapsLiveBooking(tx, row)) {
            throw new TRPCError({ code: 'CONFLICT', message: REOPEN_TAKEN_MESSAGE });
          }
          tx.update(bookings).set({ status: input.status }).where(eq(bookings.id, input.id)).run();
          return row.status;
        },
        { behavior: 'immediate' },
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw new TRPCError({ code: 'CONFLICT', message: REOPEN_TAKEN_MESSAGE });
      throw error;
    }
    if (previous !== input.status && input.status === 'confirmed') await sendBookingChange(ctx, input.id, 'confirmed');
    if (previous !== input.status && input.status === 'cancelled') await sendBookingChange(ctx, input.id, 'cancelled-by-salon');
    return getBooking(ctx.db, input.id);
  }),

  /** Deletes the booking for good (spec section 4); its time becomes free. */
  delete: adminProcedure.input(byIdSchema).output(deletedSchema).mutation(({ ctx, input }) => {
    const result = ctx.db.delete(bookings).where(eq(bookings.id, input.id)).run();
    if (result.changes === 0) throw bookingNotFound();
    return { _id: input.id };
  }),
});
