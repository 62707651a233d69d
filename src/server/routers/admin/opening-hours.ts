// Settings > Opening hours.
import {
  openingHoursSavedSchema,
  openingHoursSettingsSchema,
  updateOpeningHoursSchema,
} from '@/shared/schemas/opening-hours';
import { getOpeningHoursSettings, updateOpeningHours } from '@/server/salon/opening-hours';
import { router, staffProcedure } from '@/server/trpc/init';
import { MANAGERS } from '@/shared/roles';

export const adminOpeningHoursRouter = router({
  /** The salon's week, and whether it has been saved (before that it spans the specialists' hours). */
  get: staffProcedure(MANAGERS)
    .output(openingHoursSettingsSchema)
    .query(({ ctx }) => getOpeningHoursSettings(ctx.db)),

  /** Replaces the week; the answer lists the open bookings ahead now outside it (none is cancelled). */
  update: staffProcedure(MANAGERS)
    .meta({
      activity: { entity: 'hours', action: 'updated', label: 'Opening hours', detail: 'Changed the opening hours' },
    })
    .input(updateOpeningHoursSchema)
    .output(openingHoursSavedSchema)
    .mutation(({ ctx, input }) => updateOpeningHours(ctx.db, ctx.config.timezone, input, new Date())),
});
