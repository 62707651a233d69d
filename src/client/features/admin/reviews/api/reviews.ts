// The Reviews screen's calls: what each refreshes and the toasts it shows.
import { notifyError, notifySuccess } from '@/client/lib/notify';
import { trpc } from '@/client/lib/trpc';

const APPROVE_FAILED = 'Failed to approve review';
const DELETE_FAILED = 'Failed to delete review';

function useInvalidateReviews(): () => void {
  const utils = trpc.useUtils();
  return () => {
    void utils.admin.reviews.invalidate();
    // The home page's testimonials are the approved reviews.
    void utils.public.reviews.invalidate();
  };
}

export function useApproveReview() {
  const invalidate = useInvalidateReviews();
  return trpc.admin.reviews.approve.useMutation({
    onSuccess: () => {
      invalidate();
      notifySuccess('Review Approved');
    },
    onError: (error) => {
      notifyError(error, APPROVE_FAILED);
    },
  });
}

/** Deletes a review; `onDone` runs either way (it closes the confirmation). */
export function useDeleteReview(onDone: () => void) {
  const invalidate = useInvalidateReviews();
  return trpc.admin.reviews.delete.useMutation({
    onSuccess: () => {
      invalidate();
      notifySuccess('Review deleted successfully');
      onDone();
    },
    onError: (error) => {
      notifyError(error, DELETE_FAILED);
      onDone();
    },
  });
}
