import { Button, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  API_TOKEN_NAME_MAX_LENGTH,
  createApiTokenSchema,
  type ApiTokenView,
  type CreatedApiToken,
} from '@/shared/schemas/api-tokens';
import { AdminTable, type AdminColumn } from '@/client/components/admin/admin-table';
import { ConfirmDeleteModal } from '@/client/components/admin/confirm-delete-modal';
import { SecretOnceModal } from '@/client/components/admin/secret-once-modal';
import { useModalTarget, type ModalTarget } from '@/client/components/admin/use-modal-target';
import { useErrorToast } from '@/client/lib/use-error-toast';
import { trpc } from '@/client/lib/trpc';
import { useCreateToken, useRevokeToken } from './api/api-tokens';
import { SettingsCard } from './settings-card';
import { formatDateTime } from '@/client/features/admin/shared/admin-format';

const FETCH_FAILED = 'Failed to load API tokens';

/**
 * Settings > API tokens: named tokens that let scripts call /trpc and /api/v1 as this admin
 * (`Authorization: Bearer`). The secret is shown once, right after creation.
 */
export function ApiTokensSection() {
  const tokensQuery = trpc.admin.apiTokens.list.useQuery();
  useErrorToast(tokensQuery.error, FETCH_FAILED, 'admin-api-tokens-fetch-error');
  const secret = useModalTarget<CreatedApiToken>();
  const revoking = useModalTarget<ApiTokenView>();
  const revoke = useRevokeToken(revoking.close);

  const columns: AdminColumn<ApiTokenView>[] = [
    {
      header: 'Name',
      card: 'title',
      cell: (token) => (
        <Text size="sm" fw={500}>
          {token.name}
        </Text>
      ),
    },
    { header: 'Created', cell: (token) => formatDateTime(token.createdAt) },
    {
      header: 'Last used',
      cell: (token) =>
        token.lastUsedAt ? (
          formatDateTime(token.lastUsedAt)
        ) : (
          <Text size="sm" c="dimmed">
            Never
          </Text>
        ),
    },
    {
      header: 'Actions',
      card: 'actions',
      width: 110,
      cell: (token) => (
        // A quiet button that asks first: the red one is in the question.
        <Button
          size="compact-sm"
          variant="default"
          onClick={() => revoking.open(token)}
          aria-label={`Revoke ${token.name}`}
        >
          Revoke
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <SettingsCard
        title="API tokens"
        description="A token lets a script call the API as you. Treat it like your password, and revoke it when the script no longer needs it."
      >
        <CreateTokenForm onCreated={(created) => secret.open(created)} />
      </SettingsCard>
      <AdminTable
        label="API tokens"
        columns={columns}
        items={tokensQuery.data}
        getKey={(token) => token._id}
        loading={tokensQuery.isPending}
        error={tokensQuery.error}
        errorFallback={FETCH_FAILED}
        onRetry={() => void tokensQuery.refetch()}
        emptyText="No API tokens yet. Create one above for each script that needs access."
        minWidth={560}
      />
      <SecretModal target={secret} />
      <ConfirmDeleteModal
        opened={revoking.opened}
        onClose={revoking.close}
        onConfirm={() => {
          if (revoking.item) revoke.mutate({ id: revoking.item._id });
        }}
        title="Revoke token"
        loading={revoke.isPending}
        confirmLabel="Revoke"
      >
        Revoke <b>{revoking.item?.name}</b>? Scripts using it are refused at once. This cannot be undone.
      </ConfirmDeleteModal>
    </Stack>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (created: CreatedApiToken) => void }) {
  const form = useForm({
    initialValues: { name: '' },
    validate: schemaResolver(createApiTokenSchema, { sync: true }),
  });
  const create = useCreateToken((created) => {
    form.reset();
    onCreated(created);
  });

  return (
    <form noValidate onSubmit={form.onSubmit(({ name }) => create.mutate({ name }))}>
      <Stack gap="sm">
        <TextInput
          label="Token name"
          placeholder="e.g. Nightly backup script"
          description={`What the token is for; at most ${API_TOKEN_NAME_MAX_LENGTH} characters.`}
          required
          maxLength={API_TOKEN_NAME_MAX_LENGTH}
          {...form.getInputProps('name')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            Create token
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The new token's secret, this once: copy it now or make another. */
function SecretModal({ target }: { target: ModalTarget<CreatedApiToken> }) {
  const token = target.item?.token ?? '';
  return (
    <SecretOnceModal
      opened={target.opened}
      onClose={target.close}
      title="Copy your new token"
      secret={token}
      testId="api-token-secret"
      copyLabel="Copy token"
      hint={
        <>
          Send it with every request to /api/v1 or /trpc: <Code>Authorization: Bearer {token.slice(0, 10)}…</Code>
        </>
      }
    >
      Copy the token for <b>{target.item?.apiToken.name}</b> now and keep it somewhere safe. If it is lost, revoke it
      and create a new one.
    </SecretOnceModal>
  );
}
