import { z } from 'zod';
import {
  availableSlotListSchema,
  bookingSchema,
  createBookingSchema,
  customerBookingSchema,
  customerRescheduleSchema,
  rescheduleSlotsSchema,
} from '@/shared/schemas/bookings';
import { byIdSchema } from '@/shared/schemas/fields';
import { cancelCustomerBooking, createBooking, rescheduleBooking } from '@/server/bookings/commands';
import { listCustomerBookings } from '@/server/bookings/records';
import { rescheduleSlots } from '@/server/bookings/reschedule-slots';
import { customerProcedure, router } from '@/server/trpc/init';

export const customerBookingsRouter = router({
  /** Books a free slot for the signed-in customer (race-free: bookings/commands.ts); status pending. */
  create: customerProcedure
    .input(createBookingSchema)
    .output(bookingSchema)
    .mutation(({ ctx, input }) => createBooking(ctx, ctx.user.id, input)),

  /**
   * The customer's own bookings in one list: upcoming ones first (soonest first), then past ones
   * (most recent first); each says whether it is `upcoming` and whether it is `cancellable`.
   */
  list: customerProcedure
    .output(z.array(customerBookingSchema))
    .query(({ ctx }) => listCustomerBookings(ctx.db, ctx.user.id, new Date())),

  /**
   * Moves one of the customer's own bookings to another free time (same service; another
   * specialist or `any` allowed), up to the cut-off before its start.
   */
  reschedule: customerProcedure
    .input(customerRescheduleSchema)
    .output(bookingSchema)
    .mutation(({ ctx, input }) => rescheduleBooking(ctx, { kind: 'customer', userId: ctx.user.id }, input)),

  /** The free times one of the customer's own bookings can move to (its own time counts as free). */
  rescheduleSlots: customerProcedure
    .input(rescheduleSlotsSchema)
    .output(availableSlotListSchema)
    .query(({ ctx, input }) => rescheduleSlots(ctx.db, ctx.config, { kind: 'customer', userId: ctx.user.id }, input)),

  /** Cancels one of the customer's own bookings, up to the cut-off before its start. */
  cancel: customerProcedure
    .input(byIdSchema)
    .output(bookingSchema)
    .mutation(({ ctx, input }) => cancelCustomerBooking(ctx, ctx.user.id, input.id)),
});
