// Settings > API tokens: the calls, what each refreshes and the toasts it shows.
import type { CreatedApiToken } from '@/shared/schemas/api-tokens';
import { notifyError, notifySuccess } from '@/client/lib/notify';
import { trpc } from '@/client/lib/trpc';

const CREATE_FAILED = 'Failed to create token';
const REVOKE_FAILED = 'Failed to revoke token';

/** Creates a token; `onCreated` gets it with its secret, shown once. */
export function useCreateToken(onCreated: (created: CreatedApiToken) => void) {
  const utils = trpc.useUtils();
  return trpc.admin.apiTokens.create.useMutation({
    onSuccess: (created) => {
      void utils.admin.apiTokens.list.invalidate();
      notifySuccess('Token created');
      onCreated(created);
    },
    onError: (error) => {
      notifyError(error, CREATE_FAILED);
    },
  });
}

/** Revokes a token; `onDone` runs either way (it closes the confirmation). */
export function useRevokeToken(onDone: () => void) {
  const utils = trpc.useUtils();
  return trpc.admin.apiTokens.revoke.useMutation({
    onSuccess: () => {
      void utils.admin.apiTokens.list.invalidate();
      notifySuccess('Token revoked');
      onDone();
    },
    onError: (error) => {
      notifyError(error, REVOKE_FAILED);
      onDone();
    },
  });
}
