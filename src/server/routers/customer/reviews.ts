import { and, eq, isNull } from 'drizzle-orm';
import { byIdSchema, deletedSchema } from '../../../shared/schemas/fields';
import { createReviewSchema, reviewSchema } from '../../../shared/schemas/review';
import { deleteReview, getReview } from '../../catalogue/reviews';
import { newId } from '../../db/ids';
import { reviews, services } from '../../db/schema';
import { invalidFields } from '../../trpc/errors';
import { customerProcedure, router } from '../../trpc/init';

export const customerReviewsRouter = router({
  /** A review of a service on offer; it waits for an admin's approval before the public sees it. */
  create: customerProcedure.input(createReviewSchema).output(reviewSchema).mutation(({ ctx, input }) => {
    const service = ctx.db
      .select({ id: services.id })
      .from(services)
      .where(and(eq(services.id, input.service), isNull(services.deletedAt)))
      .get();
    if (!service) throw invalidFields([{ path: 'service', message: 'Select a service' }]);
    const id = newId();
    ctx.db
      .insert(reviews)
      .values({ id, userId: ctx.user.id, serviceId: service.id, rating: input.rating, comment: input.comment, status: 'Pending' })
      .run();
    return getReview(ctx.db, ctx.config, id);
  }),

  /** Deletes one of the customer's own reviews; someone else's is FORBIDDEN. */
  delete: customerProcedure.input(byIdSchema).output(deletedSchema).mutation(({ ctx, input }) => deleteReview(ctx.db, input.id, { userId: ctx.user.id })),
});
