import { describe, expect, it } from 'vitest';
import type { Review } from '../../../shared/schemas/review';
import { approvedReviews } from './approved-reviews';

const review = (comment: string, status: Review['status']): Review => ({
  _id: comment,
  user: { _id: 'u1', fullName: 'Olivia Brown', avatar: null },
  service: { _id: 's1', name: 'Gel Pedicure' },
  rating: 5,
  comment,
  status,
  createdAt: '2026-01-01T10:00:00.000Z',
});

describe('approvedReviews', () => {
  it('keeps approved reviews in their order and leaves pending ones out', () => {
    const shown = approvedReviews([
      review('Lovely studio', 'Approved'),
      review('Still waiting', 'Pending'),
      review('Great cut', 'Approved'),
    ]);
    expect(shown.map((r) => r.comment)).toEqual(['Lovely studio', 'Great cut']);
  });
});
