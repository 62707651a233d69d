// A guest's unsent review, kept for this browser session while they log in (a guest who submits a
// review is sent to /login), so the text is still there when they return.
import { sessionDraft, sessionStore, type DraftStorage } from '@/client/lib/session-draft';

const draft = sessionDraft('salon:review-draft');

export interface ReviewFormValues {
  /** The reviewed service's id; '' until one is picked. */
  service: string;
  /** 1 to 5; 0 until a star is picked. */
  rating: number;
  comment: string;
}

export const emptyReview: ReviewFormValues = { service: '', rating: 0, comment: '' };

export function saveReviewDraft(values: ReviewFormValues, storage: DraftStorage | undefined = sessionStore()): void {
  draft.write(JSON.stringify(values), storage);
}

/** The kept draft, if there is a usable one; anything else stored under the key is ignored. */
export function readReviewDraft(storage: DraftStorage | undefined = sessionStore()): ReviewFormValues | null {
  const raw = draft.read(storage);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { service, rating, comment } = parsed as Record<string, unknown>;
    return {
      service: typeof service === 'string' ? service : '',
      rating: typeof rating === 'number' && Number.isInteger(rating) && rating >= 0 && rating <= 5 ? rating : 0,
      comment: typeof comment === 'string' ? comment : '',
    };
  } catch {
    return null;
  }
}

export function clearReviewDraft(storage: DraftStorage | undefined = sessionStore()): void {
  draft.write(null, storage);
}
