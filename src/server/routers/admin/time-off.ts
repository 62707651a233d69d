import { z } from 'zod';
import { byIdSchema, deletedSchema } from '@/shared/schemas/fields';
import {
  createTimeOffSchema,
  deleteTimeOffSchema,
  timeOffCreatedSchema,
  timeOffSchema,
} from '@/shared/schemas/time-off';
import { refuseOtherSpecialist } from '@/server/auth/staff-scope';
import { specialistOrNotFound } from '@/server/calendar/schedules';
import { createTimeOff, deleteTimeOff, listTimeOff } from '@/server/calendar/time-off';
import { todayIn } from '@/server/domain/calendar';
import { router, staffProcedure } from '@/server/trpc/init';
import { TIME_OFF } from '@/shared/roles';

/** A specialist's time off: the managers set anyone's, a specialist their own. */
export const adminTimeOffRouter = router({
  /** The specialist's time off from today on, earliest first. */
  list: staffProcedure(TIME_OFF)
    .input(byIdSchema)
    .output(z.array(timeOffSchema))
    .query(({ ctx, input }) => {
      refuseOtherSpecialist(ctx.admin, input.id);
      specialistOrNotFound(ctx.db, input.id);
      return listTimeOff(ctx.db, ctx.config.timezone, {
        specialistIds: [input.id],
        from: todayIn(ctx.config.timezone),
      });
    }),

  /** Adds time off; never refused over bookings and never cancels one: the answer lists those it overlaps. */
  create: staffProcedure(TIME_OFF)
    .meta({ activity: { entity: 'time-off', action: 'created' } })
    .input(createTimeOffSchema)
    .output(timeOffCreatedSchema)
    .mutation(({ ctx, input }) => {
      refuseOtherSpecialist(ctx.admin, input.id);
      return createTimeOff(ctx.db, ctx.config.timezone, input);
    }),

  delete: staffProcedure(TIME_OFF)
    .meta({ activity: { entity: 'time-off', action: 'deleted' } })
    .input(deleteTimeOffSchema)
    .output(deletedSchema)
    .mutation(({ ctx, input }) => {
      refuseOtherSpecialist(ctx.admin, input.id);
      return deleteTimeOff(ctx.db, input.id, input.timeOffId);
    }),
});
