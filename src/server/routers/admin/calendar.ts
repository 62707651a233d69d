import { z } from 'zod';
import { byIdSchema, deletedSchema } from '@/shared/schemas/fields';
import {
  calendarQuerySchema,
  calendarSchema,
  closureCreatedSchema,
  closureSchema,
  createClosureSchema,
  createTimeOffSchema,
  deleteTimeOffSchema,
  needsAttentionSchema,
  putScheduleSchema,
  scheduleSchema,
  timeOffCreatedSchema,
  timeOffSchema,
} from '@/shared/schemas/schedule';
import { bookingsNeedingAttention, getCalendar } from '@/server/calendar/calendar';
import { getSchedule, putSchedule, specialistOrNotFound } from '@/server/calendar/schedules';
import { addClosure, addTimeOff, listClosures, listTimeOff, removeClosure, removeTimeOff } from '@/server/calendar/time-off';
import { todayIn } from '@/server/domain/calendar';
import { adminProcedure, router } from '@/server/trpc/init';

/** The salon's day (issue 17): the calendar, weekly hours, time off and closures. */
export const adminCalendarRouter = router({
  /** Bookings, time off, closures and working hours for up to 31 salon days (one specialist, or all). */
  get: adminProcedure.input(calendarQuerySchema).output(calendarSchema).query(({ ctx, input }) => getCalendar(ctx.db, ctx.config, input, new Date())),

  /** Open bookings still ahead that time off or a closure overlaps, soonest first. */
  needsAttention: adminProcedure.output(needsAttentionSchema).query(({ ctx }) => bookingsNeedingAttention(ctx.db, ctx.config.timezone, new Date())),
});

export const adminScheduleRouter = router({
  /** The specialist's week: every weekday's ranges and whether they are its own. */
  get: adminProcedure.input(byIdSchema).output(scheduleSchema).query(({ ctx, input }) => getSchedule(ctx.db, input.id)),

  /** Replaces the weekdays with hours of their own; those left out fall back to the spec's hours. */
  put: adminProcedure.input(putScheduleSchema).output(scheduleSchema).mutation(({ ctx, input }) => putSchedule(ctx.db, input)),
});

export const adminTimeOffRouter = router({
  /** The specialist's time off from today on, earliest first. */
  list: adminProcedure.input(byIdSchema).output(z.array(timeOffSchema)).query(({ ctx, input }) => {
    specialistOrNotFound(ctx.db, input.id);
    return listTimeOff(ctx.db, ctx.config.timezone, { specialistIds: [input.id], from: todayIn(ctx.config.timezone) });
  }),

  /** Adds time off; never refused over bookings and never cancels one: the answer lists those it overlaps. */
  create: adminProcedure
    .input(createTimeOffSchema)
    .output(timeOffCreatedSchema)
    .mutation(({ ctx, input }) => addTimeOff(ctx.db, ctx.config.timezone, input)),

  delete: adminProcedure.input(deleteTimeOffSchema).output(deletedSchema).mutation(({ ctx, input }) => removeTimeOff(ctx.db, input.id, input.timeOffId)),
});

export const adminClosuresRouter = router({
  /** Closed days from today on. */
  list: adminProcedure.output(z.array(closureSchema)).query(({ ctx }) => listClosures(ctx.db, { from: todayIn(ctx.config.timezone) })),

  /** Closes the salon for a day; the answer lists the open bookings on it (none is cancelled). */
  create: adminProcedure.input(createClosureSchema).output(closureCreatedSchema).mutation(({ ctx, input }) => addClosure(ctx.db, input)),

  delete: adminProcedure.input(byIdSchema).output(deletedSchema).mutation(({ ctx, input }) => removeClosure(ctx.db, input.id)),
});
