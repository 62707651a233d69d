import { offerTokenSchema, waitlistOfferSchema } from '@/shared/schemas/waitlist';
import { visitSchema } from '@/shared/schemas/visits';
import { publicProcedure, router } from '@/server/trpc/init';
import { acceptOffer, offerOfToken } from '@/server/waitlist/offers';

/** A time offered from the waitlist, by the token of the link mailed to its customer (README "Waitlist"). */
export const publicWaitlistRouter = router({
  /** What the link offers, and whether it can still be booked. */
  offer: publicProcedure
    .input(offerTokenSchema)
    .output(waitlistOfferSchema)
    .query(({ ctx, input }) => offerOfToken(ctx.db, ctx.config.timezone, input.token)),

  /** Books the time for the offer's customer; of simultaneous takes exactly one books. */
  accept: publicProcedure
    .input(offerTokenSchema)
    .output(visitSchema)
    .mutation(({ ctx, input }) => acceptOffer(ctx, input.token)),
});
