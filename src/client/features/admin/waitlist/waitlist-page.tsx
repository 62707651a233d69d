import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { localCalendarDay } from '@/shared/calendar-days';
import { PHONE_DISPLAY_PREFIX } from '@/shared/constants';
import { partOfDayLabel, type SalonWaitlistEntry } from '@/shared/schemas/waitlist';
import { formatClock, formatDay, formatDayWithWeekday, formatShortDayWithWeekday } from '@/shared/time-format';
import { AdminTable, type AdminColumn } from '@/client/components/admin/admin-table';
import { useModalTarget } from '@/client/components/admin/use-modal-target';
import { DateField } from '@/client/components/forms/date-field';
import { addDays, linkedDay } from '@/client/lib/day-format';
import { trpc } from '@/client/lib/trpc';
import { useErrorToast } from '@/client/lib/use-error-toast';
import { usePageTitle } from '@/client/lib/use-page-title';
import { customerPath } from '@/client/features/admin/shared/customer-path';
import { useWithdrawOffer } from './api/waitlist';
import { daysText } from './days-text';
import { canOfferTime, OfferTimeModal } from './offer-time-modal';
import { useSalonToday } from '@/client/features/admin/shared/salon-today';

const FETCH_FAILED = 'The waitlist could not be loaded.';
const nowrap = { whiteSpace: 'nowrap' } as const;

/**
 * `Morning (before 12:00 PM)` with each clock time kept on one line (a wrap between `12:00` and
 * `PM` reads badly), in one element: a phone's card lays a cell's children out side by side.
 */
const unbrokenClocks = (text: string) => (
  <span>
    {text.split(/(\d{1,2}:\d{2} [AP]M)/).map((part, index) =>
      index % 2 === 1 ? (
        <span key={index} style={nowrap}>
          {part}
        </span>
      ) : (
        part
      ),
    )}
  </span>
);

const COLUMNS: AdminColumn<SalonWaitlistEntry>[] = [
  {
    header: 'Customer',
    card: 'title',
    cell: (entry) => (
      <Anchor component={Link} to={customerPath(entry.customer._id)} size="sm" fw={600} style={nowrap}>
        {entry.customer.fullName}
      </Anchor>
    ),
  },
  {
    header: 'Contact',
    cell: (entry) => (
      <div>
        <div>{entry.customer.email || '—'}</div>
        <div style={nowrap}>{entry.customer.phone ? `${PHONE_DISPLAY_PREFIX} ${entry.customer.phone}` : '—'}</div>
      </div>
    ),
  },
  {
    header: 'Waiting for',
    // A visit's services in their order, each with the specialist asked for.
    cell: (entry) => (
      <div>
        {entry.items.map((item, index) => (
          <div key={`${item.service._id}-${String(index)}`}>
            {index > 0 ? 'then ' : ''}
            <Text span fw={600} inherit>
              {item.service.name}
            </Text>{' '}
            with {item.specialist ? item.specialist.name : 'anyone'}
          </div>
        ))}
      </div>
    ),
  },
  { header: 'Days', cell: (entry) => <span style={nowrap}>{daysText(entry)}</span> },
  { header: 'Part of day', cell: (entry) => unbrokenClocks(partOfDayLabel(entry.partOfDay)) },
  {
    header: 'Waiting since',
    // The day they joined, in the browser's zone as the back office writes when something happened.
    cell: (entry) => <span style={nowrap}>{formatDay(localCalendarDay(new Date(entry.createdAt)))}</span>,
  },
];

/**
 * The row's time on offer, with "Withdraw offer"; or "Offer a time", which opens the modal for
 * its entry (none once the entry's days have passed).
 */
