import { z } from 'zod';
import { salonWaitlistEntrySchema, waitlistDaySchema } from '@/shared/schemas/waitlist';
import { router, staffProcedure } from '@/server/trpc/init';
import { salonWaitlistFor } from '@/server/waitlist/entries';
import { FRONT_DESK } from '@/shared/roles';

/** The waitlist as the salon sees it (README "Waitlist"). */
export const adminWaitlistRouter = router({
  /** Who waits for a day: the waiting entries whose days include it, longest waiting first. */
  list: staffProcedure(FRONT_DESK)
    .input(waitlistDaySchema)
    .output(z.array(salonWaitlistEntrySchema))
    .query(({ ctx, input }) => salonWaitlistFor(ctx.db, ctx.config.timezone, input.date)),
});
