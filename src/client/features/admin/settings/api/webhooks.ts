// Settings > Webhooks: the calls, what each refreshes and the toasts it shows.
import type { WebhookEndpointView } from '@/shared/schemas/webhooks';
import { showServerFieldErrors, type FieldErrorsTarget } from '@/client/components/forms/server-field-errors';
import { notifyError, notifySuccess } from '@/client/lib/notify';
import { trpc } from '@/client/lib/trpc';

const CREATE_FAILED = 'Failed to add endpoint';
const DELETE_FAILED = 'Failed to delete endpoint';
const TEST_FAILED = 'Failed to send test event';

export type CreatedEndpoint = WebhookEndpointView & { secret: string };

/** Adds an endpoint; `onCreated` gets it with its signing secret, shown once. */
export function useCreateEndpoint({
  form,
  onCreated,
}: {
  form: FieldErrorsTarget;
  onCreated: (created: CreatedEndpoint) => void;
}) {
  const utils = trpc.useUtils();
  return trpc.admin.webhooks.create.useMutation({
    onSuccess: (created) => {
      void utils.admin.webhooks.list.invalidate();
      notifySuccess('Endpoint added');
      onCreated(created);
    },
    onError: (error) => {
      notifyError(error, CREATE_FAILED);
      // A private address, plain http:// or a host that does not resolve: said under the URL.
      showServerFieldErrors(form, error);
    },
  });
}

/** Deletes an endpoint; `onDone` runs either way (it closes the confirmation). */
export function useDeleteEndpoint(onDone: () => void) {
  const utils = trpc.useUtils();
  return trpc.admin.webhooks.delete.useMutation({
    onSuccess: () => {
      void utils.admin.webhooks.list.invalidate();
      notifySuccess('Endpoint deleted');
      onDone();
    },
    onError: (error) => {
      notifyError(error, DELETE_FAILED);
      onDone();
    },
  });
}

export function useSendTestEvent(onQueued: () => void) {
  const utils = trpc.useUtils();
  return trpc.admin.webhooks.test.useMutation({
    onSuccess: () => {
      notifySuccess('Test event queued');
      onQueued();
      // Shows it queued now; the list's polling then shows how the delivery went.
      void utils.admin.webhooks.list.invalidate();
    },
    onError: (error) => {
      notifyError(error, TEST_FAILED);
      // An endpoint deleted in another tab disappears here too.
      void utils.admin.webhooks.list.invalidate();
    },
  });
}
