import type { Review } from '../../../shared/schemas/review';

/**
 * Only approved reviews reach the public (spec section 2). The server sends only those to
 * visitors, but an admin who is logged in in the same browser gets every review from the same
 * call, and the home page must not show them the pending ones as testimonials.
 */
export function approvedReviews(reviews: readonly Review[]): Review[] {
  return reviews.filter((review) => review.status === 'Approved');
}
