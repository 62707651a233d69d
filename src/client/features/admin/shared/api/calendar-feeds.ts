// Calendar feed addresses (My day and Settings > Team): a new address, what it refreshes and the toasts.
import { notifyError, notifySuccess } from '@/client/lib/notify';
import { trpc } from '@/client/lib/trpc';

/** A new address for a feed (a specialist's id, or null for the salon's); `onDone` runs either way. */
export function useRegenerateCalendarFeed(onDone: () => void) {
  const utils = trpc.useUtils();
  return trpc.admin.calendarFeeds.regenerate.useMutation({
    onSuccess: () => {
      // The owner's list and the specialist's own.
      void utils.admin.calendarFeeds.invalidate();
      notifySuccess('New calendar feed address made. Subscribe to it again in your calendar app.');
      onDone();
    },
    onError: (error) => {
      notifyError(error, 'A new address could not be made.');
      onDone();
    },
  });
}
