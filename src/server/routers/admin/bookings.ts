import { BOOKINGS_PAGE_SIZE } from '@/shared/constants';
import {
  adminBookingListSchema,
  adminBookingPageSchema,
  adminCreateBookingSchema,
  adminRescheduleSchema,
  availableSlotListSchema,
  adminBookingSchema,
  rescheduleSlotsSchema,
  updateBookingStatusSchema,
} from '@/shared/schemas/bookings';
import { activityListSchema } from '@/shared/schemas/activity';
import { byIdSchema, deletedSchema } from '@/shared/schemas/fields';
import { bookingTimeline } from '@/server/bookings/history';
import { createSalonBooking, deleteBooking, rescheduleBooking, updateBookingStatus } from '@/server/bookings/commands';
import { listAdminBookings } from '@/server/bookings/appointments-list';
import { rescheduleSlots } from '@/server/bookings/reschedule-slots';
import { salonDayOf } from '@/server/domain/calendar';
import { ownSpecialistOf } from '@/server/auth/staff-scope';
import { router, staffProcedure } from '@/server/trpc/init';
import { ALL_STAFF, FRONT_DESK } from '@/shared/roles';

export const adminBookingsRouter = router({
  /**
   * Every booking, newest booked first, a page at a time (BOOKINGS_PAGE_SIZE unless `pageSize`
   * says otherwise; at most BOOKINGS_PAGE_SIZE_MAX). `search` matches the customer's name or the
   * service's name, `status` one status, `date` one salon day; `limit` alone gives the most recent
   * bookings, `all` every match. With the number of matches and the counts by status.
   */
  list: staffProcedure(FRONT_DESK)
    .input(adminBookingListSchema)
    .output(adminBookingPageSchema)
    .query(({ ctx, input = {} }) =>
      listAdminBookings(ctx.db, {
        search: input.search,
        status: input.status,
        day: input.date === undefined ? undefined : salonDayOf(input.date, ctx.config.timezone),
        page: input.page ?? 1,
        pageSize: input.all ? null : (input.limit ?? input.pageSize ?? BOOKINGS_PAGE_SIZE),
      }),
    ),

  /** Books for a customer who phoned or walked in (race-free, like a customer's booking); status pending. */
  create: staffProcedure(FRONT_DESK)
    .meta({ activity: 'booking' })
    .input(adminCreateBookingSchema)
    .output(adminBookingSchema)
    .mutation(({ ctx, input }) => createSalonBooking(ctx, input)),

  /** Moves an open booking to another day, time or specialist; a time that is not free is a CONFLICT. */
  reschedule: staffProcedure(FRONT_DESK)
    .meta({ activity: 'booking' })
    .input(adminRescheduleSchema)
    .output(adminBookingSchema)
    .mutation(({ ctx, input }) => rescheduleBooking(ctx, { kind: 'admin' }, input)),

  /** The free times a booking can move to (its own time counts as free). */
  rescheduleSlots: staffProcedure(FRONT_DESK)
    .input(rescheduleSlotsSchema)
    .output(availableSlotListSchema)
    .query(({ ctx, input }) => rescheduleSlots(ctx.db, ctx.config, { kind: 'admin' }, input)),

  /** Sets any status at any time; reopening onto a taken time is a CONFLICT. */
  updateStatus: staffProcedure(ALL_STAFF)
    .meta({ activity: 'booking' })
    .input(updateBookingStatusSchema)
    .output(adminBookingSchema)
    .mutation(({ ctx, input }) => updateBookingStatus(ctx, input.id, input, ownSpecialistOf(ctx.admin))),

  /** Deletes the booking for good; its time becomes free. */
  delete: staffProcedure(FRONT_DESK)
    .meta({ activity: 'booking' })
    .input(byIdSchema)
    .output(deletedSchema)
    .mutation(({ ctx, input }) => deleteBooking(ctx, input.id)),

  /** Who changed the booking and how, oldest first (a specialist's account: their own bookings only). */
  history: staffProcedure(ALL_STAFF)
    .input(byIdSchema)
    .output(activityListSchema)
    .query(({ ctx, input }) => bookingTimeline(ctx.db, input.id, ownSpecialistOf(ctx.admin))),
});
