import { Badge, Button, Checkbox, Code, Group, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useRef } from 'react';
import { MESSAGE_STATUS_LOOK } from '@/shared/schemas/messages';
import {
  type CreateWebhookInput,
  createWebhookSchema,
  WEBHOOK_EVENTS,
  WEBHOOK_URL_MAX_LENGTH,
  type WebhookEndpointView,
  type WebhookEvent,
} from '@/shared/schemas/webhooks';
import { AdminTable, type AdminColumn } from '@/client/components/admin/admin-table';
import { ConfirmDeleteModal } from '@/client/components/admin/confirm-delete-modal';
import { RowActions } from '@/client/components/admin/row-actions';
import { SecretOnceModal } from '@/client/components/admin/secret-once-modal';
import { useModalTarget, type ModalTarget } from '@/client/components/admin/use-modal-target';
import { useErrorToast } from '@/client/lib/use-error-toast';
import { trpc } from '@/client/lib/trpc';
import { useCreateEndpoint, useDeleteEndpoint, useSendTestEvent, type CreatedEndpoint } from './api/webhooks';
import { SettingsCard } from './settings-card';
import { formatDateTime } from '@/client/features/admin/shared/admin-format';

const FETCH_FAILED = 'Failed to load webhook endpoints';

/** What each event means to the salon, beside its name in the form. */
const EVENT_DESCRIPTIONS: Record<WebhookEvent, string> = {
  'booking.created': 'A booking is made, online or by the salon.',
  'booking.rescheduled': 'A booking moves to another time or specialist.',
  'booking.status_changed': 'A booking is confirmed, completed or cancelled (with its previous status).',
  'booking.cancelled': 'A booking is cancelled, by the customer or the salon.',
  'review.created': 'A customer leaves a review.',
};

/** After a test event, the list is asked again every so often until its delivery has an outcome. */
const POLL_MS = 2_000;
const POLL_FOR_MS = 20_000;

const inFlight = (endpoints: readonly WebhookEndpointView[] | undefined) =>
  endpoints?.some(
    (endpoint) => endpoint.lastDelivery?.status === 'pending' || endpoint.lastDelivery?.status === 'sending',
  ) ?? false;

/**
 * Settings > Webhooks: URLs the salon posts its events to, as signed JSON. The signing secret is
 * shown once, right after an endpoint is added.
 */
export function WebhooksSection() {
  const pollUntil = useRef(0);
  const endpointsQuery = trpc.admin.webhooks.list.useQuery(undefined, {
    // Polls only for a little while after a test, not through a failing endpoint's hours of retries.
    refetchInterval: (query) => (Date.now() < pollUntil.current && inFlight(query.state.data) ? POLL_MS : false),
  });
  useErrorToast(endpointsQuery.error, FETCH_FAILED, 'admin-webhooks-fetch-error');
  const secret = useModalTarget<CreatedEndpoint>();
  const deleting = useModalTarget<WebhookEndpointView>();
  const remove = useDeleteEndpoint(deleting.close);
  const sendTest = useSendTestEvent(() => {
    pollUntil.current = Date.now() + POLL_FOR_MS;
  });

  const actions = (endpoint: WebhookEndpointView) => (
    <RowActions name={endpoint.url} onDelete={() => deleting.open(endpoint)}>
      <Button
        size="compact-sm"
        variant="light"
        loading={sendTest.isPending && sendTest.variables.id === endpoint._id}
        onClick={() => sendTest.mutate({ id: endpoint._id })}
        aria-label={`Send test event to ${endpoint.url}`}
      >
        Send test event
      </Button>
    </RowActions>
  );

  const columns: AdminColumn<WebhookEndpointView>[] = [
    { header: 'URL', card: 'title', cell: (endpoint) => <EndpointUrl url={endpoint.url} /> },
    { header: 'Events', width: 200, cell: (endpoint) => <EventBadges events={endpoint.events} /> },
    { header: 'Last delivery', width: 190, cell: (endpoint) => <LastDelivery delivery={endpoint.lastDelivery} /> },
    { header: 'Actions', card: 'actions', width: 210, cell: actions },
  ];
  const emptyText = "No webhook endpoints yet. Add one above to have the salon's events posted to it.";

  return (
    <Stack gap="lg">
      <SettingsCard
        title="Webhooks"
        description={
          <>
            The salon posts its events as JSON to your endpoints as they happen. Each delivery is signed the Standard
            Webhooks way (headers <Code>webhook-id</Code>, <Code>webhook-timestamp</Code>,{' '}
            <Code>webhook-signature</Code>) and retried for a while if your endpoint does not answer 2xx.
          </>
        }
      >
        <CreateEndpointForm onCreated={(created) => secret.open(created)} />
      </SettingsCard>
      {/* A table where there is room; on a phone a card per endpoint, each action in reach. */}
      <AdminTable
        label="Webhook endpoints"
        columns={columns}
        items={endpointsQuery.data}
        getKey={(endpoint) => endpoint._id}
        loading={endpointsQuery.isPending}
        error={endpointsQuery.error}
        errorFallback={FETCH_FAILED}
        onRetry={() => void endpointsQuery.refetch()}
        emptyText={emptyText}
        minWidth={820}
      />
      <SecretModal target={secret} />
      <ConfirmDeleteModal
        opened={deleting.opened}
        onClose={deleting.close}
        onConfirm={() => {
          if (deleting.item) remove.mutate({ id: deleting.item._id });
        }}
        title="Delete endpoint"
        loading={remove.isPending}
      >
        Delete the endpoint <b style={{ wordBreak: 'break-all' }}>{deleting.item?.url}</b>? It gets no more events, and
        deliveries to it not yet sent are cancelled.
      </ConfirmDeleteModal>
    </Stack>
  );
}

