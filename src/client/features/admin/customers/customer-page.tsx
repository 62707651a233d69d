import {
  Alert,
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Group,
  Paper,
  Rating,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { CUSTOMER_NOTES_MAX_LENGTH, PHONE_DISPLAY_PREFIX } from '@/shared/constants';
import type { CustomerBooking } from '@/shared/schemas/bookings';
import { customerNotesFields, type CustomerRecord } from '@/shared/schemas/customers';
import type { Review } from '@/shared/schemas/reviews';
import { formatClock, formatDay } from '@/shared/time-format';
import { AdminTable, type AdminColumn } from '@/client/components/admin/admin-table';
import { FigureCard } from '@/client/components/admin/figure-card';
import { PersonAvatar } from '@/client/components/person-avatar';
import { errorMessage } from '@/client/lib/errors';
import { formatBookedPrice, formatPrice } from '@/client/lib/format';
import { trpc } from '@/client/lib/trpc';
import { usePageTitle } from '@/client/lib/use-page-title';
import { CalendarLink, StatusBadge } from '@/client/features/admin/shared/booking-columns';
import { useSaveCustomerNotes } from './api/customers';

const nowrap = { whiteSpace: 'nowrap' } as const;

const BOOKING_COLUMNS: AdminColumn<CustomerBooking>[] = [
  {
    header: 'Date',
    card: 'title',
    cell: (booking) => <span style={nowrap}>{formatDay(booking.bookingDate)}</span>,
  },
  { header: 'Time', cell: (booking) => <span style={nowrap}>{formatClock(booking.timeSlot)}</span> },
  { header: 'Service', cell: (booking) => booking.service.name },
  { header: 'Specialist', cell: (booking) => booking.specialist.name },
  { header: 'Price', cell: (booking) => <span style={nowrap}>{formatBookedPrice(booking)}</span> },
  { header: 'Status', card: 'status', cell: (booking) => <StatusBadge booking={booking} /> },
  { header: 'Actions', hideHeader: true, card: 'actions', cell: (booking) => <CalendarLink booking={booking} /> },
];

/**
 * One customer in the customer book (README "The customer book"): their details, what they spent,
 * their no-shows, the salon's private notes (shown again with their bookings in the calendar),
 * their upcoming and past bookings, and their reviews.
 */
export function CustomerPage() {
  const { id = '' } = useParams();
  const record = trpc.admin.customers.get.useQuery({ id }, { retry: false });
  usePageTitle(record.data ? `${record.data.fullName} · Customers` : 'Customer');
  const back = (
    <Breadcrumbs>
      <Anchor component={Link} to="/admin/customers" size="sm">
        Customers
      </Anchor>
      <Text size="sm">{record.data?.fullName ?? '…'}</Text>
    </Breadcrumbs>
  );
  if (record.error) {
    return (
      <Stack gap="lg">
        {back}
        <Alert color="red" variant="light" title="Customer not available">
          {errorMessage(record.error, 'The customer could not be loaded.')}
        </Alert>
      </Stack>
    );
  }
  const customer = record.data;
  return (
    <Stack gap="lg">
      {back}
      {customer ? <CustomerHeader customer={customer} /> : <Skeleton height={96} radius="lg" />}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <FigureCard label="Bookings" value={customer ? String(customer.bookings.length) : undefined} />
        {/* Not shown to a role that does not see the takings (null). */}
        {customer?.totalSpent !== null && (
          <FigureCard
            label="Total spent"
            hint="Completed bookings"
            value={customer ? formatPrice(customer.totalSpent) : undefined}
          />
        )}
        <FigureCard label="No-shows" value={customer ? String(customer.noShows) : undefined} />
        <FigureCard
          label="Last visit"
          value={customer ? (customer.lastVisit ? formatDay(customer.lastVisit) : 'Not yet') : undefined}
        />
      </SimpleGrid>
      {customer && <NotesCard key={customer._id} customer={customer} />}
      <BookingsSection
        title="Upcoming bookings"
        items={customer?.bookings.filter((b) => b.upcoming)}
        loading={record.isPending}
        empty="No upcoming bookings"
      />
      <BookingsSection
        title="Past and cancelled bookings"
        items={customer?.bookings.filter((b) => !b.upcoming)}
        loading={record.isPending}
        empty="No past or cancelled bookings"
      />
      <ReviewsSection reviews={customer?.reviews} />
    </Stack>
  );
}

function CustomerHeader({ customer }: { customer: CustomerRecord }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Group gap="lg" wrap="nowrap" align="flex-start">
        <PersonAvatar person={customer} size="lg" />
        <Stack gap={4} miw={0}>
          <Group gap="sm">
            <Title order={1} size="h2">
              {customer.fullName}
            </Title>
            <Badge variant="light" color={customer.signedUp ? 'teal' : 'gray'}>
              {customer.signedUp ? 'Signed up' : 'Booked by the salon'}
            </Badge>
          </Group>
          <Group gap="lg" wrap="wrap">
            {customer.email ? (
              <Anchor href={`mailto:${customer.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {customer.email}
              </Anchor>
            ) : (
              <Text size="sm" c="dimmed">
                No e-mail
              </Text>
            )}
            {customer.phone && (
              <Anchor href={`tel:${PHONE_DISPLAY_PREFIX}${customer.phone}`} size="sm" style={nowrap}>
                {PHONE_DISPLAY_PREFIX} {customer.phone}
              </Anchor>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            Customer since {formatDay(customer.createdAt.slice(0, 10))}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/** The salon's private notes: never shown to the customer; the calendar shows them with each booking. */
function NotesCard({ customer }: { customer: CustomerRecord }) {
  const form = useForm({
    initialValues: { notes: customer.notes },
    validate: schemaResolver(customerNotesFields, { sync: true }),
  });
  const save = useSaveCustomerNotes((saved) => {
    form.resetDirty({ notes: saved.notes });
    form.setValues({ notes: saved.notes });
  });
  // Another admin's save (a refetch) shows here unless this one is typing.
  useEffect(() => {
    if (!form.isDirty()) form.setValues({ notes: customer.notes });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [customer.notes]);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <form noValidate onSubmit={form.onSubmit(({ notes }) => save.mutate({ id: customer._id, notes }))}>
        <Stack gap="sm">
          <div>
            <Title order={2} size="h3">
              Private notes
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              Allergies, preferences, anything the team should know. Only the salon sees these; they show with each of
              the customer’s bookings in the calendar.
            </Text>
          </div>
          <Textarea
            aria-label="Private notes"
            placeholder="e.g. Allergic to latex; prefers morning appointments with Maya."
            autosize
            minRows={3}
            maxRows={10}
            maxLength={CUSTOMER_NOTES_MAX_LENGTH}
            description={`${String(form.values.notes.length)} / ${String(CUSTOMER_NOTES_MAX_LENGTH)}`}
            inputWrapperOrder={['label', 'input', 'error', 'description']}
            {...form.getInputProps('notes')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
              Save notes
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function BookingsSection({
  title,
  items,
  loading,
  empty,
}: {
  title: string;
  items: CustomerBooking[] | undefined;
  loading: boolean;
  empty: string;
}) {
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {title}
      </Title>
      <AdminTable
        label={title}
        columns={BOOKING_COLUMNS}
        items={items}
        getKey={(booking) => booking._id}
        loading={loading}
        error={null}
        errorFallback=""
        onRetry={() => undefined}
        emptyText={empty}
        minWidth={820}
      />
    </Stack>
  );
}

function ReviewsSection({ reviews }: { reviews: Review[] | undefined }) {
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Reviews
      </Title>
      {reviews === undefined ? (
        <Skeleton height={60} radius="lg" />
      ) : reviews.length === 0 ? (
        <Text c="dimmed" size="sm">
          No reviews yet
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {reviews.map((review) => (
            <Paper key={review._id} withBorder radius="lg" p="md">
              <Group justify="space-between" gap="xs" mb={6}>
                <Text fw={600} size="sm">
                  {review.service.name}
                </Text>
                <Badge variant="light" color={review.status === 'Approved' ? 'green' : 'yellow'}>
                  {review.status}
                </Badge>
              </Group>
              <Rating value={review.rating} readOnly size="sm" aria-label={`${String(review.rating)} out of 5 stars`} />
              <Text size="sm" mt={6} style={{ whiteSpace: 'pre-wrap' }}>
                {review.comment}
              </Text>
              <Text size="xs" c="dimmed" mt={6}>
                {formatDay(review.createdAt.slice(0, 10))}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
