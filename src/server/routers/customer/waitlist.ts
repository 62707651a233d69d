import { z } from 'zod';
import { byIdSchema } from '@/shared/schemas/fields';
import { joinWaitlistSchema, waitlistEntrySchema } from '@/shared/schemas/waitlist';
import { customerProcedure, router } from '@/server/trpc/init';
import { joinWaitlist, leaveWaitlist, listCustomerWaitlist } from '@/server/waitlist/entries';

/** The signed-in customer's waitlist (README "Waitlist"). */
export const customerWaitlistRouter = router({
  /** Their waiting entries, longest waiting first. */
  list: customerProcedure
    .output(z.array(waitlistEntrySchema))
    .query(({ ctx }) => listCustomerWaitlist(ctx.db, ctx.config.timezone, ctx.user.id)),

  /** Waits for a time for a service or a visit, a specialist or any, some days and a part of the day. */
  join: customerProcedure
    .input(joinWaitlistSchema)
    .output(waitlistEntrySchema)
    .mutation(({ ctx, input }) => joinWaitlist(ctx.db, ctx.config.timezone, ctx.user.id, input)),

  /** Leaves one of their waiting entries. */
  leave: customerProcedure
    .input(byIdSchema)
    .output(waitlistEntrySchema)
    .mutation(({ ctx, input }) => leaveWaitlist(ctx.db, ctx.config.timezone, ctx.user.id, input.id)),
});
