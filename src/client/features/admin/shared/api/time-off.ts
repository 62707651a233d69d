// The time off calls of the back office (the calendar's drag and a specialist's "Hours & time
// off"): each refreshes what shows the salon's day and says how it went.
import type { Booking } from '@/shared/schemas/bookings';
import { showServerFieldErrors, type FieldErrorsTarget } from '@/client/components/forms/server-field-errors';
import { notifyError, notifySuccess } from '@/client/lib/notify';
import { trpc } from '@/client/lib/trpc';
import { useInvalidateSalonDay } from '@/client/features/admin/shared/salon-day-queries';

const CREATE_FAILED = 'Failed to add time off';
const DELETE_FAILED = 'Failed to delete time off';

/** Adds time off; the server's field messages go under `form`'s fields. */
export function useCreateTimeOff({
  form,
  onAdded,
}: {
  form: FieldErrorsTarget;
  onAdded: (affected: Booking[]) => void;
}) {
  const invalidate = useInvalidateSalonDay();
  return trpc.admin.timeOff.create.useMutation({
    onSuccess: (created) => {
      invalidate();
      notifySuccess('Time off added');
      onAdded(created.affectedBookings);
    },
    onError: (error) => {
      notifyError(error, CREATE_FAILED);
      showServerFieldErrors(form, error);
    },
  });
}

/** Deletes one entry of a specialist's time off. */
export function useDeleteTimeOff() {
  const invalidate = useInvalidateSalonDay();
  return trpc.admin.timeOff.delete.useMutation({
    onSuccess: () => {
      invalidate();
      notifySuccess('Time off deleted');
    },
    onError: (error) => {
      notifyError(error, DELETE_FAILED);
    },
  });
}
