import { z } from 'zod';
import { byIdSchema, deletedSchema } from '@/shared/schemas/fields';
import {
  createTimeOffSchema,
  deleteTimeOffSchema,
  timeOffCreatedSchema,
  timeOffSchema,
} from '@/shared/schemas/time-off';
import { specialistOrNotFound } from '@/server/calendar/schedules';
import { createTimeOff, deleteTimeOff, listTimeOff } from '@/server/calendar/time-off';
import { todayIn } from '@/server/domain/calendar';
import { router, staffProcedure } from '@/server/trpc/init';
import { MANAGERS } from '@/shared/roles';

/** A specialist's time off. */
export const adminTimeOffRouter = router({
  /** The specialist's time off from today on, earliest first. */
  list: staffProcedure(MANAGERS)
    .input(byIdSchema)
    .output(z.array(timeOffSchema))
    .query(({ ctx, input }) => {
      specialistOrNotFound(ctx.db, input.id);
      return listTimeOff(ctx.db, ctx.config.timezone, {
        specialistIds: [input.id],
        from: todayIn(ctx.config.timezone),
      });
    }),

  /** Adds time off; never refused over bookings and never cancels one: the answer lists those it overlaps. */
  create: staffProcedure(MANAGERS)
    .input(createTimeOffSchema)
    .output(timeOffCreatedSchema)
    .mutation(({ ctx, input }) => createTimeOff(ctx.db, ctx.config.timezone, input)),

  delete: staffProcedure(MANAGERS)
    .input(deleteTimeOffSchema)
    .output(deletedSchema)
    .mutation(({ ctx, input }) => deleteTimeOff(ctx.db, input.id, input.timeOffId)),
});
