// Settings > Account Setting: the save call, what it refreshes and the toasts it shows.
import { adminAuthStore, type AdminAccount } from '@/client/lib/auth/admin-auth-store';
import { notifyError, notifySuccess } from '@/client/lib/notify';
import { trpc } from '@/client/lib/trpc';

const SAVE_FAILED = 'Failed to save';

/**
 * Saves the admin's profile (the salon's public contact info too); `onSaved` gets the account
 * and the contact e-mail that was sent (undefined when it was left as it was).
 */
export function useUpdateAdminProfile(onSaved: (updated: AdminAccount, contactEmail: string | undefined) => void) {
  const utils = trpc.useUtils();
  return trpc.admin.account.updateProfile.useMutation({
    onSuccess: (updated, sent) => {
      adminAuthStore.setCredentials(updated);
      onSaved(updated, sent.contactEmail);
      void utils.public.contact.invalidate();
      notifySuccess('Profile updated!');
    },
    onError: (error) => {
      notifyError(error, SAVE_FAILED);
    },
  });
}
