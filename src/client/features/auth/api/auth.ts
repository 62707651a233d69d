// Sign-up and the forgotten password: the calls and the toasts they show.
import { notifyError, notifySuccess } from '@/client/lib/notify';
import { trpc } from '@/client/lib/trpc';

/** The message when the sign-up code cannot be sent (also a refused address's fallback). */
export const SEND_OTP_FAILED = 'Failed to send OTP. Try again.';
const INVALID_OTP = 'Invalid OTP.';
const REGISTRATION_FAILED = 'Registration failed. Please try again.';
const SEND_RESET_FAILED = 'Failed to send reset link. Please try again.';
const RESET_FAILED = 'Reset failed';

/** Mails the sign-up code; `onSent` runs once it is on its way. */
export function useSendSignupOtp(onSent: () => void) {
  return trpc.public.auth.sendOtp.useMutation({
    onSuccess: () => {
      onSent();
      notifySuccess('OTP sent to your email!');
    },
    onError: (error) => {
      notifyError(error, SEND_OTP_FAILED);
    },
  });
}

/** Checks the sign-up code; `onChecked` says whether it was right. */
export function useVerifySignupOtp(onChecked: (verified: boolean) => void) {
  return trpc.public.auth.verifyOtp.useMutation({
    onSuccess: () => {
      onChecked(true);
      notifySuccess('OTP Verified!');
    },
    onError: (error) => {
      onChecked(false);
      notifyError(error, INVALID_OTP);
    },
  });
}

/** Creates the account; `onRegistered` leads on to the login page. */
export function useRegister(onRegistered: () => void) {
  return trpc.public.auth.register.useMutation({
    onSuccess: () => {
      notifySuccess('Registration successful');
      onRegistered();
    },
    onError: (error) => {
      notifyError(error, REGISTRATION_FAILED);
    },
  });
}

/** Mails a reset link to whichever account has the address. */
export function useForgotPassword() {
  return trpc.public.auth.forgotPassword.useMutation({
    onSuccess: () => {
      notifySuccess('Password reset link sent! Please check your email.');
    },
    onError: (error) => {
      notifyError(error, SEND_RESET_FAILED);
    },
  });
}

/** Sets the new password from the e-mailed link; `onReset` leads on to the login page. */
/** A new member of staff chooses their password from the invitation; `onAccepted` leads to the back office's login. */
export function useAcceptInvitation(onAccepted: () => void) {
  return trpc.public.adminAuth.acceptInvite.useMutation({
    onSuccess: (answer) => {
      notifySuccess(answer.message);
      onAccepted();
    },
    onError: (error) => {
      notifyError(error, 'The password could not be set. Please try again.');
    },
  });
}

export function useResetPassword(onReset: () => void) {
  return trpc.public.auth.resetPassword.useMutation({
    onSuccess: () => {
      notifySuccess('Password reset successful! Please login.');
      onReset();
    },
    onError: (error) => {
      notifyError(error, RESET_FAILED);
    },
  });
}
