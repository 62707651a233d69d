import { z } from 'zod';
import { byIdSchema, deletedSchema } from '@/shared/schemas/fields';
import { reviewFilterSchema, reviewSchema } from '@/shared/schemas/reviews';
import { approveReview, deleteReview, listReviews } from '@/server/catalogue/reviews';
import { router, staffProcedure } from '@/server/trpc/init';
import { FRONT_DESK } from '@/shared/roles';

export const adminReviewsRouter = router({
  /** Every review, newest first; `status` narrows to Pending or Approved ones. */
  list: staffProcedure(FRONT_DESK)
    .input(reviewFilterSchema)
    .output(z.array(reviewSchema))
    .query(({ ctx, input }) => listReviews(ctx.db, ctx.config, { status: input?.status, latest: input?.latest })),

  /** Publishes a review. Approving an approved review changes nothing. */
  approve: staffProcedure(FRONT_DESK)
    .meta({ activity: { entity: 'review', action: 'updated', detail: 'Approved' } })
    .input(byIdSchema)
    .output(reviewSchema)
    .mutation(({ ctx, input }) => approveReview(ctx.db, ctx.config, input.id)),

  delete: staffProcedure(FRONT_DESK)
    .meta({ activity: { entity: 'review', action: 'deleted' } })
    .input(byIdSchema)
    .output(deletedSchema)
    .mutation(({ ctx, input }) => deleteReview(ctx.db, input.id, { admin: true })),
});
