import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { REASON_MAX_LENGTH } from '@/shared/constants';
import type { Booking } from '@/shared/schemas/bookings';
import { type Closure, createClosureSchema } from '@/shared/schemas/closures';
import { AdminTable, type AdminColumn } from '@/client/components/admin/admin-table';
import { ConfirmDeleteModal } from '@/client/components/admin/confirm-delete-modal';
import { useModalTarget } from '@/client/components/admin/use-modal-target';
import { useErrorToast } from '@/client/lib/use-error-toast';
import { DateField } from '@/client/components/forms/date-field';
import { trpc } from '@/client/lib/trpc';
import { SettingsCard } from './settings-card';
import { useCreateClosure, useDeleteClosure } from './api/closures';
import { AffectedBookingsAlert } from '@/client/features/admin/shared/affected-bookings-alert';
import { formatDayWithWeekday } from '@/shared/time-format';

const FETCH_FAILED = 'Failed to load the closed days';

/**
 * Settings > Closed days: whole days the salon is shut (public holidays, a refurbishment). Nobody
 * can book them; bookings already on such a day stay and are listed for the admin to move.
 */
export function ClosedDaysSection() {
  const closuresQuery = trpc.admin.closures.list.useQuery();
  useErrorToast(closuresQuery.error, FETCH_FAILED, 'admin-closures-fetch-error');
  const [affected, setAffected] = useState<Booking[]>([]);
  const deleting = useModalTarget<Closure>();
  const remove = useDeleteClosure(deleting.close);

  const columns: AdminColumn<Closure>[] = [
    {
      header: 'Date',
      cell: (closure) => (
        <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
          {formatDayWithWeekday(closure.date)}
        </Text>
      ),
    },
    {
      header: 'Reason',
      cell: (closure) =>
        closure.reason ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {closure.reason}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            None given
          </Text>
        ),
    },
    {
      header: 'Actions',
      width: 100,
      cell: (closure) => (
        <Button
          size="compact-sm"
          variant="light"
          color="red"
          onClick={() => deleting.open(closure)}
          aria-label={`Delete closed day ${formatDayWithWeekday(closure.date)}`}
        >
          Delete
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <SettingsCard
        title="Closed days"
        description="Days the whole salon is closed, such as public holidays. No one can book them. Bookings already made for such a day are not cancelled: you are shown them so you can move or cancel each."
      >
        <CreateClosureForm onAdded={setAffected} />
        <AffectedBookingsAlert
          bookings={affected}
          what="This closed day"
          showSpecialist
          onClose={() => setAffected([])}
        />
      </SettingsCard>
      <AdminTable
        label="Closed days"
        columns={columns}
        items={closuresQuery.data}
        getKey={(closure) => closure._id}
        loading={closuresQuery.isPending}
        error={closuresQuery.error}
        errorFallback={FETCH_FAILED}
        onRetry={() => void closuresQuery.refetch()}
        emptyText="No closed days ahead."
        minWidth={320}
      />
      <ConfirmDeleteModal
        opened={deleting.opened}
        onClose={deleting.close}
        title="Delete closed day"
        loading={remove.isPending}
        onConfirm={() => {
          if (deleting.item) remove.mutate({ id: deleting.item._id });
        }}
      >
        Open the salon again on <b>{deleting.item ? formatDayWithWeekday(deleting.item.date) : ''}</b>? Customers can
        book it at once.
      </ConfirmDeleteModal>
    </Stack>
  );
}

function CreateClosureForm({ onAdded }: { onAdded: (affected: Booking[]) => void }) {
  const form = useForm({
    initialValues: { date: '', reason: '' },
    validate: schemaResolver(createClosureSchema, { sync: true }),
  });
  const create = useCreateClosure({
    form,
    onAdded: (affected) => {
      form.reset();
      onAdded(affected);
    },
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        onAdded([]);
        create.mutate(values);
      })}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DateField label="Date" required {...form.getInputProps('date')} />
          <TextInput
            label="Reason"
            placeholder="Optional, e.g. New Year's Day"
            maxLength={REASON_MAX_LENGTH}
            {...form.getInputProps('reason')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            Add closed day
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