function EndpointUrl({ url }: { url: string }) {
  return (
    <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
      {url}
    </Text>
  );
}

function EventBadges({ events }: { events: readonly WebhookEvent[] }) {
  return (
    <Group gap={4}>
      {events.map((event) => (
        <Badge key={event} size="sm" variant="light" color="gray" tt="none" radius="sm">
          {event}
        </Badge>
      ))}
    </Group>
  );
}

function LastDelivery({ delivery }: { delivery: WebhookEndpointView['lastDelivery'] }) {
  if (!delivery) {
    return (
      <Text size="sm" c="dimmed">
        None yet
      </Text>
    );
  }
  return (
    <Stack gap={2} align="flex-start">
      <Group gap={6} wrap="nowrap">
        <Badge size="sm" variant="light" color={MESSAGE_STATUS_LOOK[delivery.status].color}>
          {MESSAGE_STATUS_LOOK[delivery.status].label}
        </Badge>
        {delivery.code !== null ? (
          <Text size="sm" ff="monospace" aria-label={`HTTP ${String(delivery.code)}`}>
            {delivery.code}
          </Text>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed">
        {formatDateTime(delivery.at)}
      </Text>
      {delivery.error ? (
        <Tooltip label={delivery.error} multiline w={280} withArrow>
          <Text size="xs" c="red.8" lineClamp={2} style={{ wordBreak: 'break-word' }}>
            {delivery.error}
          </Text>
        </Tooltip>
      ) : null}
    </Stack>
  );
}

function CreateEndpointForm({ onCreated }: { onCreated: (created: CreatedEndpoint) => void }) {
  const form = useForm<CreateWebhookInput>({
    initialValues: { url: '', events: [] },
    validate: schemaResolver(createWebhookSchema, { sync: true }),
  });
  const create = useCreateEndpoint({
    form,
    onCreated: (created) => {
      form.reset();
      onCreated(created);
    },
  });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => create.mutate(createWebhookSchema.parse(values)))}>
      <Stack gap="md">
        <TextInput
          label="Endpoint URL"
          placeholder="https://example.com/hooks/salon"
          description="Where the events are posted: an https:// URL on a public address."
          required
          type="url"
          inputMode="url"
          autoComplete="off"
          maxLength={WEBHOOK_URL_MAX_LENGTH}
          {...form.getInputProps('url')}
        />
        <Checkbox.Group
          label="Events"
          description="The events posted to this endpoint."
          required
          {...form.getInputProps('events')}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm" mt="xs">
            {WEBHOOK_EVENTS.map((event) => (
              <Checkbox
                key={event}
                value={event}
                label={<Code fz="sm">{event}</Code>}
                description={EVENT_DESCRIPTIONS[event]}
              />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            Add endpoint
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The new endpoint's signing secret, this once: copy it now or add the endpoint again. */
function SecretModal({ target }: { target: ModalTarget<CreatedEndpoint> }) {
  return (
    <SecretOnceModal
      opened={target.opened}
      onClose={target.close}
      title="Copy your signing secret"
      secret={target.item?.secret ?? ''}
      testId="webhook-secret"
      copyLabel="Copy secret"
      hint={
        <>
          Check each delivery&apos;s <Code>webhook-signature</Code> with it before trusting the body, e.g. with a
          Standard Webhooks library: <Code>new Webhook(secret).verify(body, headers)</Code>.
        </>
      }
    >
      Copy the secret for <b style={{ wordBreak: 'break-all' }}>{target.item?.url}</b> now and keep it with the code
      that receives the events. If it is lost, delete the endpoint and add it again.
    </SecretOnceModal>
  );
}
