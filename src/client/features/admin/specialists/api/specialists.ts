// The Specialists screen's calls: what each refreshes and what it tells the admin.
import { notifyError, notifySuccess } from '@/client/lib/notify';
import { trpc } from '@/client/lib/trpc';

/**
 * After a specialist is added, changed or removed: the lists, and the Specialists page's weeks (a
 * week without hours of its own follows the specialist's standard hours and days).
 */
export function useInvalidateSpecialists(): () => void {
  const utils = trpc.useUtils();
  return () => {
    void utils.public.specialists.invalidate();
    void utils.admin.specialists.weeks.invalidate();
  };
}

/** Deletes a specialist; `onDone` runs either way (it closes the confirmation). */
export function useDeleteSpecialist(onDone: () => void) {
  const invalidate = useInvalidateSpecialists();
  return trpc.admin.specialists.delete.useMutation({
    onSuccess: () => {
      invalidate();
      notifySuccess('Specialist deleted');
      onDone();
    },
    onError: (error) => {
      // A failed specialist delete is only logged, with no message to the admin.
      console.error('Failed to delete specialist', error);
      onDone();
    },
  });
}

/** Saves a specialist's own prices and lengths; the public lists and the form's copy are refreshed. */
export function useUpdateServiceTerms() {
  const utils = trpc.useUtils();
  const invalidate = useInvalidateSpecialists();
  return trpc.admin.specialists.updateServices.useMutation({
    onSuccess: (saved, input) => {
      utils.admin.specialists.services.setData({ id: input.id }, saved);
      invalidate();
      notifySuccess('Prices saved');
    },
    onError: (error) => notifyError(error, 'Failed to save the prices'),
  });
}
