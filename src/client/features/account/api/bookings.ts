// My appointments' calls: what each refreshes and the toasts it shows.
import { isTRPCClientError } from '@trpc/client';
import type { AppRouter } from '@/server/routers';
import { showServerFieldErrors, type FieldErrorsTarget } from '@/client/components/forms/server-field-errors';
import { formatClock, formatDayWithWeekday } from '@/shared/time-format';
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
    void utils.public.visits.availableSlots.invalidate();
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

/** Cancels every item of one of the customer's visits; `onDone` runs either way (it closes the confirmation). */
export function useCancelMyVisit(onDone: () => void) {
  const invalidate = useInvalidateMyBookings();
  return trpc.customer.visits.cancel.useMutation({
    onSuccess: (visit, sent) => {
      notifySuccess(
        sent.scope === 'following'
          ? `Cancelled from ${formatDayWithWeekday(visit.bookingDate)} on`
          : visit.items.length > 1
            ? 'Visit cancelled'
            : 'Appointment cancelled',
      );
      onDone();
    },
    onError: (error) => {
      notifyError(error, CANCEL_FAILED);
      onDone();
    },
    onSettled: invalidate,
  });
}

interface MoveHandlers {
  form: FieldErrorsTarget;
  onBusy: (busy: boolean) => void;
  onClose: () => void;
  clearSlot: () => void;
}

/**
 * What a refused move does: a taken time clears the chosen one and refreshes the free times
 * (`refreshSlots`); bad input goes under the form's fields; anything else closes the modal, as
 * nothing in the form can fix it.
 */
function onMoveRefused(error: unknown, { form, onClose, clearSlot }: MoveHandlers, refreshSlots: () => void): void {
  notifyError(error, RESCHEDULE_FAILED);
  const status = isTRPCClientError<AppRouter>(error) ? error.data?.httpStatus : undefined;
  if (status === 409) {
    // Someone took the time meanwhile: show what is still free.
    clearSlot();
    refreshSlots();
  } else if (status === 400) {
    showServerFieldErrors(form, error);
  } else {
    // Gone, not theirs, or the server failed: nothing to fix in this form.
    onClose();
  }
}

/** Moves one of the customer's visits, every item together (as `useRescheduleMyBooking`). */
export function useMoveMyVisit(handlers: MoveHandlers) {
  const utils = trpc.useUtils();
  const invalidate = useInvalidateMyBookings();
  return trpc.customer.visits.move.useMutation({
    onMutate: () => {
      handlers.onBusy(true);
    },
    onSuccess: (moved, sent) => {
      const what =
        sent.scope === 'following'
          ? 'This and the following moved'
          : moved.items.length > 1
            ? 'Visit moved'
            : 'Appointment moved';
      notifySuccess(`${what} to ${formatDayWithWeekday(moved.bookingDate)} at ${formatClock(moved.timeSlot)}`);
      handlers.onClose();
    },
    onError: (error) => {
      onMoveRefused(error, handlers, () => void utils.customer.visits.moveSlots.invalidate());
    },
    onSettled: () => {
      handlers.onBusy(false);
      invalidate();
    },
  });
}

/**
 * Moves one of the customer's bookings. `onBusy` says while it is sent; `onClose` closes the
 * modal once moved, or when nothing in the form can fix a refusal. A taken time clears `clearSlot`
 * and refreshes the free times; the server's field messages go under `form`'s fields.
 */
export function useRescheduleMyBooking(handlers: MoveHandlers) {
  const utils = trpc.useUtils();
  const invalidate = useInvalidateMyBookings();
  const { onBusy, onClose } = handlers;
  return trpc.customer.bookings.reschedule.useMutation({
    onMutate: () => {
      onBusy(true);
    },
    onSuccess: (moved) => {
      notifySuccess(
        `Appointment moved to ${formatDayWithWeekday(moved.bookingDate)} at ${formatClock(moved.timeSlot)} with ${moved.specialist.name}`,
      );
      onClose();
    },
    onError: (error) => {
      onMoveRefused(error, handlers, () => void utils.customer.bookings.rescheduleSlots.invalidate());
    },
    onSettled: () => {
      onBusy(false);
      // The list, and the time given up is free again for everyone.
      invalidate();
    },
  });
}
