// My account's calls: what each refreshes and the toasts it shows.
import { showServerFieldErrors, type FieldErrorsTarget } from '@/client/components/forms/server-field-errors';
import { userAuthStore, type UserAccount } from '@/client/lib/auth/user-auth-store';
import { errorMessage } from '@/client/lib/errors';
import { notifyError, notifySuccess } from '@/client/lib/notify';
import { trpc } from '@/client/lib/trpc';

const SAVE_FAILED = 'Failed to save';
const SEND_FAILED = 'Failed to send OTP. Try again.';
const CHANGE_FAILED = 'Failed to change your email.';
const DELETE_FAILED = 'Your account could not be deleted. Please try again.';

/** Saves the customer's name, phone and picture; `onSaved` gets the updated account. */
export function useUpdateProfile(onSaved: (updated: UserAccount) => void) {
  return trpc.customer.account.updateProfile.useMutation({
    onSuccess: (updated) => {
      userAuthStore.setCredentials(updated);
      onSaved(updated);
      notifySuccess('Profile updated!');
    },
    onError: (error) => {
      notifyError(error, SAVE_FAILED);
    },
  });
}

/** The server's words under the field they concern: the address, unless it names another field. */
function showEmailChangeRefusal(form: FieldErrorsTarget, error: unknown, fallback: string): void {
  showServerFieldErrors(form, error, (fields) =>
    Object.keys(fields).length > 0 ? fields : { email: errorMessage(error, fallback) },
  );
  notifyError(error, fallback);
}

/** Mails a code to the new address; `onSent` gets the address it went to. */
export function useRequestEmailChange({ form, onSent }: { form: FieldErrorsTarget; onSent: (email: string) => void }) {
  return trpc.customer.account.requestEmailChange.useMutation({
    onSuccess: (sent) => {
      onSent(sent.email);
      notifySuccess('OTP sent to your email!');
    },
    onError: (error) => {
      showEmailChangeRefusal(form, error, SEND_FAILED);
    },
  });
}

/** Moves the account to the new address once its code is right; `onChanged` starts the form over. */
export function useConfirmEmailChange({ form, onChanged }: { form: FieldErrorsTarget; onChanged: () => void }) {
  return trpc.customer.account.confirmEmailChange.useMutation({
    onSuccess: (updated) => {
      userAuthStore.setCredentials(updated);
      onChanged();
      notifySuccess('Email changed!');
    },
    onError: (error) => {
      showEmailChangeRefusal(form, error, CHANGE_FAILED);
    },
  });
}

/** Deletes the account (the password confirms it); `onDeleted` runs once the server has deleted it. */
export function useDeleteAccount({ form, onDeleted }: { form: FieldErrorsTarget; onDeleted: () => void }) {
  return trpc.customer.account.deleteAccount.useMutation({
    onSuccess: () => {
      onDeleted();
      notifySuccess('Your account has been deleted.');
    },
    onError: (error) => {
      showServerFieldErrors(form, error);
      notifyError(error, DELETE_FAILED);
    },
  });
}

/** Turns reminder e-mails on or off; the answer becomes the switch's state. */
export function useSaveReminderMails() {
  const utils = trpc.useUtils();
  return trpc.customer.account.updateReminderMails.useMutation({
    onSuccess: (saved) => {
      utils.customer.account.reminderMails.setData(undefined, saved);
      notifySuccess(
        saved.reminderMails ? 'Reminders and review requests turned on' : 'Reminders and review requests turned off',
      );
    },
    onError: (error) => {
      notifyError(error, SAVE_FAILED);
    },
  });
}

/** Turns the nudges to rebook on or off; the answer becomes the switch's state. */
export function useSaveNudges() {
  const utils = trpc.useUtils();
  return trpc.customer.account.updateNudges.useMutation({
    onSuccess: (saved) => {
      utils.customer.account.nudges.setData(undefined, saved);
      notifySuccess(saved.nudges ? 'Nudges to rebook turned on' : 'Nudges to rebook turned off');
    },
    onError: (error) => {
      notifyError(error, SAVE_FAILED);
    },
  });
}
