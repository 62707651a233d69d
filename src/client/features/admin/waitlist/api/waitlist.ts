// The waitlist's calls in the back office: what each refreshes and the toasts it shows.
import { isTRPCClientError } from '@trpc/client';
import type { AppRouter } from '@/server/routers';
import { formatClock, formatDayWithWeekday } from '@/shared/time-format';
import { showServerFieldErrors, type FieldErrorsTarget } from '@/client/components/forms/server-field-errors';
import { notifyError, notifySuccess } from '@/client/lib/notify';
import { trpc } from '@/client/lib/trpc';

const OFFER_FAILED = 'The time could not be offered.';

interface OfferHandlers {
  form: FieldErrorsTarget;
  /** Whose entry it is, for the toast. */
  customerName: string;
  /** True while the offer is being sent (the modal then does not close). */
  onBusy: (busy: boolean) => void;
  /** Closes the modal: once offered, or when nothing in the form can fix a refusal. */
  onClose: () => void;
  /** After a conflict: reads the day's free times again (the chosen one may just have been taken). */
  onConflict: () => void;
}

/**
 * Offers a waitlist entry's customer a free time, held for them alone and mailed with the link that
 * books it. Refused, the server's message is the toast and its field messages go under the form's
 * fields; a taken time reads the free times again; an entry gone closes the modal.
 */
export function useOfferTime({ form, customerName, onBusy, onClose, onConflict }: OfferHandlers) {
  const utils = trpc.useUtils();
  return trpc.admin.waitlist.offer.useMutation({
    onMutate: () => {
      onBusy(true);
    },
    onSuccess: (offer) => {
      notifySuccess(
        `Offered ${formatDayWithWeekday(offer.bookingDate)} at ${formatClock(offer.timeSlot)} to ${customerName}`,
      );
      onClose();
    },
    onError: (error) => {
      notifyError(error, OFFER_FAILED);
      const status = isTRPCClientError<AppRouter>(error) ? error.data?.httpStatus : undefined;
      if (status === 404) {
        // The entry is gone: nothing in this form can fix it.
        onClose();
        return;
      }
      showServerFieldErrors(form, error);
      if (status === 409) onConflict();
    },
    onSettled: () => {
      onBusy(false);
      void utils.admin.waitlist.list.invalidate();
      // The time held is no longer free for anyone else.
      void utils.public.bookings.availableSlots.invalidate();
      void utils.public.visits.availableSlots.invalidate();
    },
  });
}

/** Takes back the time on offer to an entry: the list and the free times are read again. */
export function useWithdrawOffer(customerName: string) {
  const utils = trpc.useUtils();
  return trpc.admin.waitlist.withdraw.useMutation({
    onSuccess: () => {
      notifySuccess(`The time offered to ${customerName} is no longer held`);
    },
    onError: (error) => {
      notifyError(error, 'The offer could not be withdrawn.');
    },
    onSettled: () => {
      void utils.admin.waitlist.list.invalidate();
      void utils.public.bookings.availableSlots.invalidate();
      void utils.public.visits.availableSlots.invalidate();
    },
  });
}
