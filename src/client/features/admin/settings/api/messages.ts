// Settings > Messages: the resend call, what it refreshes and the toasts it shows.
import { notifyError, notifySuccess } from '@/client/lib/notify';
import { trpc } from '@/client/lib/trpc';

const RESEND_FAILED = 'Failed to resend message';

export function useResend() {
  const utils = trpc.useUtils();
  return trpc.admin.messages.resend.useMutation({
    onSuccess: () => {
      notifySuccess('Message queued to be sent again');
      void utils.admin.messages.list.invalidate();
    },
    onError: (error) => {
      notifyError(error, RESEND_FAILED);
    },
  });
}
