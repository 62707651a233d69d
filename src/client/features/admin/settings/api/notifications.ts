// Settings > Notifications: the save call, what it refreshes and the toasts it shows.
import { notifyError, notifySuccess } from '@/client/lib/notify';
import { trpc } from '@/client/lib/trpc';

const SAVE_FAILED = 'Failed to save notification settings';

/** Saves the salon's notification switch; the answer becomes the section's settings. */
export function useSaveNotificationSettings() {
  const utils = trpc.useUtils();
  return trpc.admin.notifications.update.useMutation({
    onSuccess: (saved) => {
      utils.admin.notifications.get.setData(undefined, saved);
      notifySuccess('Notification settings saved');
    },
    onError: (error) => {
      notifyError(error, SAVE_FAILED);
    },
  });
}
