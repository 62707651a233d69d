import { byIdSchema, deletedSchema } from '@/shared/schemas/fields';
import { createReviewSchema, reviewSchema } from '@/shared/schemas/reviews';
import { createReview, deleteReview } from '@/server/catalogue/reviews';
import { customerProcedure, router } from '@/server/trpc/init';

export const customerReviewsRouter = router({
  /** A review of a service on offer; it waits for an admin's approval before the public sees it. */
  create: customerProcedure
    .input(createReviewSchema)
    .output(reviewSchema)
    .mutation(({ ctx, input }) => createReview(ctx, ctx.user.id, input)),

  /** Deletes one of the customer's own reviews; someone else's is FORBIDDEN. */
  delete: customerProcedure
    .input(byIdSchema)
    .output(deletedSchema)
    .mutation(({ ctx, input }) => deleteReview(ctx.db, input.id, { userId: ctx.user.id })),
});
