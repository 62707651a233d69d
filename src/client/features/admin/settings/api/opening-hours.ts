// Settings > Opening hours: the save call, what it refreshes and the toasts it shows.
import type { FormErrors } from '@mantine/form';
import type { Booking } from '@/shared/schemas/bookings';
import type { OpeningHoursSettings } from '@/shared/schemas/opening-hours';
import { showServerFieldErrors, type FieldErrorsTarget } from '@/client/components/forms/server-field-errors';
import { notifyError, notifySuccess } from '@/client/lib/notify';
import { trpc } from '@/client/lib/trpc';
import { useInvalidateSalonDay } from '@/client/features/admin/shared/salon-day-queries';

const SAVE_FAILED = 'Failed to save the opening hours';

/**
 * Saves the salon's week; `onSaved` gets the stored week and the open bookings now outside it.
 * The server's field messages go under `form`'s fields, renamed by `toFormErrors`.
 */
export function useSaveOpeningHours({
  form,
  toFormErrors,
  onSaved,
}: {
  form: FieldErrorsTarget;
  toFormErrors: (errors: Record<string, string>) => FormErrors;
  onSaved: (saved: OpeningHoursSettings, affected: Booking[]) => void;
}) {
  const utils = trpc.useUtils();
  const invalidateSalonDay = useInvalidateSalonDay();
  return trpc.admin.openingHours.update.useMutation({
    onSuccess: ({ affectedBookings, ...saved }) => {
      utils.admin.openingHours.get.setData(undefined, saved);
      // The footer and /contact show the hours; the calendar and every booking form offer times inside them.
      void utils.public.salon.openingHours.invalidate();
      invalidateSalonDay();
      onSaved(saved, affectedBookings);
      notifySuccess('Opening hours saved');
    },
    onError: (error) => {
      notifyError(error, SAVE_FAILED);
      showServerFieldErrors(form, error, toFormErrors);
    },
  });
}
