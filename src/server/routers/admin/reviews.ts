import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { byIdSchema, deletedSchema } from '../../../shared/schemas/fields';
import { reviewFilterSchema, reviewSchema } from '../../../shared/schemas/review';
import { deleteReview, getReview, listReviews, reviewNotFound } from '../../catalogue/reviews';
import { reviews } from '../../db/schema';
import { adminProcedure, router } from '../../trpc/init';

export const adminReviewsRouter = router({
  /** Every review, newest first; `status` narrows to Pending or Approved ones. */
  list: adminProcedure
    .input(reviewFilterSchema)
    .output(z.array(reviewSchema))
    .query(({ ctx, input }) => listReviews(ctx.db, ctx.config, { status: input?.status })),

  /** Publishes a review. Approving an approved review changes nothing. */
  approve: adminProcedure.input(byIdSchema).output(reviewSchema).mutation(({ ctx, input }) => {
    const result = ctx.db.update(reviews).set({ status: 'Approved' }).where(eq(reviews.id, input.id)).run();
    if (result.changes === 0) throw reviewNotFound();
    return getReview(ctx.db, ctx.config, input.id);
  }),

  delete: adminProcedure.input(byIdSchema).output(deletedSchema).mutation(({ ctx, input }) => deleteReview(ctx.db, input.id, { admin: true })),
});
