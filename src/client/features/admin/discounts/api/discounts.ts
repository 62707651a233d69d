// The Discounts screen's calls: what each refreshes and the toasts it shows.
import { notifyError, notifySuccess } from '@/client/lib/notify';
import { trpc } from '@/client/lib/trpc';

const DELETE_FAILED = 'Failed to delete';

/** After a discount is added, changed or removed: the back office's list and the website's. */
export function useInvalidateDiscounts(): () => void {
  const utils = trpc.useUtils();
  return () => {
    void utils.admin.discounts.invalidate();
    // The website's banner and about page show discounts too.
    void utils.public.discounts.invalidate();
  };
}

/** Deletes a discount; `onDone` runs either way (it closes the confirmation). */
export function useDeleteDiscount(onDone: () => void) {
  const invalidate = useInvalidateDiscounts();
  return trpc.admin.discounts.delete.useMutation({
    onSuccess: () => {
      invalidate();
      notifySuccess('Discount deleted');
      onDone();
    },
    onError: (error) => {
      notifyError(error, DELETE_FAILED);
      onDone();
    },
  });
}
