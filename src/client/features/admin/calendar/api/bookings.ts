// The calendar's booking modals: the calls, what each refreshes and the toasts it shows.
import { formatClock, formatDayWithWeekday } from '@/shared/time-format';
import { isSeriesPreview, type AdminCreateVisitInput } from '@/shared/schemas/visits';
import { seriesBookedNotice, type PreviewedSeries } from '@/client/components/forms/series-review-state';
import { showServerFieldErrors, type FieldErrorsTarget } from '@/client/components/forms/server-field-errors';
import { visitFieldErrors } from '@/client/components/forms/visit-items';
import { notifyError, notifySuccess } from '@/client/lib/notify';
import { trpc } from '@/client/lib/trpc';
import { statusLabel } from '@/client/features/admin/shared/booking-status';
import { bookingName } from '@/client/features/admin/shared/booking-columns';

/**
 * What every change to bookings does once the server has taken it: says so, has the calendar,
 * the lists, the figures and the free times read again, and calls `onDone` (closing the modal).
 */
function useChanged(onDone: () => void) {
  const utils = trpc.useUtils();
  return (message: string) => {
    notifySuccess(message);
    void utils.admin.calendar.invalidate();
    void utils.admin.bookings.invalidate();
    void utils.admin.stats.invalidate();
    void utils.public.bookings.availableSlots.invalidate();
    void utils.public.visits.availableSlots.invalidate();
    onDone();
  };
}

/** Sets a booking's status (or cancels it); `onDone` closes the modal once it is set. */
export function useUpdateBookingStatus(onDone: () => void) {
  const changed = useChanged(onDone);
  return trpc.admin.bookings.updateStatus.useMutation({
    onSuccess: (updated) => changed(`Booking ${statusLabel(updated.status).toLowerCase()}`),
    onError: (error) => notifyError(error, 'The status could not be changed.'),
  });
}

/** Sets one status for every item of a visit; `onDone` closes the modal once it is set. */
export function useUpdateVisitStatus(onDone: () => void) {
  const changed = useChanged(onDone);
  return trpc.admin.visits.updateStatus.useMutation({
    onSuccess: (visit, sent) => {
      // Every item has the new status now.
      const status = visit.items[0]?.status;
      const done = status ? statusLabel(status).toLowerCase() : 'updated';
      if (sent.scope === 'following') changed(`This and the following ${done}`);
      else if (visit.items.length === 1) changed(`Booking ${done}`);
      else changed(`Visit ${done}: ${String(visit.items.length)} services`);
    },
    onError: (error) => notifyError(error, 'The status of the visit could not be changed.'),
  });
}

interface MoveCallbacks {
  /** Closes the modal once moved. */
  onDone: () => void;
  /** Refreshes the free times after a refusal (one may just have been taken). */
  onFailed: () => void;
}

/** Moves a booking to another day, time or specialist. */
export function useMoveBooking({ onDone, onFailed }: MoveCallbacks) {
  const changed = useChanged(onDone);
  return trpc.admin.bookings.reschedule.useMutation({
    onSuccess: (moved) =>
      changed(
        `Moved to ${formatDayWithWeekday(moved.bookingDate)} at ${formatClock(moved.timeSlot)} with ${moved.specialist.name}`,
      ),
    onError: (error) => {
      notifyError(error, 'The booking could not be moved.');
      onFailed();
    },
  });
}

/** Moves a whole visit to another day and start time. */
export function useMoveVisit({ onDone, onFailed }: MoveCallbacks) {
  const changed = useChanged(onDone);
  return trpc.admin.visits.move.useMutation({
    onSuccess: (moved, sent) =>
      changed(
        `${sent.scope === 'following' ? 'This and the following' : 'Visit'} moved to ${formatDayWithWeekday(moved.bookingDate)} at ${formatClock(moved.timeSlot)}`,
      ),
    onError: (error) => {
      notifyError(error, 'The visit could not be moved.');
      onFailed();
    },
  });
}

/** A booking for a customer: a refusal's field messages also go under `form`'s fields. */
interface BookForCallbacks extends MoveCallbacks {
  form: FieldErrorsTarget;
}

/** Books for a customer. */
export function useCreateSalonBooking({ form, onDone, onFailed }: BookForCallbacks) {
  const changed = useChanged(onDone);
  return trpc.admin.bookings.create.useMutation({
    onSuccess: (booking) =>
      changed(
        `Booked ${bookingName(booking)} with ${booking.specialist.name} on ${formatDayWithWeekday(booking.bookingDate)} at ${formatClock(booking.timeSlot)}`,
      ),
    onError: (error) => {
      showServerFieldErrors(form, error);
      notifyError(error, 'The booking could not be made.');
      onFailed();
    },
  });
}

/** Books a visit of several services, or a repeating booking, for a customer. */
export function useCreateSalonVisit({
  form,
  onDone,
  onFailed,
  onPreview,
}: BookForCallbacks & {
  /** A repeating booking's dates checked (`preview: true`): what was asked and what fits. */
  onPreview: (sent: AdminCreateVisitInput, series: PreviewedSeries) => void;
}) {
  const changed = useChanged(onDone);
  const create = trpc.admin.visits.create.useMutation({
    onSuccess: (visit, sent) => {
      // A preview books nothing: nothing changed.
      if (isSeriesPreview(visit)) {
        onPreview(sent, visit.series);
        return;
      }
      if (visit.series) {
        const { title, message } = seriesBookedNotice(visit.series);
        changed(`${title}: ${message}`);
        return;
      }
      changed(
        `Booked a visit on ${formatDayWithWeekday(visit.bookingDate)}: ${visit.items
          .map((item) => `${formatClock(item.timeSlot)} ${item.service.name} with ${item.specialist.name}`)
          .join(', ')}`,
      );
    },
    onError: (error, sent) => {
      notifyError(error, 'The visit could not be booked.');
      if (sent.occurrences !== undefined) {
        // A date was taken since the review (the message names it): check the dates again.
        create.mutate({ ...sent, occurrences: undefined, preview: true });
        return;
      }
      showServerFieldErrors(form, error, visitFieldErrors);
      onFailed();
    },
  });
  return create;
}
