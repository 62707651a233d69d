// Settings > Your profile and Salon details: the save calls, what they refresh and the toasts they show.
import { adminAuthStore, type AdminAccount } from '@/client/lib/auth/admin-auth-store';
import { notifyError, notifySuccess } from '@/client/lib/notify';
import { trpc } from '@/client/lib/trpc';

const SAVE_FAILED = 'Failed to save';

/** Saves the staff member's own name, phone and picture; `onSaved` gets the account as saved. */
export function useUpdateOwnProfile(onSaved: (updated: AdminAccount) => void) {
  return trpc.admin.account.updateOwnProfile.useMutation({
    onSuccess: (updated) => {
      adminAuthStore.setCredentials(updated);
      onSaved(updated);
      notifySuccess('Profile updated!');
    },
    onError: (error) => {
      notifyError(error, SAVE_FAILED);
    },
  });
}

/**
 * Saves the salon's public details; the answer becomes the section's data, and what shows them
 * elsewhere (the public contact info, the e-mail Notifications names) is read again.
 */
export function useUpdateSalonDetails() {
  const utils = trpc.useUtils();
  return trpc.admin.salonDetails.update.useMutation({
    onSuccess: (saved) => {
      utils.admin.salonDetails.get.setData(undefined, saved);
      void utils.public.contact.invalidate();
      void utils.admin.notifications.invalidate();
      notifySuccess('Salon details saved');
    },
    onError: (error) => {
      notifyError(error, SAVE_FAILED);
    },
  });
}
