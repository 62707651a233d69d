import { calendarQuerySchema, calendarSchema, needsAttentionSchema } from '@/shared/schemas/calendar';
import { bookingsNeedingAttention, getCalendar } from '@/server/calendar/calendar';
import { adminProcedure, router } from '@/server/trpc/init';

/** The salon's day: the calendar and the bookings that need attention. */
export const adminCalendarRouter = router({
  /** Bookings, time off, closures and working hours for up to 31 salon days (one specialist, or all). */
  get: adminProcedure
    .input(calendarQuerySchema)
    .output(calendarSchema)
    .query(({ ctx, input }) => getCalendar(ctx.db, ctx.config, input, new Date())),

  /** Open bookings still ahead that time off or a closure overlaps, soonest first. */
  needsAttention: adminProcedure
    .output(needsAttentionSchema)
    .query(({ ctx }) => bookingsNeedingAttention(ctx.db, ctx.config.timezone, new Date())),
});
