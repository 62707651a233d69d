// My day: marking one's own booking completed or no-show, and what that refreshes.
import { notifyError, notifySuccess } from '@/client/lib/notify';
import { trpc } from '@/client/lib/trpc';
import { statusLabel } from '@/client/features/admin/shared/booking-status';
import { bookingName } from '@/client/features/admin/shared/booking-columns';

export function useMarkBooking() {
  const utils = trpc.useUtils();
  return trpc.admin.bookings.updateStatus.useMutation({
    onSuccess: (booking) => {
      notifySuccess(`${bookingName(booking)}: ${statusLabel(booking.status).toLowerCase()}`);
      void utils.admin.calendar.invalidate();
    },
    onError: (error) => notifyError(error, 'The booking could not be marked.'),
  });
}
