// The calendar's booking modals: the calls, what each refreshes and the toasts it shows.
import { showServerFieldErrors, type FieldErrorsTarget } from '@/client/components/forms/server-field-errors';
import { visitFieldErrors } from '@/client/components/forms/visit-items';
import { notifyError, notifySuccess } from '@/client/lib/notify';
import { trpc } from '@/client/lib/trpc';
import { formatDay } from '@/client/features/admin/shared/admin-format';
import { statusLabel } from '@/client/features/admin/shared/booking-status';

/** Sets a booking's status (or cancels it); `onDone` closes the modal once it is set. */
export function useUpdateBookingStatus(onDone: () => void) {
  const utils = trpc.useUtils();
  return trpc.admin.bookings.updateStatus.useMutation({
    onSuccess: (updated) => {
      notifySuccess(`Booking ${statusLabel(updated.status).toLowerCase()}`);
      void utils.admin.calendar.invalidate();
      void utils.admin.bookings.invalidate();
      void utils.admin.stats.invalidate();
      onDone();
    },
    onError: (error) => notifyError(error, 'The status could not be changed.'),
  });
}

/** Sets one status for every item of a visit; `onDone` closes the modal once it is set. */
export function useUpdateVisitStatus(onDone: () => void) {
  const utils = trpc.useUtils();
  return trpc.admin.visits.updateStatus.useMutation({
    onSuccess: (visit) => {
      // Every item has the new status now.
      const status = visit.items[0]?.status;
      notifySuccess(
        `Visit ${status ? statusLabel(status).toLowerCase() : 'updated'}: ${String(visit.items.length)} services`,
      );
      void utils.admin.calendar.invalidate();
      void utils.admin.bookings.invalidate();
      void utils.admin.stats.invalidate();
      onDone();
    },
    onError: (error) => notifyError(error, 'The status of the visit could not be changed.'),
  });
}

/**
 * Moves a booking to another day, time or specialist; `onDone` closes the modal once it moved,
 * `onFailed` refreshes the free times (one may just have been taken).
 */
export function useMoveBooking({ onDone, onFailed }: { onDone: () => void; onFailed: () => void }) {
  const utils = trpc.useUtils();
  return trpc.admin.bookings.reschedule.useMutation({
    onSuccess: (moved) => {
      notifySuccess(`Moved to ${formatDay(moved.bookingDate)} at ${moved.timeSlot} with ${moved.specialist.name}`);
      void utils.admin.calendar.invalidate();
      void utils.admin.bookings.invalidate();
      void utils.public.bookings.availableSlots.invalidate();
      onDone();
    },
    onError: (error) => {
      notifyError(error, 'The booking could not be moved.');
      onFailed();
    },
  });
}

/** Moves a whole visit to another day and start time; as `useMoveBooking`. */
export function useMoveVisit({ onDone, onFailed }: { onDone: () => void; onFailed: () => void }) {
  const utils = trpc.useUtils();
  return trpc.admin.visits.move.useMutation({
    onSuccess: (moved) => {
      notifySuccess(`Visit moved to ${formatDay(moved.bookingDate)} at ${moved.timeSlot}`);
      void utils.admin.calendar.invalidate();
      void utils.admin.bookings.invalidate();
      void utils.public.visits.availableSlots.invalidate();
      onDone();
    },
    onError: (error) => {
      notifyError(error, 'The visit could not be moved.');
      onFailed();
    },
  });
}

/**
 * Books for a customer; `onDone` closes the modal once booked. A refusal's field messages go
 * under `form`'s fields, and `onFailed` refreshes the free times.
 */
export function useCreateSalonBooking({
  form,
  onDone,
  onFailed,
}: {
  form: FieldErrorsTarget;
  onDone: () => void;
  onFailed: () => void;
}) {
  const utils = trpc.useUtils();
  return trpc.admin.bookings.create.useMutation({
    onSuccess: (booking) => {
      notifySuccess(
        `Booked ${booking.firstName} ${booking.lastName} with ${booking.specialist.name} on ${formatDay(booking.bookingDate)} at ${booking.timeSlot}`,
      );
      void utils.admin.calendar.invalidate();
      void utils.admin.bookings.invalidate();
      void utils.public.bookings.availableSlots.invalidate();
      void utils.admin.stats.invalidate();
      onDone();
    },
    onError: (error) => {
      showServerFieldErrors(form, error);
      notifyError(error, 'The booking could not be made.');
      onFailed();
    },
  });
}

/** Books a visit of several services for a customer (as `useCreateSalonBooking`). */
export function useCreateSalonVisit({
  form,
  onDone,
  onFailed,
}: {
  form: FieldErrorsTarget;
  onDone: () => void;
  onFailed: () => void;
}) {
  const utils = trpc.useUtils();
  return trpc.admin.visits.create.useMutation({
    onSuccess: (visit) => {
      notifySuccess(
        `Booked a visit on ${formatDay(visit.bookingDate)}: ${visit.items
          .map((item) => `${item.timeSlot} ${item.service.name} with ${item.specialist.name}`)
          .join(', ')}`,
      );
      void utils.admin.calendar.invalidate();
      void utils.admin.bookings.invalidate();
      void utils.public.visits.availableSlots.invalidate();
      void utils.admin.stats.invalidate();
      onDone();
    },
    onError: (error) => {
      showServerFieldErrors(form, error, visitFieldErrors);
      notifyError(error, 'The visit could not be booked.');
      onFailed();
    },
  });
}
