// The Services screen's calls: what each refreshes and the toasts it shows.
import { notifyError, notifySuccess } from '@/client/lib/notify';
import { trpc } from '@/client/lib/trpc';

const DELETE_FAILED = 'Failed to delete';

/** After a service is added, changed or removed: the price list, and the specialists' expertise (by service name). */
export function useInvalidateServices(): () => void {
  const utils = trpc.useUtils();
  return () => {
    void utils.public.services.invalidate();
    // Specialists list their expertise by service name; a removed service leaves it.
    void utils.public.specialists.invalidate();
  };
}

/** Deletes a service; `onDone` runs either way (it closes the confirmation). */
export function useDeleteService(onDone: () => void) {
  const invalidate = useInvalidateServices();
  return trpc.admin.services.delete.useMutation({
    onSuccess: () => {
      invalidate();
      notifySuccess('Service deleted');
      onDone();
    },
    onError: (error) => {
      notifyError(error, DELETE_FAILED);
      onDone();
    },
  });
}
