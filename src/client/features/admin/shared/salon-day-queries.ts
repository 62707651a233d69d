import { trpc } from '@/client/lib/trpc';

/**
 * After time off or a closed day is added or removed: refetch whatever shows them, the hours they
 * take away or the bookings they overlap (the lists, the calendar and its "needs attention", free times).
 */
export function useInvalidateSalonDay(): () => void {
  const utils = trpc.useUtils();
  return () => {
    void utils.admin.timeOff.list.invalidate();
    void utils.admin.closures.list.invalidate();
    // Covers admin.calendar.get and admin.calendar.needsAttention (the dashboard).
    void utils.admin.calendar.invalidate();
    void utils.public.bookings.availableSlots.invalidate();
    void utils.admin.bookings.rescheduleSlots.invalidate();
  };
}
