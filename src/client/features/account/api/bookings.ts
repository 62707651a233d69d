// My appointments' calls: what each refreshes and the toasts it shows.
import { isTRPCClientError } from '@trpc/client';
import type { AppRouter } from '@/server/routers';
import { showServerFieldErrors, type FieldErrorsTarget } from '@/client/components/forms/server-field-errors';
import { formatDay, formatSlotTime } from '@/client/lib/day-format';
import { notifyError, notifySuccess } from '@/client/lib/notify';
import { trpc } from '@/client/lib/trpc';

const CANCEL_FAILED = 'An error occurred';
const RESCHEDULE_FAILED = 'An error occurred';

/** After a booking is cancelled or moved: the customer's list, and the free times (the time given up is free again). */
function useInvalidateMyBookings(): () => void {
  const utils = trpc.useUtils();
  return () => {
    void utils.customer.bookings.list.invalidate();
    void utils.public.bookings.availableSlots.invalidate();
  };
}

/** Cancels one of the customer's bookings; `onDone` runs either way (it closes the confirmation). */
export function useCancelMyBooking(onDone: () => void) {
  const invalidate = useInvalidateMyBookings();
  return trpc.customer.bookings.cancel.useMutation({
    onSuccess: () => {
      notifySuccess('Appointment cancelled');
      onDone();
    },
    onError: (error) => {
      notifyError(error, CANCEL_FAILED);
      onDone();
    },
    onSettled: invalidate,
  });
}

/**
 * Moves one of the customer's bookings. `onBusy` says while it is sent; `onClose` closes the
 * modal once moved, or when nothing in the form can fix a refusal. A taken time clears `clearSlot`
 * and refreshes the free times; the server's field messages go under `form`'s fields.
 */
export function useRescheduleMyBooking({
  form,
  onBusy,
  onClose,
  clearSlot,
}: {
  form: FieldErrorsTarget;
  onBusy: (busy: boolean) => void;
  onClose: () => void;
  clearSlot: () => void;
}) {
  const utils = trpc.useUtils();
  return trpc.customer.bookings.reschedule.useMutation({
    onMutate: () => {
      onBusy(true);
    },
    onSuccess: (moved) => {
      notifySuccess(
        `Appointment moved to ${formatDay(moved.bookingDate)} at ${formatSlotTime(moved.timeSlot)} with ${moved.specialist.name}`,
      );
      onClose();
    },
    onError: (error) => {
      notifyError(error, RESCHEDULE_FAILED);
      const status = isTRPCClientError<AppRouter>(error) ? error.data?.httpStatus : undefined;
      if (status === 409) {
        // Someone took the time meanwhile: show what is still free.
        clearSlot();
        void utils.customer.bookings.rescheduleSlots.invalidate();
      } else if (status === 400) {
        showServerFieldErrors(form, error);
      } else {
        // Gone, not theirs, or the server failed: nothing to fix in this form.
        onClose();
      }
    },
    onSettled: () => {
      onBusy(false);
      void utils.customer.bookings.list.invalidate();
      // The time given up is free again for everyone.
      void utils.public.bookings.availableSlots.invalidate();
    },
  });
}
