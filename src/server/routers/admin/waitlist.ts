import { z } from 'zod';
import { byIdSchema } from '@/shared/schemas/fields';
import {
  salonWaitlistEntrySchema,
  waitlistDaySchema,
  waitlistOfferInputSchema,
  waitlistOfferSchema,
} from '@/shared/schemas/waitlist';
import { router, staffProcedure } from '@/server/trpc/init';
import { salonWaitlistFor } from '@/server/waitlist/entries';
import { offerTime, withdrawOffer } from '@/server/waitlist/offers';
import { FRONT_DESK } from '@/shared/roles';

/** The waitlist as the salon sees it (README "Waitlist"). */
export const adminWaitlistRouter = router({
  /** Who waits for a day: the waiting entries whose days include it, longest waiting first. */
  list: staffProcedure(FRONT_DESK)
    .input(waitlistDaySchema)
    .output(z.array(salonWaitlistEntrySchema))
    .query(({ ctx, input }) => salonWaitlistFor(ctx.db, ctx.config.timezone, input.date)),

  /** Offers an entry's customer a free time by hand: held for them alone, and mailed with the link that books it. */
  offer: staffProcedure(FRONT_DESK)
    .meta({ activity: { entity: 'waitlist', action: 'created', detail: 'Offered a time' } })
    .input(waitlistOfferInputSchema)
    .output(waitlistOfferSchema)
    .mutation(({ ctx, input }) => offerTime(ctx, input.id, input)),

  /** Takes back the time on offer to an entry: no longer held, it goes on to the next who fits. */
  withdraw: staffProcedure(FRONT_DESK)
    .meta({ activity: { entity: 'waitlist', action: 'deleted', detail: 'Withdrew an offered time' } })
    .input(byIdSchema)
    .output(waitlistOfferSchema)
    .mutation(({ ctx, input }) => withdrawOffer(ctx.db, ctx.config.timezone, input.id)),
});
