import { Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Booking } from '@/shared/schemas/bookings';
import type { TimeOff } from '@/shared/schemas/time-off';
import type { Specialist } from '@/shared/schemas/specialists';
import { errorMessage } from '@/client/lib/errors';
import { trpc } from '@/client/lib/trpc';
import { AffectedBookingsAlert } from '@/client/features/admin/shared/affected-bookings-alert';
import { useDeleteTimeOff } from '@/client/features/admin/shared/api/time-off';
import { TimeOffForm } from '@/client/features/admin/shared/time-off-form';
import { formatMomentSpan, momentSpanEnds } from '@/shared/time-format';

const nowrap = { whiteSpace: 'nowrap' } as const;

const FETCH_FAILED = 'Failed to load the time off';

/** The time off part of "Hours & time off": what is planned from today on, and a form to add more. */
export function TimeOffPanel({ specialist }: { specialist: Specialist }) {
  const [affected, setAffected] = useState<Booking[]>([]);
  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Text component="h3" fw={600} m={0}>
          Add time off
        </Text>
        <TimeOffForm specialistId={specialist._id} onAdded={setAffected} onSubmit={() => setAffected([])} />
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

function TimeOffList({ specialist }: { specialist: Specialist }) {
  const listQuery = trpc.admin.timeOff.list.useQuery({ id: specialist._id });
  const remove = useDeleteTimeOff();

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
  const span = formatMomentSpan(entry.startsAt, entry.endsAt);
  const [start, end] = momentSpanEnds(entry.startsAt, entry.endsAt);
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
