import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { REASON_MAX_LENGTH } from '@/shared/constants';
import type { Booking } from '@/shared/schemas/booking';
import { createTimeOffSchema, type TimeOff } from '@/shared/schemas/schedule';
import type { Specialist } from '@/shared/schemas/specialist';
import { DateTimeField } from '@/client/components/forms/date-time-field';
import { serverFieldErrors } from '@/client/components/forms/server-field-errors';
import { errorMessage } from '@/client/lib/errors';
import { notifyError, notifySuccess } from '@/client/lib/notify';
import { trpc } from '@/client/lib/trpc';
import { useInvalidateSalonDay } from '@/client/features/admin/salon-day-queries';
import { AffectedBookingsAlert } from '@/client/features/admin/affected-bookings-alert';
import { formatLocalSpan, localSpanEnds } from '@/client/features/admin/schedule-format';

const nowrap = { whiteSpace: 'nowrap' } as const;

const FETCH_FAILED = 'Failed to load the time off';
const CREATE_FAILED = 'Failed to add time off';
const DELETE_FAILED = 'Failed to delete time off';


/** The time off part of "Hours & time off": what is planned from today on, and a form to add more. */
export function TimeOffPanel({ specialist }: { specialist: Specialist }) {
  const [affected, setAffected] = useState<Booking[]>([]);
  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Text component="h3" fw={600} m={0}>
          Add time off
        </Text>
        <TimeOffForm specialist={specialist} onAdded={setAffected} />
        <AffectedBookingsAlert
          bookings={affected}
          what="This time off"
          showSpecialist={false}
          onClose={() => setAffected([])}
        />
      </Stack>
      <Stack gap="sm">
        <Text component="h3" fw={600} m={0}>
          Planned time off
        </Text>
        <TimeOffList specialist={specialist} />
      </Stack>
    </Stack>
  );
}

interface TimeOffValues {
  id: string;
  /** `YYYY-MM-DDTHH:MM`, as the date-time field gives it (salon time); '' until it has both. */
  startsAt: string;
  endsAt: string;
  reason: string;
}

function TimeOffForm({ specialist, onAdded }: { specialist: Specialist; onAdded: (affected: Booking[]) => void }) {
  const invalidate = useInvalidateSalonDay();
  const form = useForm<TimeOffValues>({
    initialValues: { id: specialist._id, startsAt: '', endsAt: '', reason: '' },
    validate: schemaResolver(createTimeOffSchema, { sync: true }),
  });
  const create = trpc.admin.timeOff.create.useMutation({
    onSuccess: (created) => {
      form.reset();
      invalidate();
      notifySuccess('Time off added');
      onAdded(created.affectedBookings);
    },
    onError: (error) => {
      notifyError(error, CREATE_FAILED);
      form.setErrors(serverFieldErrors(error));
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
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DateTimeField label="Start" required {...form.getInputProps('startsAt')} />
          <DateTimeField label="End" required {...form.getInputProps('endsAt')} />
        </SimpleGrid>
        <TextInput
          label="Reason"
          placeholder="e.g. Holiday, training"
          description="Optional; only the back office sees it."
          maxLength={REASON_MAX_LENGTH}
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            Add time off
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function TimeOffList({ specialist }: { specialist: Specialist }) {
  const listQuery = trpc.admin.timeOff.list.useQuery({ id: specialist._id });
  const invalidate = useInvalidateSalonDay();
  const remove = trpc.admin.timeOff.delete.useMutation({
    onSuccess: () => {
      invalidate();
      notifySuccess('Time off deleted');
    },
    onError: (error) => {
      notifyError(error, DELETE_FAILED);
    },
  });

  if (listQuery.isPending) return <Skeleton height={48} radius="md" />;
  if (listQuery.isError) {
    return (
      <Group gap="sm">
        <Text c="red.8" size="sm">
          {errorMessage(listQuery.error, FETCH_FAILED)}
        </Text>
        <Button size="compact-sm" variant="outline" onClick={() => void listQuery.refetch()}>
          Try again
        </Button>
      </Group>
    );
  }
  if (listQuery.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No time off planned.
      </Text>
    );
  }
  return (
    <Stack gap="xs" role="list" aria-label="Planned time off">
      {listQuery.data.map((entry) => (
        <TimeOffRow
          key={entry._id}
          entry={entry}
          deleting={remove.isPending && remove.variables.timeOffId === entry._id}
          onDelete={() => remove.mutate({ id: specialist._id, timeOffId: entry._id })}
        />
      ))}
    </Stack>
  );
}

function TimeOffRow({ entry, deleting, onDelete }: { entry: TimeOff; deleting: boolean; onDelete: () => void }) {
  const span = formatLocalSpan(entry.startsAt, entry.endsAt);
  const [start, end] = localSpanEnds(entry.startsAt, entry.endsAt);
  return (
    <Paper withBorder radius="md" px="sm" py="xs" role="listitem">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          {/* Each end stays whole; the span may break after the dash. */}
          <Text size="sm" fw={500}>
            <span style={nowrap}>{start} –</span> <span style={nowrap}>{end}</span>
          </Text>
          {entry.reason ? (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {entry.reason}
            </Text>
          ) : null}
        </div>
        <Button
          size="compact-sm"
          variant="light"
          color="red"
          loading={deleting}
          onClick={onDelete}
          aria-label={`Delete time off ${span}`}
          style={{ flexShrink: 0 }}
        >
          Delete
        </Button>
      </Group>
    </Paper>
  );
}
