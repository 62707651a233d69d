import { describe, expect, it } from 'vitest';
import { createReviewSchema } from './reviews';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`);

describe('review form schema', () => {
  it('asks for a service, a rating and a comment with the spec words', () => {
    expect(messages(createReviewSchema.safeParse({ service: null, rating: 0, comment: '' }))).toEqual([
      'service: Select a service',
      'rating: Select a rating',
      'comment: Comment is required',
    ]);
    expect(messages(createReviewSchema.safeParse({ service: 'abc', rating: '6', comment: 'Too short' }))).toEqual([
      'rating: Select a rating',
      'comment: Comment too short',
    ]);
  });

  it('reads a rating sent as text', () => {
    expect(
      createReviewSchema.parse({ service: 'abc', rating: '4', comment: 'Lovely and calm, thank you.' }).rating,
    ).toBe(4);
  });
});
