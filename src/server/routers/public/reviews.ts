import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { byIdSchema, deletedSchema } from '@/shared/schemas/fields';
import { publicReviewsQuerySchema, reviewSchema } from '@/shared/schemas/reviews';
import { deleteReview, listReviews } from '@/server/catalogue/reviews';
import { FRONT_DESK, roleRefusal } from '@/shared/roles';
import { publicProcedure, router } from '@/server/trpc/init';

export const publicReviewsRouter = router({
  /**
   * Approved reviews, newest first, whoever asks; all of them, or the newest `latest`. (`GET /reviews`
   * also serves the back office: for an admin session the REST route calls `admin.reviews.list`
   * instead, see rest/routes/reviews.ts.)
   */
  list: publicProcedure
    .input(publicReviewsQuerySchema)
    .output(z.array(reviewSchema))
    .query(({ ctx, input }) => listReviews(ctx.db, ctx.config, { status: 'Approved', latest: input?.latest })),

  /**
   * `DELETE /reviews/{id}` serves both the back office and customers: a staff session whose role
   * manages reviews (`admin.reviews`' roles) may delete any review, a customer session only its own.
   */
  delete: publicProcedure
    // Before `.input`: a visitor without a session gets 401 whatever the input (not 400 first); a
    // member of staff whose role does not manage reviews (and who is no customer here) 403.
    .use(({ ctx, next }) => {
      if (!ctx.admin && !ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please login first' });
      const refusal = ctx.admin ? roleRefusal(ctx.admin.role ?? 'specialist', FRONT_DESK) : null;
      if (refusal && !ctx.user) throw new TRPCError({ code: 'FORBIDDEN', message: refusal });
      return next();
    })
    .input(byIdSchema)
    .output(deletedSchema)
    .mutation(({ ctx, input }) => {
      const managesReviews = ctx.admin !== null && roleRefusal(ctx.admin.role ?? 'specialist', FRONT_DESK) === null;
      if (managesReviews) return deleteReview(ctx.db, input.id, { admin: true });
      if (ctx.user) return deleteReview(ctx.db, input.id, { userId: ctx.user.id });
      throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please login first' });
    }),
});
