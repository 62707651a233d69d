import { z } from 'zod';
import { byIdSchema, deletedSchema } from '@/shared/schemas/fields';
import { reviewFilterSchema, reviewSchema } from '@/shared/schemas/reviews';
import { approveReview, deleteReview, listReviews } from '@/server/catalogue/reviews';
import { adminProcedure, router } from '@/server/trpc/init';

export const adminReviewsRouter = router({
  /** Every review, newest first; `status` narrows to Pending or Approved ones. */
  list: adminProcedure
    .input(reviewFilterSchema)
    .output(z.array(reviewSchema))
    .query(({ ctx, input }) => listReviews(ctx.db, ctx.config, { status: input?.status })),

  /** Publishes a review. Approving an approved review changes nothing. */
  approve: adminProcedure
    .input(byIdSchema)
    .output(reviewSchema)
    .mutation(({ ctx, input }) => approveReview(ctx.db, ctx.config, input.id)),

  delete: adminProcedure
    .input(byIdSchema)
    .output(deletedSchema)
    .mutation(({ ctx, input }) => deleteReview(ctx.db, input.id, { admin: true })),
});
