import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { Booking } from '@/shared/schemas/bookings';
import { AdminLoadError } from '@/client/components/admin/admin-load-error';
import { formatPrice } from '@/client/lib/format';
import { notifyError, notifySuccess } from '@/client/lib/notify';
import { trpc } from '@/client/lib/trpc';
import { formatClock, formatDayWithWeekday } from '@/shared/time-format';
import { bookingNameInFull, calendarPathOf } from '@/client/features/admin/shared/booking-columns';

const FETCH_FAILED = 'Could not load today.';

/** One of today's figures: a label over its value. */
function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div role="group" aria-label={label}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={24} fw={700} lh={1.3}>
        {value}
      </Text>
    </div>
  );
}

/** A booking as one line: its time (and day, when not today), who, what and with whom; it opens in the calendar. */
function BookingLine({ booking, today, action }: { booking: Booking; today: string; action?: React.ReactNode }) {
  const when =
    booking.bookingDate === today
      ? formatClock(booking.timeSlot)
      : `${formatDayWithWeekday(booking.bookingDate)}, ${formatClock(booking.timeSlot)}`;
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      py={6}
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Stack gap={0} miw={0}>
        <Anchor component={Link} to={calendarPathOf(booking)} fw={600} size="sm">
          {when} · {bookingNameInFull(booking)}
        </Anchor>
        <Text size="sm" c="dimmed" truncate>
          {booking.visitId ? 'A visit: ' : ''}
          {booking.service.name} with {booking.specialist.name}
          {booking.visitId ? ', then more' : ''}
        </Text>
      </Stack>
      {action && <div style={{ flexShrink: 0 }}>{action}</div>}
    </Group>
  );
}

/**
 * Confirms a pending booking, or the whole visit it leads, in one tap; refused (and said) when it was
 * cancelled meanwhile. The dashboard's lists and figures are read again either way.
 */
function ConfirmButton({ booking }: { booking: Booking }) {
  const utils = trpc.useUtils();
  const handlers = {
    onSuccess: () => notifySuccess(`Confirmed: ${bookingNameInFull(booking)}, ${formatClock(booking.timeSlot)}`),
    onError: (error: unknown) => notifyError(error, 'The booking could not be confirmed.'),
    onSettled: () => {
      void utils.admin.today.invalidate();
      void utils.admin.bookings.invalidate();
      void utils.admin.calendar.invalidate();
    },
  };
  const confirmBooking = trpc.admin.bookings.updateStatus.useMutation(handlers);
  const confirmVisit = trpc.admin.visits.updateStatus.useMutation(handlers);
  const change = { status: 'confirmed', expectedStatus: 'pending' } as const;
  return (
    <Button
      size="compact-sm"
      variant="light"
      color="teal"
      loading={confirmBooking.isPending || confirmVisit.isPending}
      onClick={() =>
        booking.visitId
          ? confirmVisit.mutate({ id: booking.visitId, ...change })
          : confirmBooking.mutate({ id: booking._id, ...change })
      }
      aria-label={`Confirm ${bookingNameInFull(booking)} on ${formatDayWithWeekday(booking.bookingDate)} at ${formatClock(booking.timeSlot)}`}
    >
      Confirm
    </Button>
  );
}

/**
 * The dashboard's "Today": how the day goes so far (bookings, visits, completed, still to come,
 * takings), the next bookings with their times, and those waiting to be confirmed, each confirmed
 * in one tap.
 */
export function TodayCard() {
  const query = trpc.admin.today.useQuery(undefined, { refetchInterval: 60_000 });
  const today = query.data;

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="today-title">
      <Group justify="space-between" align="baseline" mb="sm">
        <Title order={2} size="h3" id="today-title">
          Today
        </Title>
        {today && (
          <Text size="sm" c="dimmed">
            {formatDayWithWeekday(today.day)}
          </Text>
        )}
      </Group>
      {query.isError ? (
        <AdminLoadError error={query.error} fallback={FETCH_FAILED} onRetry={() => void query.refetch()} />
      ) : !today ? (
        <Skeleton height={120} />
      ) : (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="md">
            <Figure label="Bookings" value={String(today.bookings)} />
            <Figure label="Visits" value={String(today.visits)} />
            <Figure label="Completed" value={String(today.completed)} />
            <Figure label="Still to come" value={String(today.ahead)} />
            <Figure label="Takings so far" value={formatPrice(today.takings)} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <section aria-labelledby="today-next">
              <Text fw={600} id="today-next" mb={4}>
                Next
              </Text>
              {today.next.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No more bookings ahead.
                </Text>
              ) : (
                today.next.map((booking) => <BookingLine key={booking._id} booking={booking} today={today.day} />)
              )}
            </section>
            <section aria-labelledby="today-pending">
              <Group gap="xs" mb={4}>
                <Text fw={600} id="today-pending">
                  To confirm
                </Text>
                {today.pendingTotal > 0 && (
                  <Badge color="yellow" variant="light" size="lg">
                    {today.pendingTotal}
                  </Badge>
                )}
              </Group>
              {today.pending.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Every booking ahead is confirmed.
                </Text>
              ) : (
                today.pending.map((booking) => (
                  <BookingLine
                    key={booking._id}
                    booking={booking}
                    today={today.day}
                    action={<ConfirmButton booking={booking} />}
                  />
                ))
              )}
              {today.pendingTotal > today.pending.length && (
                <Anchor component={Link} to="/admin/appointments" size="sm">
                  {today.pendingTotal - today.pending.length} more in Appointments
                </Anchor>
              )}
            </section>
          </SimpleGrid>
        </Stack>
      )}
    </Paper>
  );
}
