import { byIdSchema } from '@/shared/schemas/fields';
import { scheduleSchema, updateScheduleSchema } from '@/shared/schemas/schedules';
import { getSchedule, updateSchedule } from '@/server/calendar/schedules';
import { router, staffProcedure } from '@/server/trpc/init';
import { MANAGERS } from '@/shared/roles';

/** A specialist's weekly hours with breaks. */
export const adminSchedulesRouter = router({
  /** The specialist's week: every weekday's ranges and whether they are its own. */
  get: staffProcedure(MANAGERS)
    .input(byIdSchema)
    .output(scheduleSchema)
    .query(({ ctx, input }) => getSchedule(ctx.db, input.id)),

  /** Replaces the weekdays with hours of their own; those left out fall back to the spec's hours. */
  update: staffProcedure(MANAGERS)
    .meta({ activity: { entity: 'hours', action: 'updated', detail: 'Changed the weekly schedule' } })
    .input(updateScheduleSchema)
    .output(scheduleSchema)
    .mutation(({ ctx, input }) => updateSchedule(ctx.db, input)),
});
