import { Badge, Button, Card, Container, Flex, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { RepeatsBadge } from '@/client/components/repeats-mark';
import { SeriesScopeRadios } from '@/client/components/forms/series-scope-radios';
import type { SeriesScope } from '@/shared/schemas/visits';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { CustomerBooking } from '@/shared/schemas/bookings';
import { LoadError } from '@/client/components/public/load-error';
import { formatBookedPrice, formatPrice } from '@/client/lib/format';
import { trpc } from '@/client/lib/trpc';
import { usePageTitle } from '@/client/lib/use-page-title';
import { useCustomerPage } from '@/client/lib/auth/use-customer-page';
import { formatClock, formatDayWithWeekday } from '@/shared/time-format';
import { BOOKING_STATUS_COLORS } from '@/shared/constants';
import { RescheduleModal } from './reschedule-modal';
import { WaitlistSection } from './waitlist-section';
import { useCancelMyBooking, useCancelMyVisit } from './api/bookings';
import { appointmentEntries, leadOf, type AppointmentEntry } from './appointment-entries';

const LOAD_FAILED = 'An error occurred';

/** The logged-in customer's bookings: upcoming ones first, then past ones; a visitor is sent to /login. */
export function MyAppointmentsPage() {
  usePageTitle('My appointments');
  const isAuthenticated = useCustomerPage('/my-appointments') !== null;

  const bookingsQuery = trpc.customer.bookings.list.useQuery(undefined, { enabled: isAuthenticated });

  return (
    <Container size="md" py="xl">
      <Title order={1}>My appointments</Title>
      {!isAuthenticated || bookingsQuery.isPending ? (
        <Group mt="xl" justify="center">
          <Loader aria-label="Loading appointments" />
        </Group>
      ) : bookingsQuery.isError ? (
        <LoadError
          title="Your appointments could not be loaded"
          error={bookingsQuery.error}
          fallback={LOAD_FAILED}
          onRetry={() => void bookingsQuery.refetch()}
        />
      ) : (
        <AppointmentLists bookings={bookingsQuery.data} waitlist={<WaitlistSection />} />
      )}
    </Container>
  );
}

/** What an entry is called in a confirmation: "Classic Manicure with Maya Chen", or the visit's services. */
const entryName = (entry: AppointmentEntry): string =>
  entry.kind === 'booking'
    ? `${entry.booking.service.name} with ${entry.booking.specialist.name}`
    : `your visit (${entry.items.map((item) => item.service.name).join(', ')})`;

/** The booking an entry's day, time, cut-off and status go by: a visit's first open item. */
const leadBooking = (entry: AppointmentEntry): CustomerBooking | undefined =>
  entry.kind === 'booking' ? entry.booking : leadOf(entry.items);

/** The customer's appointments, upcoming then past; `waitlist` (what they wait for) after the upcoming ones. */
function AppointmentLists({ bookings, waitlist }: { bookings: readonly CustomerBooking[]; waitlist: ReactNode }) {
  const [toCancel, setToCancel] = useState<AppointmentEntry | null>(null);
  const [cancelScope, setCancelScope] = useState<SeriesScope>('one');
  const askCancel = (entry: AppointmentEntry) => {
    setCancelScope('one');
    setToCancel(entry);
  };
  // The entry being moved stays set while its modal closes; each opening is a new session (a fresh form).
  const [toMove, setToMove] = useState<{ entry: AppointmentEntry; session: number } | null>(null);
  const [moveOpened, setMoveOpened] = useState(false);
  const openMove = (entry: AppointmentEntry) => {
    setToMove((previous) => ({ entry, session: (previous?.session ?? 0) + 1 }));
    setMoveOpened(true);
  };
  const cancelBooking = useCancelMyBooking(() => {
    setToCancel(null);
  });
  const cancelVisit = useCancelMyVisit(() => {
    setToCancel(null);
  });
  const cancelling = cancelBooking.isPending || cancelVisit.isPending;
  const cancelLead = toCancel ? leadBooking(toCancel) : undefined;
  // An occurrence of a standing appointment is cancelled as a visit, with the ones after it if asked.
  const cancelSeries = cancelLead?.seriesId ? (cancelLead.visitId ?? null) : null;

  if (bookings.length === 0) {
    return (
      <>
        <Stack mt="xl" align="flex-start">
          <Text>You have no appointments yet.</Text>
          <Button component={Link} to="/appointment">
            Book an appointment
          </Button>
        </Stack>
        {waitlist}
      </>
    );
  }

  const entries = appointmentEntries(bookings);
  const upcoming = entries.filter((entry) => leadBooking(entry)?.upcoming === true);
  const past = entries.filter((entry) => leadBooking(entry)?.upcoming !== true);

  return (
    <>
      <BookingSection
        title="Upcoming"
        entries={upcoming}
        empty="No upcoming appointments."
        onCancel={askCancel}
        onReschedule={openMove}
      />
      {waitlist}
      <BookingSection
        title="Past and cancelled"
        entries={past}
        empty="No past or cancelled appointments."
        onCancel={askCancel}
        onReschedule={openMove}
      />
      <RescheduleModal
        entry={toMove?.entry ?? null}
        session={toMove?.session ?? 0}
        opened={moveOpened}
        onClose={() => setMoveOpened(false)}
      />
      <Modal
        opened={toCancel !== null}
        onClose={() => {
          if (!cancelling) setToCancel(null);
        }}
        title={toCancel?.kind === 'visit' ? 'Cancel visit' : 'Cancel appointment'}
        centered
        size="sm"
      >
        <Stack gap="lg">
          <Text>
            Cancel {toCancel ? entryName(toCancel) : ''} on{' '}
            {cancelLead ? `${formatDayWithWeekday(cancelLead.bookingDate)} at ${formatClock(cancelLead.timeSlot)}` : ''}
            ?
          </Text>
          {cancelSeries !== null ? (
            <SeriesScopeRadios value={cancelScope} onChange={setCancelScope} action="cancel" />
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setToCancel(null)} disabled={cancelling}>
              Keep it
            </Button>
            <Button
              color="red"
              loading={cancelling}
              data-autofocus
              onClick={() => {
                if (cancelSeries !== null) cancelVisit.mutate({ id: cancelSeries, scope: cancelScope });
                else if (toCancel?.kind === 'visit') cancelVisit.mutate({ id: toCancel.visitId });
                else if (toCancel) cancelBooking.mutate({ id: toCancel.booking._id });
              }}
            >
              {toCancel?.kind === 'visit' ? 'Cancel visit' : 'Cancel appointment'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function BookingSection({
  title,
  entries,
  empty,
  onCancel,
  onReschedule,
}: {
  title: string;
  entries: readonly AppointmentEntry[];
  empty: string;
  onCancel: (entry: AppointmentEntry) => void;
  onReschedule: (entry: AppointmentEntry) => void;
}) {
  // One id, with no spaces: aria-labelledby reads a list of ids.
  const headingId = `appointments-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} id={headingId} mt="xl" mb="md" size="h3">
        {title}
      </Title>
      {entries.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {entries.map((entry) => {
            const lead = leadBooking(entry);
            if (!lead) return null;
            return (
              <Card key={entry.key} component="li" withBorder radius="md" padding="md" data-testid="appointment">
                <Group justify="space-between" align="flex-start" wrap="wrap">
                  {entry.kind === 'booking' ? (
                    <BookingDetails booking={entry.booking} />
                  ) : (
                    <VisitDetails items={entry.items} />
                  )}
                  {/* Right-aligned beside the details; under them (a narrow screen), left-aligned with them. */}
                  <Flex direction="column" gap="xs" align={{ base: 'flex-start', xs: 'flex-end' }}>
                    <Group gap="xs">
                      {lead.seriesId ? <RepeatsBadge /> : null}
                      <Badge color={BOOKING_STATUS_COLORS[lead.status]} variant="light">
                        {lead.status}
                      </Badge>
                    </Group>
                    {lead.reschedulable || lead.cancellable ? (
                      <Group gap="xs">
                        {lead.reschedulable ? (
                          <Button size="xs" variant="outline" onClick={() => onReschedule(entry)}>
                            Reschedule
                          </Button>
                        ) : null}
                        {lead.cancellable ? (
                          <Button size="xs" variant="outline" color="red" onClick={() => onCancel(entry)}>
                            Cancel
                          </Button>
                        ) : null}
                      </Group>
                    ) : null}
                  </Flex>
                </Group>
              </Card>
            );
          })}
        </Stack>
      )}
    </section>
  );
}

function BookingDetails({ booking }: { booking: CustomerBooking }) {
  return (
    <Stack gap={4}>
      <Text fw={600}>{booking.service.name}</Text>
      <Text size="sm">with {booking.specialist.name}</Text>
      <Text size="sm">
        {formatDayWithWeekday(booking.bookingDate)} at {formatClock(booking.timeSlot)} · {formatBookedPrice(booking)}
      </Text>
    </Stack>
  );
}

/** A visit of several services: each at its time with its specialist, then the day and the total. */
function VisitDetails({ items }: { items: readonly CustomerBooking[] }) {
  const [first] = items;
  if (!first) return null;
  const totalCents = items.reduce((sum, item) => sum + Math.round(item.price * 100), 0);
  return (
    <Stack gap={4}>
      <Text fw={600}>Visit: {items.length} services</Text>
      <Stack gap={2} component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((item) => (
          <Text key={item._id} size="sm" component="li">
            <Text span inherit fw={600}>
              {formatClock(item.timeSlot)}
            </Text>{' '}
            {item.service.name} with {item.specialist.name}
            {item.status === first.status ? null : (
              <Text span inherit c="dimmed">
                {' '}
                ({item.status})
              </Text>
            )}
          </Text>
        ))}
      </Stack>
      <Text size="sm">
        {formatDayWithWeekday(first.bookingDate)} · {formatPrice(totalCents / 100)}
      </Text>
    </Stack>
  );
}
