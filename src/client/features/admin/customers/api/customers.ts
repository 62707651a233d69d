// A customer's record: the notes call, what it refreshes and the toasts it shows.
import type { CustomerRecord } from '@/shared/schemas/customers';
import { notifyError, notifySuccess } from '@/client/lib/notify';
import { trpc } from '@/client/lib/trpc';

/** Saves the salon's private notes on a customer; `onSaved` gets the saved record. */
export function useSaveCustomerNotes(onSaved: (saved: CustomerRecord) => void) {
  const utils = trpc.useUtils();
  return trpc.admin.customers.updateNotes.useMutation({
    onSuccess: (saved) => {
      utils.admin.customers.get.setData({ id: saved._id }, saved);
      onSaved(saved);
      // The calendar shows the notes with each booking.
      void utils.admin.calendar.invalidate();
      notifySuccess('Notes saved');
    },
    onError: (error) => notifyError(error, 'The notes could not be saved.'),
  });
}
