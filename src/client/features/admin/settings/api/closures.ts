// Settings > Closed days: the calls, what each refreshes and the toasts it shows.
import { isTRPCClientError } from '@trpc/client';
import type { Booking } from '@/shared/schemas/bookings';
import type { AppRouter } from '@/server/routers';
import { showServerFieldErrors, type FieldErrorsTarget } from '@/client/components/forms/server-field-errors';
import { notifyError, notifySuccess } from '@/client/lib/notify';
import { trpc } from '@/client/lib/trpc';
import { useInvalidateSalonDay } from '@/client/features/admin/shared/salon-day-queries';

const CREATE_FAILED = 'Failed to add the closed day';
const DELETE_FAILED = 'Failed to delete the closed day';

/** Closes the salon for a day; the server's field messages go under `form`'s fields. */
export function useCreateClosure({
  form,
  onAdded,
}: {
  form: FieldErrorsTarget;
  onAdded: (affected: Booking[]) => void;
}) {
  const invalidate = useInvalidateSalonDay();
  return trpc.admin.closures.create.useMutation({
    onSuccess: (created) => {
      invalidate();
      notifySuccess('Closed day added');
      onAdded(created.affectedBookings);
    },
    onError: (error) => {
      notifyError(error, CREATE_FAILED);
      // "Closed on this day already" is about the date the admin picked.
      const conflict = isTRPCClientError<AppRouter>(error) && error.data?.code === 'CONFLICT';
      showServerFieldErrors(form, error, (errors) => (conflict ? { ...errors, date: error.message } : errors));
    },
  });
}

/** Opens a closed day again; `onDone` runs either way (it closes the confirmation). */
export function useDeleteClosure(onDone: () => void) {
  const invalidate = useInvalidateSalonDay();
  return trpc.admin.closures.delete.useMutation({
    onSuccess: () => {
      invalidate();
      notifySuccess('Closed day deleted');
      onDone();
    },
    onError: (error) => {
      notifyError(error, DELETE_FAILED);
      onDone();
    },
  });
}
