import { Badge, Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { STAFF_ROLES, type StaffRole } from '@/shared/constants';
import { roleName } from '@/shared/roles';
import { inviteStaffSchema, type InviteStaffInput, type StaffMember } from '@/shared/schemas/team';
import { AdminTable, type AdminColumn } from '@/client/components/admin/admin-table';
import { ConfirmDeleteModal } from '@/client/components/admin/confirm-delete-modal';
import { useModalTarget } from '@/client/components/admin/use-modal-target';
import { useErrorToast } from '@/client/lib/use-error-toast';
import { trpc } from '@/client/lib/trpc';
import { useAdminAuth } from '@/client/lib/auth/admin-auth-store';
import { useInviteStaff, useUpdateStaff } from './api/team';
import { SettingsCard } from './settings-card';
import { CalendarFeedsSection } from './calendar-feeds-section';

const FETCH_FAILED = 'Failed to load the team';

const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: roleName(role) }));

const STATUS_COLORS = { invited: 'yellow', active: 'green', deactivated: 'gray' } as const;

/** What each role opens, as the invite form tells it. */
const ROLE_HINTS: Record<StaffRole, string> = {
  owner: 'Everything, including the team, API tokens and webhooks.',
  manager: 'Everything but the team, API tokens and webhooks.',
  reception: 'Calendar, appointments, phone bookings, customers and reviews; no prices, reports or settings.',
  specialist: 'My day: their own bookings, marked completed or no-show, and their own time off.',
};

/**
 * Settings > Team (owner only): everyone with a back-office account, their role and status;
 * invitations by e-mail; another role; deactivate and reactivate.
 */
export function TeamSection() {
  const teamQuery = trpc.admin.team.list.useQuery();
  useErrorToast(teamQuery.error, FETCH_FAILED, 'admin-team-fetch-error');
  const { admin } = useAdminAuth();
  const update = useUpdateStaff();
  const [inviting, invite] = useDisclosure(false);
  const deactivating = useModalTarget<StaffMember>();

  const columns: AdminColumn<StaffMember>[] = [
    {
      header: 'Name',
      card: 'title',
      cell: (member) => (
        <div>
          <Text size="sm" fw={500}>
            {member.fullName}
            {member._id === admin?._id ? ' (you)' : ''}
          </Text>
          <Text size="xs" c="dimmed">
            {member.email}
          </Text>
        </div>
      ),
    },
    {
      header: 'Role',
      width: 170,
      cell: (member) =>
        member.role === 'specialist' ? (
          <Text size="sm">Specialist: {member.specialist?.name ?? '—'}</Text>
        ) : (
          <Select
            aria-label={`Role of ${member.fullName}`}
            data={ROLE_OPTIONS.filter((option) => option.value !== 'specialist')}
            value={member.role}
            allowDeselect={false}
            disabled={update.isPending}
            size="xs"
            comboboxProps={{ withinPortal: true }}
            onChange={(role) => {
              if (role && role !== member.role) update.mutate({ id: member._id, role });
            }}
          />
        ),
    },
    {
      header: 'Status',
      card: 'status',
      width: 120,
      cell: (member) => (
        <Badge color={STATUS_COLORS[member.status]} variant="light">
          {member.status}
        </Badge>
      ),
    },
    {
      header: 'Actions',
      card: 'actions',
      width: 130,
      cell: (member) =>
        member._id === admin?._id ? null : member.status === 'deactivated' ? (
          <Button
            size="compact-sm"
            variant="light"
            color="green"
            loading={update.isPending && update.variables.id === member._id}
            aria-label={`Reactivate ${member.fullName}`}
            onClick={() => update.mutate({ id: member._id, active: true })}
          >
            Reactivate
          </Button>
        ) : (
          // A quiet button that asks first: the red one is in the question.
          <Button
            size="compact-sm"
            variant="default"
            aria-label={`Deactivate ${member.fullName}`}
            onClick={() => deactivating.open(member)}
          >
            Deactivate
          </Button>
        ),
    },
  ];

  return (
    <Stack gap="lg">
      <SettingsCard
        title="Team"
        description="Everyone who signs in to the back office, and what their role opens. Deactivating someone ends their sessions and API tokens at once."
      >
        <Group>
          <Button onClick={invite.open}>Invite a member of staff</Button>
        </Group>
      </SettingsCard>
      <AdminTable
        label="Team"
        columns={columns}
        items={teamQuery.data}
        getKey={(member) => member._id}
        loading={teamQuery.isPending}
        error={teamQuery.error}
        errorFallback={FETCH_FAILED}
        onRetry={() => void teamQuery.refetch()}
        emptyText="Nobody yet."
        minWidth={620}
      />
      <CalendarFeedsSection />
      <ConfirmDeleteModal
        opened={deactivating.opened}
        onClose={deactivating.close}
        onConfirm={() => {
          if (deactivating.item)
            update.mutate({ id: deactivating.item._id, active: false }, { onSettled: deactivating.close });
        }}
        title="Deactivate account"
        loading={update.isPending}
        confirmLabel="Deactivate"
      >
        Deactivate <b>{deactivating.item?.fullName}</b>? They are signed out at once and cannot sign in, and their API
        tokens stop working. You can reactivate them later.
      </ConfirmDeleteModal>
      <Modal opened={inviting} onClose={invite.close} title="Invite a member of staff" centered size="lg">
        {inviting && <InviteForm onDone={invite.close} />}
      </Modal>
    </Stack>
  );
}

function InviteForm({ onDone }: { onDone: () => void }) {
  const form = useForm<InviteStaffInput>({
    initialValues: { email: '', fullName: '', role: 'reception', specialistId: '' },
    validate: schemaResolver(inviteStaffSchema, { sync: true }),
  });
  const specialists = trpc.public.specialists.list.useQuery();
  const invite = useInviteStaff({ form, onInvited: onDone });
  const role = form.getValues().role;

  return (
    <form noValidate onSubmit={form.onSubmit((values) => invite.mutate(inviteStaffSchema.parse(values)))}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          They get an e-mail with a link to choose their password (valid 72 hours), then sign in at the back office.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Full name" required {...form.getInputProps('fullName')} />
          <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
          <Select
            label="Role"
            data={ROLE_OPTIONS}
            allowDeselect={false}
            required
            description={ROLE_HINTS[role]}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('role')}
          />
          {role === 'specialist' && (
            <Select
              label="Specialist"
              placeholder="Who they are"
              data={(specialists.data ?? []).map((s) => ({ value: s._id, label: s.name }))}
              required
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('specialistId')}
            />
          )}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={invite.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={invite.isPending}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
