import { Badge, Button, Card, Container, Flex, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { CustomerBooking } from '@/shared/schemas/bookings';
import { LoadError } from '@/client/components/public/load-error';
import { formatBookedPrice } from '@/client/lib/format';
import { trpc } from '@/client/lib/trpc';
import { usePageTitle } from '@/client/lib/use-page-title';
import { useCustomerPage } from '@/client/lib/auth/use-customer-page';
import { formatDay, formatSlotTime } from '@/client/lib/day-format';
import { BOOKING_STATUS_COLORS } from '@/shared/constants';
import { RescheduleModal } from './reschedule-modal';
import { useCancelMyBooking } from './api/bookings';

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
        <AppointmentLists bookings={bookingsQuery.data} />
      )}
    </Container>
  );
}

function AppointmentLists({ bookings }: { bookings: readonly CustomerBooking[] }) {
  const [toCancel, setToCancel] = useState<CustomerBooking | null>(null);
  // The booking being moved stays set while its modal closes; each opening is a new session (a fresh form).
  const [toMove, setToMove] = useState<{ booking: CustomerBooking; session: number } | null>(null);
  const [moveOpened, setMoveOpened] = useState(false);
  const openMove = (booking: CustomerBooking) => {
    setToMove((previous) => ({ booking, session: (previous?.session ?? 0) + 1 }));
    setMoveOpened(true);
  };
  const cancel = useCancelMyBooking(() => {
    setToCancel(null);
  });

  if (bookings.length === 0) {
    return (
      <Stack mt="xl" align="flex-start">
        <Text>You have no appointments yet.</Text>
        <Button component={Link} to="/appointment">
          Book an appointment
        </Button>
      </Stack>
    );
  }

  const upcoming = bookings.filter((booking) => booking.upcoming);
  const past = bookings.filter((booking) => !booking.upcoming);

  return (
    <>
      <BookingSection
        title="Upcoming"
        bookings={upcoming}
        empty="No upcoming appointments."
        onCancel={setToCancel}
        onReschedule={openMove}
      />
      <BookingSection
        title="Past"
        bookings={past}
        empty="No past appointments."
        onCancel={setToCancel}
        onReschedule={openMove}
      />
      <RescheduleModal
        booking={toMove?.booking ?? null}
        session={toMove?.session ?? 0}
        opened={moveOpened}
        onClose={() => setMoveOpened(false)}
      />
      <Modal
        opened={toCancel !== null}
        onClose={() => {
          if (!cancel.isPending) setToCancel(null);
        }}
        title="Cancel appointment"
        centered
        size="sm"
      >
        <Stack gap="lg">
          <Text>
            Cancel {toCancel?.service.name} with {toCancel?.specialist.name} on{' '}
            {toCancel ? `${formatDay(toCancel.bookingDate)} at ${formatSlotTime(toCancel.timeSlot)}` : ''}?
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setToCancel(null)} disabled={cancel.isPending}>
              Keep it
            </Button>
            <Button
              color="red"
              loading={cancel.isPending}
              data-autofocus
              onClick={() => {
                if (toCancel) cancel.mutate({ id: toCancel._id });
              }}
            >
              Cancel appointment
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function BookingSection({
  title,
  bookings,
  empty,
  onCancel,
  onReschedule,
}: {
  title: string;
  bookings: readonly CustomerBooking[];
  empty: string;
  onCancel: (booking: CustomerBooking) => void;
  onReschedule: (booking: CustomerBooking) => void;
}) {
  const headingId = `appointments-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} id={headingId} mt="xl" mb="md" size="h3">
        {title}
      </Title>
      {bookings.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {bookings.map((booking) => (
            <Card key={booking._id} component="li" withBorder radius="md" padding="md" data-testid="appointment">
              <Group justify="space-between" align="flex-start" wrap="wrap">
                <Stack gap={4}>
                  <Text fw={600}>{booking.service.name}</Text>
                  <Text size="sm">with {booking.specialist.name}</Text>
                  <Text size="sm">
                    {formatDay(booking.bookingDate)} at {formatSlotTime(booking.timeSlot)} ·{' '}
                    {formatBookedPrice(booking)}
                  </Text>
                </Stack>
                {/* Right-aligned beside the details; under them (a narrow screen), left-aligned with them. */}
                <Flex direction="column" gap="xs" align={{ base: 'flex-start', xs: 'flex-end' }}>
                  <Badge color={BOOKING_STATUS_COLORS[booking.status]} variant="light">
                    {booking.status}
                  </Badge>
                  {booking.reschedulable || booking.cancellable ? (
                    <Group gap="xs">
                      {booking.reschedulable ? (
                        <Button size="xs" variant="outline" onClick={() => onReschedule(booking)}>
                          Reschedule
                        </Button>
                      ) : null}
                      {booking.cancellable ? (
                        <Button size="xs" variant="outline" color="red" onClick={() => onCancel(booking)}>
                          Cancel
                        </Button>
                      ) : null}
                    </Group>
                  ) : null}
                </Flex>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </section>
  );
}
