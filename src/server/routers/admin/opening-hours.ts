// Issue 20: Settings > Opening hours.
import { openingHoursSavedSchema, openingHoursSettingsSchema, putOpeningHoursSchema } from '@/shared/schemas/opening-hours';
import { getOpeningHoursSettings, putOpeningHours } from '@/server/salon/opening-hours';
import { adminProcedure, router } from '@/server/trpc/init';

export const adminOpeningHoursRouter = router({
  /** The salon's week, and whether it has been saved (before that it spans the specialists' hours). */
  get: adminProcedure.output(openingHoursSettingsSchema).query(({ ctx }) => getOpeningHoursSettings(ctx.db)),

  /** Replaces the week; the answer lists the open bookings ahead now outside it (none is cancelled). */
  put: adminProcedure
    .input(putOpeningHoursSchema)
    .output(openingHoursSavedSchema)
    .mutation(({ ctx, input }) => putOpeningHours(ctx.db, ctx.config.timezone, input, new Date())),
});
