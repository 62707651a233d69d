// Settings > Opening hours.
import {
  openingHoursSavedSchema,
  openingHoursSettingsSchema,
  updateOpeningHoursSchema,
} from '@/shared/schemas/opening-hours';
import { getOpeningHoursSettings, updateOpeningHours } from '@/server/salon/opening-hours';
import { adminProcedure, router } from '@/server/trpc/init';

export const adminOpeningHoursRouter = router({
  /** The salon's week, and whether it has been saved (before that it spans the specialists' hours). */
  get: adminProcedure.output(openingHoursSettingsSchema).query(({ ctx }) => getOpeningHoursSettings(ctx.db)),

  /** Replaces the week; the answer lists the open bookings ahead now outside it (none is cancelled). */
  update: adminProcedure
    .input(updateOpeningHoursSchema)
    .output(openingHoursSavedSchema)
    .mutation(({ ctx, input }) => updateOpeningHours(ctx.db, ctx.config.timezone, input, new Date())),
});
