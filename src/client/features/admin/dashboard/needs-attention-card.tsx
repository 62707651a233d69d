import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CalendarBooking } from '@/shared/schemas/calendar';
import { AdminLoadError } from '@/client/components/admin/admin-load-error';
import { AdminTable, type AdminColumn } from '@/client/components/admin/admin-table';
import { trpc } from '@/client/lib/trpc';
import { bookingNameInFull, CalendarLink } from '@/client/features/admin/shared/booking-columns';
import { formatClock, formatDayWithWeekday } from '@/shared/time-format';

const FETCH_FAILED = 'Could not check for bookings that need attention.';

const nowrap = { whiteSpace: 'nowrap' } as const;

const COLUMNS: AdminColumn<CalendarBooking>[] = [
  { header: 'Date', cell: (booking) => <span style={nowrap}>{formatDayWithWeekday(booking.bookingDate)}</span> },
  {
    header: 'Time',
    cell: (booking) => (
      <span style={nowrap}>
        {formatClock(booking.timeSlot)} – {formatClock(booking.endTime)}
      </span>
    ),
  },
  {
    header: 'Name',
    cell: (booking) => (
      <Text size="sm" fw={500} style={nowrap}>
        {bookingNameInFull(booking)}
      </Text>
    ),
  },
  { header: 'Service', cell: (booking) => booking.service.name },
  { header: 'Specialist', cell: (booking) => booking.specialist.name },
  {
    header: 'Actions',
    hideHeader: true,
    cell: (booking) => <CalendarLink booking={booking} />,
  },
];

/**
 * Upcoming open bookings that time off or a closed day now overlaps: nothing cancels them, so the
 * admin moves or cancels each from the calendar. A calm line when there are none.
 */
export function NeedsAttentionCard() {
  const query = trpc.admin.calendar.needsAttention.useQuery();
  // A phone gets one card per booking instead of a table to scroll sideways.
  const phone = useMediaQuery('(max-width: 36em)');

  if (query.isPending) return null;
  if (query.isError) {
    return (
      <Paper withBorder radius="lg" p="md">
        <AdminLoadError error={query.error} fallback={FETCH_FAILED} onRetry={() => void query.refetch()} />
      </Paper>
    );
  }
  if (query.data.length === 0) {
    return (
      <Paper withBorder radius="lg" px="md" py="sm" role="status" aria-label="Needs attention">
        <Text size="sm" c="dimmed">
          <Text span inherit c="teal.8" fw={600}>
            ✓
          </Text>{' '}
          Nothing needs attention: no upcoming booking falls in time off or on a closed day.
        </Text>
      </Paper>
    );
  }
  return (
    <Stack gap="sm">
      <Group gap="sm" align="center">
        <Title order={2} size="h3">
          Needs attention
        </Title>
        <Badge color="orange" variant="light" size="lg" aria-label={`${String(query.data.length)} bookings`}>
          {query.data.length}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" mt={-4}>
        Time off or a closed day overlaps these bookings. They were not cancelled: move or cancel each in the calendar.
      </Text>
      {phone ? (
        <Stack gap="xs" role="list" aria-label="Needs attention">
          {query.data.map((booking) => (
            <Paper key={booking._id} withBorder radius="lg" px="md" py="sm" role="listitem">
              <Text size="sm" fw={600}>
                <span style={nowrap}>{formatDayWithWeekday(booking.bookingDate)},</span>{' '}
                <span style={nowrap}>
                  {formatClock(booking.timeSlot)} – {formatClock(booking.endTime)}
                </span>
              </Text>
              <Text size="sm">
                {bookingNameInFull(booking)} · {booking.service.name}
              </Text>
              <Group justify="space-between" gap="xs" mt={2}>
                <Text size="sm" c="dimmed">
                  with {booking.specialist.name}
                </Text>
                <CalendarLink booking={booking} />
              </Group>
            </Paper>
          ))}
        </Stack>
      ) : (
        <AdminTable
          label="Needs attention"
          columns={COLUMNS}
          items={query.data}
          getKey={(booking) => booking._id}
          loading={false}
          error={null}
          errorFallback={FETCH_FAILED}
          onRetry={() => void query.refetch()}
          emptyText="Nothing needs attention."
          minWidth={760}
        />
      )}
    </Stack>
  );
}
