// The review form and the procedures behind it.
import { z } from 'zod';
import {
  COMMENT_MAX_LENGTH,
  COMMENT_MIN_LENGTH,
  ID_MAX_LENGTH,
  RATING_MAX,
  RATING_MIN,
  REVIEW_STATUSES,
} from '@/shared/constants';
import { boundedText, numberFromText, requiredText, wholeNumberFromText } from './fields';

/** A review as every caller sees it. */
export const reviewSchema = z
  .object({
    _id: z.string(),
    user: z.object({
      _id: z.string(),
      fullName: z.string(),
      avatar: z.object({ url: z.string() }).nullable(),
    }),
    service: z.object({ _id: z.string(), name: z.string() }),
    rating: z.number().int(),
    comment: z.string(),
    status: z.enum(REVIEW_STATUSES),
    /** ISO date-time the review was written. */
    createdAt: z.string(),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof reviewSchema>;

/**
 * The review form and what `customer.reviews.create` receives: the same values (no picture).
 * An unset Rating reads 0, which asks for a rating like a missing one.
 */
export const createReviewSchema = z.object({
  /** The reviewed service's id. */
  service: requiredText('Select a service', ID_MAX_LENGTH),
  rating: numberFromText(
    z
      .number('Select a rating')
      .int('Select a rating')
      .min(RATING_MIN, 'Select a rating')
      .max(RATING_MAX, 'Select a rating'),
  ),
  // Piped, so a blank comment gets only "required", not "too short" as well.
  comment: boundedText('Comment is required', 'Comment', COMMENT_MAX_LENGTH).pipe(
    z.string().min(COMMENT_MIN_LENGTH, 'Comment too short'),
  ),
});
export type CreateReviewInput = z.input<typeof createReviewSchema>;

/** The most reviews one list answers at once when asked for the newest only. */
export const LATEST_REVIEWS_MAX = 50;

/** Only the newest this many (the home page's testimonials), so a page never carries years of reviews to show six. */
const latestReviews = wholeNumberFromText('Latest', 1, LATEST_REVIEWS_MAX).meta({
  description: `Only the newest this many reviews (1 to ${String(LATEST_REVIEWS_MAX)}); all of them when left out.`,
});

/** The public list: every approved review, or only the newest `latest`. */
export const publicReviewsQuerySchema = z.object({ latest: latestReviews }).optional();

/** The back office's status filter: all when no status is given; the newest `latest` only when given. */
export const reviewFilterSchema = z
  .object({ status: z.enum(REVIEW_STATUSES, 'Status must be Pending or Approved').optional(), latest: latestReviews })
  .optional();
