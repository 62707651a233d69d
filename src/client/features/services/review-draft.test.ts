import { describe, expect, it } from 'vitest';
import { memoryStorage } from '@/client/lib/session-draft';
import { clearReviewDraft, readReviewDraft, saveReviewDraft } from './review-draft';

describe('a guest review draft', () => {
  it('comes back as it was saved, and is gone once cleared', () => {
    const storage = memoryStorage();
    saveReviewDraft({ service: 's1', rating: 4, comment: 'Lovely and calm studio' }, storage);
    expect(readReviewDraft(storage)).toEqual({ service: 's1', rating: 4, comment: 'Lovely and calm studio' });
    clearReviewDraft(storage);
    expect(readReviewDraft(storage)).toBeNull();
  });

  it('ignores what is not a draft', () => {
    const storage = memoryStorage();
    storage.setItem('salon:review-draft', 'not json');
    expect(readReviewDraft(storage)).toBeNull();
    storage.setItem('salon:review-draft', JSON.stringify({ service: 3, rating: 9, comment: 'Kept text here' }));
    expect(readReviewDraft(storage)).toEqual({ service: '', rating: 0, comment: 'Kept text here' });
  });
});
