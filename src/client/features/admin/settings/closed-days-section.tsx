import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { isTRPCClientError } from '@trpc/client';
import { useState } from 'react';
import { REASON_MAX_LENGTH } from '@/shared/constants';
import type { Booking } from '@/shared/schemas/booking';
import { createClosureSchema, type Closure } from '@/shared/schemas/schedule';
import type { AppRouter } from '@/server/routers';
import { AdminTable, type AdminColumn } from '@/client/components/admin/admin-table';
import { ConfirmDeleteModal } from '@/client/components/admin/confirm-delete-modal';
import { useModalTarget } from '@/client/components/admin/use-modal-target';
import { useQueryErrorToast } from '@/client/components/admin/use-query-error-toast';
import { DateField } from '@/client/components/forms/date-field';
import { serverFieldErrors } from '@/client/components/forms/server-field-errors';
import { notifyError, notifySuccess } from '@/client/lib/notify';
import { trpc } from '@/client/lib/trpc';
import { SettingsCard } from './settings-card';
import { useInvalidateSalonDay } from '@/client/features/admin/salon-day-queries';
import { AffectedBookingsAlert } from '@/client/features/admin/affected-bookings-alert';
import { formatDayWithWeekday } from '@/client/features/admin/schedule-format';

const FETCH_FAILED = 'Failed to load the closed days';
const CREATE_FAILED = 'Failed to add the closed day';
const DELETE_FAILED = 'Failed to delete the closed day';


/**
 * Settings > Closed days: whole days the salon is shut (public holidays, a refurbishment). Nobody
 * can book them; bookings already on such a day stay and are listed for the admin to move.
 */
export function ClosedDaysSection() {
  const closuresQuery = trpc.admin.closures.list.useQuery();
  useQueryErrorToast(closuresQuery.error, FETCH_FAILED, 'admin-closures-fetch-error');
  const [affected, setAffected] = useState<Booking[]>([]);
  const deleting = useModalTarget<Closure>();
  const invalidate = useInvalidateSalonDay();
  const remove = trpc.admin.closures.delete.useMutation({
    onSuccess: () => {
      invalidate();
      notifySuccess('Closed day deleted');
      deleting.close();
    },
    onError: (error) => {
      notifyError(error, DELETE_FAILED);
      deleting.close();
    },
  });

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
      <SettingsCard title="Closed days" description="Days the whole salon is closed, such as public holidays. No one can book them. Bookings already made for such a day are not cancelled: you are shown them so you can move or cancel each.">
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
  const invalidate = useInvalidateSalonDay();
  const form = useForm({
    initialValues: { date: '', reason: '' },
    validate: schemaResolver(createClosureSchema, { sync: true }),
  });
  const create = trpc.admin.closures.create.useMutation({
    onSuccess: (created) => {
      form.reset();
      invalidate();
      notifySuccess('Closed day added');
      onAdded(created.affectedBookings);
    },
    onError: (error) => {
      notifyError(error, CREATE_FAILED);
      const errors = serverFieldErrors(error);
      // "Closed on this day already" is about the date the admin picked.
      if (isTRPCClientError<AppRouter>(error) && error.data?.code === 'CONFLICT') errors.date = error.message;
      form.setErrors(errors);
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
