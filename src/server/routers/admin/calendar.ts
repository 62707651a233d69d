import { calendarQuerySchema, calendarSchema, needsAttentionSchema } from '@/shared/schemas/calendar';
import { ownSpecialistOf } from '@/server/auth/staff-scope';
import { bookingsNeedingAttention, getCalendar } from '@/server/calendar/calendar';
import { router, staffProcedure } from '@/server/trpc/init';
import { ALL_STAFF, FRONT_DESK } from '@/shared/roles';

/** The salon's day: the calendar and the bookings that need attention. */
export const adminCalendarRouter = router({
  /**
   * Bookings, time off, closures and working hours for up to 31 salon days (one specialist, or all);
   * a specialist's account sees their own (My day).
   */
  get: staffProcedure(ALL_STAFF)
    .input(calendarQuerySchema)
    .output(calendarSchema)
    .query(({ ctx, input }) => getCalendar(ctx.db, ctx.config, input, new Date(), ownSpecialistOf(ctx.admin))),

  /** Open bookings still ahead that time off or a closure overlaps, soonest first. */
  needsAttention: staffProcedure(FRONT_DESK)
    .output(needsAttentionSchema)
    .query(({ ctx }) => bookingsNeedingAttention(ctx.db, ctx.config.timezone, new Date())),
});