function OfferCell({
  entry,
  today,
  onOffer,
}: {
  entry: SalonWaitlistEntry;
  today: string;
  onOffer: (entry: SalonWaitlistEntry) => void;
}) {
  const withdraw = useWithdrawOffer(entry.customer.fullName);
  const { offer } = entry;
  if (offer) {
    const [heldDay = '', heldTime = ''] = offer.heldUntil.split('T');
    return (
      <Stack gap={4} align="flex-start">
        <Text size="sm" data-testid="waitlist-offer">
          Offered{' '}
          <span style={nowrap}>
            {formatShortDayWithWeekday(offer.bookingDate)}, {formatClock(offer.timeSlot)}
          </span>
          <br />
          <Text span size="xs" c="dimmed">
            held until {heldDay === today ? '' : `${formatDay(heldDay)} `}
            {formatClock(heldTime)}
          </Text>
        </Text>
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          aria-label={`Withdraw offer to ${entry.customer.fullName}`}
          loading={withdraw.isPending}
          onClick={() => withdraw.mutate({ id: entry._id })}
          style={nowrap}
        >
          Withdraw offer
        </Button>
      </Stack>
    );
  }
  return (
    <Button
      size="compact-sm"
      variant="light"
      aria-label={`Offer a time to ${entry.customer.fullName}`}
      disabled={!canOfferTime(entry, today)}
      onClick={() => onOffer(entry)}
      style={nowrap}
    >
      Offer a time
    </Button>
  );
}

const offerColumn = (today: string, onOffer: (entry: SalonWaitlistEntry) => void): AdminColumn<SalonWaitlistEntry> => ({
  header: 'Actions',
  hideHeader: true,
  card: 'actions',
  cell: (entry) => <OfferCell entry={entry} today={today} onOffer={onOffer} />,
});

/**
 * Who waits for a day (README "Waitlist"): the customers waiting for a free time on it, longest
 * waiting first, so a time that frees up is offered to the first who fits. The day lives in the
 * address (`?date=`), so a reload or a shared link shows the same day; without one, today.
 */
export function WaitlistPage() {
  usePageTitle('Waitlist');
  const [params, setParams] = useSearchParams();
  const today = useSalonToday();
  const day = linkedDay(params.get('date')) ?? today;
  const go = (next: string) => setParams({ date: next }, { replace: true });

  const listQuery = trpc.admin.waitlist.list.useQuery({ date: day });
  useErrorToast(listQuery.error, FETCH_FAILED, 'admin-waitlist-fetch-error');
  const entries = listQuery.data;
  const offering = useModalTarget<SalonWaitlistEntry>();

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Waitlist</Title>
        <Text c="dimmed">
          Customers waiting for a free time, longest waiting first: offer a time that frees up to the first who fits.
        </Text>
      </div>

      <Paper withBorder radius="lg" p="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <DateField
            label="Day"
            value={day}
            onChange={(next) => {
              if (next) go(next);
            }}
            w={170}
          />
          <Group gap="xs" wrap="nowrap">
            <Button variant="default" onClick={() => go(addDays(day, -1))} aria-label="Previous day" px="md">
              ‹
            </Button>
            <Button variant="default" onClick={() => go(addDays(day, 1))} aria-label="Next day" px="md">
              ›
            </Button>
            <Button variant="default" onClick={() => go(today)} disabled={day === today}>
              Today
            </Button>
          </Group>
        </Group>
      </Paper>

      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={2} size="h4">
          {day === today ? `Today, ${formatDayWithWeekday(day)}` : formatDayWithWeekday(day)}
        </Title>
        {entries && entries.length > 0 && (
          <Text size="sm" c="dimmed" data-testid="waitlist-count">
            {String(entries.length)} waiting
          </Text>
        )}
      </Group>

      <AdminTable
        label="Waitlist"
        columns={[...COLUMNS, offerColumn(today, offering.open)]}
        items={entries}
        getKey={(entry) => entry._id}
        loading={listQuery.isPending}
        error={listQuery.error}
        errorFallback={FETCH_FAILED}
        onRetry={() => void listQuery.refetch()}
        emptyText="Nobody is waiting for this day."
        minWidth={960}
      />

      <OfferTimeModal
        entry={offering.item}
        session={offering.key}
        opened={offering.opened}
        day={day}
        today={today}
        onClose={offering.close}
      />
    </Stack>
  );
}
