import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import { BOOKING_STATUS_COLORS } from '@/shared/constants';
import { localCalendarDay } from '@/shared/calendar-days';
import type { Calendar, CalendarBooking } from '@/shared/schemas/calendar';
import { formatClock, formatClockRange, formatDayWithWeekday, formatMomentSpan } from '@/shared/time-format';
import { addDays, linkedDay } from '@/client/lib/day-format';
import { trpc } from '@/client/lib/trpc';
import { usePageTitle } from '@/client/lib/use-page-title';
import { useAdminAuth } from '@/client/lib/auth/admin-auth-store';
import { useDeleteTimeOff } from '@/client/features/admin/shared/api/time-off';
import { statusLabel } from '@/client/features/admin/shared/booking-status';
import { TimeOffForm } from '@/client/features/admin/shared/time-off-form';
import { useMarkBooking } from './api/bookings';
import { CalendarFeedCard } from './calendar-feed-card';
import { TipsCard } from './tips-card';
import { bookingNameInFull } from '@/client/features/admin/shared/booking-columns';

/**
 * Time off as My day shows it: `9:00 AM – 1:00 PM` within the day shown; one that starts or ends
 * on another day with its days in full (`Thursday 26/11/2026, 2:00 PM – Saturday 28/11/2026, 6:00 PM`).
 */
const timeOffText = (off: { startsAt: string; endsAt: string }, day: string) =>
  off.startsAt.startsWith(day) && off.endsAt.startsWith(day)
    ? formatClockRange(off.startsAt.slice(11, 16), off.endsAt.slice(11, 16))
    : formatMomentSpan(off.startsAt, off.endsAt);

/** What a specialist marks their own booking as. */
const MARKS = [
  { status: 'completed', label: 'Completed', color: 'blue' },
  { status: 'no-show', label: 'No-show', color: 'gray' },
] as const;

const isOpen = (booking: CalendarBooking) => booking.status === 'pending' || booking.status === 'confirmed';

/**
 * A specialist's own day, made for a phone (README "The team"): their bookings in order with the
 * time, the client, the service, the salon's notes on the client and the processing gaps in which
 * they are free; completed and no-show at a tap; the day before and after; their time off.
 */
export function MyDayPage() {
  usePageTitle('My day');
  const { admin } = useAdminAuth();
  const [params, setParams] = useSearchParams();
  const day = linkedDay(params.get('date')) ?? localCalendarDay();
  const calendar = trpc.admin.calendar.get.useQuery({ from: day, to: day });
  const go = (next: string) => setParams({ date: next }, { replace: true });

  return (
    <Stack gap="md" maw={640}>
      <div>
        <Title order={1}>My day</Title>
        <Text c="dimmed">{admin?.fullName}</Text>
      </div>
      <Group justify="space-between" wrap="nowrap">
        <Button variant="default" onClick={() => go(addDays(day, -1))} aria-label="Previous day" px="md">
          ‹
        </Button>
        <Text fw={700} ta="center">
          {day === localCalendarDay() ? `Today, ${formatDayWithWeekday(day)}` : formatDayWithWeekday(day)}
        </Text>
        <Button variant="default" onClick={() => go(addDays(day, 1))} aria-label="Next day" px="md">
          ›
        </Button>
      </Group>
      {calendar.isPending ? (
        <Stack gap="sm" aria-busy>
          <Skeleton height={96} radius="md" />
          <Skeleton height={96} radius="md" />
        </Stack>
      ) : calendar.isError ? (
        <Alert color="red" title="My day could not be loaded">
          {calendar.error.message}
        </Alert>
      ) : (
        <DayList calendar={calendar.data} specialistId={admin?.specialistId ?? null} />
      )}
      {admin?.specialistId ? <AddTimeOff specialistId={admin.specialistId} /> : null}
      {admin?.specialistId ? <TipsCard day={day} /> : null}
      {admin?.specialistId ? <CalendarFeedCard /> : null}
    </Stack>
  );
}

/** Time off of one's own, added from My day; it shows in the day's list. */
function AddTimeOff({ specialistId }: { specialistId: string }) {
  const [opened, toggle] = useDisclosure(false);
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between">
        <Text fw={600}>Time off</Text>
        <Button variant="subtle" size="compact-sm" onClick={toggle.toggle} aria-expanded={opened}>
          {opened ? 'Close' : 'Add time off'}
        </Button>
      </Group>
      {opened && (
        <Stack mt="sm">
          <TimeOffForm specialistId={specialistId} onAdded={toggle.close} />
        </Stack>
      )}
    </Paper>
  );
}

function DayList({ calendar, specialistId }: { calendar: Calendar; specialistId: string | null }) {
  const mark = useMarkBooking();
  const removeTimeOff = useDeleteTimeOff();
  const bookings = [...calendar.bookings].sort((a, b) => a.timeSlot.localeCompare(b.timeSlot));
  return (
    <Stack gap="sm">
      {calendar.timeOff.map((off) => (
        <Alert
          key={off._id}
          color="gray"
          variant="light"
          title="Time off"
          withCloseButton={specialistId !== null}
          closeButtonLabel={`Remove time off ${timeOffText(off, calendar.from)}`}
          onClose={() => {
            if (specialistId) removeTimeOff.mutate({ id: specialistId, timeOffId: off._id });
          }}
        >
          {timeOffText(off, calendar.from)}
          {off.reason ? ` · ${off.reason}` : ''}
        </Alert>
      ))}
      {bookings.length === 0 && (
        <Text c="dimmed" py="lg" ta="center">
          No bookings on this day.
        </Text>
      )}
      {bookings.map((booking) => {
        const notes = calendar.customers[booking.user._id]?.notes ?? '';
        return (
          <Paper
            key={booking._id}
            component="section"
            withBorder
            radius="md"
            p="md"
            aria-label={`${formatClock(booking.timeSlot)} ${booking.service.name}`}
          >
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div>
                  <Text fw={700}>
                    {formatClockRange(booking.timeSlot, booking.endTime)} · {booking.service.name}
                  </Text>
                  <Text>{bookingNameInFull(booking)}</Text>
                </div>
                <Badge color={BOOKING_STATUS_COLORS[booking.status]} variant="light" style={{ flexShrink: 0 }}>
                  {statusLabel(booking.status)}
                </Badge>
              </Group>
              {(booking.processingMinutes ?? 0) > 0 && (
                <Text size="sm" c="dimmed">
                  Then {String(booking.processingMinutes)} min processing: you are free for another client.
                </Text>
              )}
              {notes !== '' && (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  <Text span fw={600} size="sm">
                    Notes:{' '}
                  </Text>
                  {notes}
                </Text>
              )}
              {isOpen(booking) && (
                <Group gap="xs" mt={4}>
                  {MARKS.map((markAs) => (
                    <Button
                      key={markAs.status}
                      size="sm"
                      color={markAs.color}
                      variant="light"
                      loading={mark.isPending}
                      onClick={() => mark.mutate({ id: booking._id, status: markAs.status })}
                    >
                      {markAs.label}
                    </Button>
                  ))}
                </Group>
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
