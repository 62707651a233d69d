// The Services page's review call: what it refreshes and the toasts it shows.
import { showServerFieldErrors, type FieldErrorsTarget } from '@/client/components/forms/server-field-errors';
import { notifyError, notifySuccess } from '@/client/lib/notify';
import { trpc } from '@/client/lib/trpc';

const SUBMIT_FAILED = 'Failed to submit review.';

/** Sends a review; `onSent` empties the form. The server's field messages go under `form`'s fields. */
export function useCreateReview({ form, onSent }: { form: FieldErrorsTarget; onSent: () => void }) {
  const utils = trpc.useUtils();
  return trpc.customer.reviews.create.useMutation({
    onSuccess: () => {
      notifySuccess('Review submitted!');
      onSent();
      // Nothing changes on the page until approval, but the list is stale for whoever approves.
      void utils.public.reviews.list.invalidate();
    },
    onError: (error) => {
      showServerFieldErrors(form, error);
      notifyError(error, SUBMIT_FAILED);
    },
  });
}
