// What a review looks like from outside, the columns read to build it (never a password hash), and
// the writes: a customer's new review, an admin's approval, a deletion by either.
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ReviewStatus } from '@/shared/constants';
import type { Review } from '@/shared/schemas/reviews';
import type { Db, DbOrTx } from '@/server/db/client';
import { newId } from '@/server/db/ids';
import { reviews, services, users } from '@/server/db/schema';
import type { Config } from '@/server/env';
import { publicFileUrl } from '@/server/files/urls';
import { throttle, type RateLimits } from '@/server/auth/rate-limit';
import { enqueueWebhookEvent, type Outbox } from '@/server/outbox/enqueue';
import { Forbidden, InvalidFields, NotFound } from '@/server/errors';

export interface ReviewQuery {
  status?: ReviewStatus;
  id?: string;
  /** One customer's reviews (their data export). */
  userId?: string;
  /** Only the newest this many. */
  latest?: number;
}

/**
 * The reviews `query` names, with their author and service: the one definition of what a list of
 * reviews holds, for the list and for its rating.
 */
function selectReviews(db: DbOrTx, query: ReviewQuery) {
  return db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      comment: reviews.comment,
      status: reviews.status,
      createdAt: reviews.createdAt,
      userId: users.id,
      userFullName: users.fullName,
      userAvatarUrl: users.avatarUrl,
      serviceId: services.id,
      serviceName: services.name,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .innerJoin(services, eq(services.id, reviews.serviceId))
    .where(
      and(
        query.status === undefined ? undefined : eq(reviews.status, query.status),
        query.id === undefined ? undefined : eq(reviews.id, query.id),
        query.userId === undefined ? undefined : eq(reviews.userId, query.userId),
      ),
    );
}

/**
 * Reviews, newest first. A review of a service removed later stays readable, with that
 * service's name.
 */
export function listReviews(db: DbOrTx, config: Pick<Config, 'publicUrl'>, query: ReviewQuery = {}): Review[] {
  const newestFirst = selectReviews(db, query).orderBy(desc(reviews.createdAt), desc(reviews.id)).$dynamic();
  return (query.latest === undefined ? newestFirst : newestFirst.limit(query.latest)).all().map((row) => ({
    _id: row.id,
    user: {
      _id: row.userId,
      fullName: row.userFullName,
      avatar: row.userAvatarUrl ? { url: publicFileUrl(config, row.userAvatarUrl) } : null,
    },
    service: { _id: row.serviceId, name: row.serviceName },
    rating: row.rating,
    comment: row.comment,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** How the approved reviews rate the salon: their number and mean rating (null when there are none). */
export interface ReviewsRating {
  count: number;
  average: number | null;
}

/** The approved reviews' rating, counted over the reviews the public list answers. */
export function approvedReviewsRating(db: DbOrTx): ReviewsRating {
  const listed = selectReviews(db, { status: 'Approved' }).as('listed');
  const row = db
    .select({ count: sql<number>`count(*)`, average: sql<number | null>`avg(${listed.rating})` })
    .from(listed)
    .get();
  return { count: row?.count ?? 0, average: row?.average ?? null };
}

export const reviewNotFound = () => new NotFound('Review not found');

/** One review, whatever its status; NOT_FOUND when there is none with that id. */
export function getReview(db: DbOrTx, config: Pick<Config, 'publicUrl'>, id: string): Review {
  const review = listReviews(db, config, { id })[0];
  if (!review) throw reviewNotFound();
  return review;
}

/** Who deletes a review: an admin may delete any, a customer only their own. */
export type ReviewDeleter = { admin: true } | { userId: string };

export function deleteReview(db: DbOrTx, id: string, by: ReviewDeleter): { _id: string } {
  const row = db.select({ userId: reviews.userId }).from(reviews).where(eq(reviews.id, id)).get();
  if (!row) throw reviewNotFound();
  if ('userId' in by && row.userId !== by.userId) {
    throw new Forbidden('You can only delete your own reviews.');
  }
  db.delete(reviews).where(eq(reviews.id, id)).run();
  return { _id: id };
}

/**
 * A review of a service on offer; it waits for an admin's approval before the public sees it.
 * A customer may write REVIEWS_PER_CUSTOMER_PER_HOUR an hour.
 */
export function createReview(
  deps: { db: Db; config: Pick<Config, 'publicUrl'>; limits: Pick<RateLimits, 'reviewsPerCustomer'>; outbox: Outbox },
  userId: string,
  input: { service: string; rating: number; comment: string },
): Review {
  const { db, config, limits } = deps;
  throttle(limits.reviewsPerCustomer, userId, 'Too many reviews in the last hour.');
  const service = db
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.id, input.service), isNull(services.deletedAt)))
    .get();
  if (!service) throw new InvalidFields([{ path: 'service', message: 'Select a service' }]);
  const id = newId();
  db.transaction((tx) => {
    tx.insert(reviews)
      .values({ id, userId, serviceId: service.id, rating: input.rating, comment: input.comment, status: 'Pending' })
      .run();
    enqueueWebhookEvent(tx, 'review.created', () => getReview(tx, config, id));
  });
  deps.outbox.wake();
  return getReview(db, config, id);
}

/** Publishes a review. Approving an approved review changes nothing. */
export function approveReview(db: DbOrTx, config: Pick<Config, 'publicUrl'>, id: string): Review {
  const result = db.update(reviews).set({ status: 'Approved' }).where(eq(reviews.id, id)).run();
  if (result.changes === 0) throw reviewNotFound();
  return getReview(db, config, id);
}
