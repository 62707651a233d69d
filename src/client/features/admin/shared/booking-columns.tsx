import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Booking } from '@/shared/schemas/bookings';
import { formatClock, formatDay } from '@/shared/time-format';
import type { AdminColumn } from '@/client/components/admin/admin-table';
import { RepeatsBadge } from '@/client/components/repeats-mark';
import { BOOKING_STATUS_COLORS, FORMER_CUSTOMER_NAME } from '@/shared/constants';
import { statusLabel } from './booking-status';

/** The name the booking was made under. */
const bookedName = (booking: Pick<Booking, 'firstName' | 'lastName'>): string =>
  `${booking.firstName} ${booking.lastName}`.trim();

const sameName = (a: string, b: string) =>
  a.replace(/\s+/g, ' ').toLowerCase() === b.replace(/\s+/g, ' ').toLowerCase();

/**
 * Who the booking is for, as the back office names them: the customer's name now (a customer who
 * renamed themselves shows under the new name), or the name booked under when the account is gone.
 */
export function bookingName(booking: Pick<Booking, 'firstName' | 'lastName' | 'user'>): string {
  const current = booking.user.fullName.trim();
  return current === '' || current === FORMER_CUSTOMER_NAME ? bookedName(booking) : current;
}

/** The name the booking was made under, where it differs from the customer's name now; else null. */
export function bookedAs(booking: Pick<Booking, 'firstName' | 'lastName' | 'user'>): string | null {
  const booked = bookedName(booking);
  return booked === '' || sameName(booked, bookingName(booking)) ? null : booked;
}

const nowrap = { whiteSpace: 'nowrap' } as const;

/** In one line of text: `Clara Demo (booked as Olga Older)`, or the name alone when they agree. */
export function bookingNameInFull(booking: Pick<Booking, 'firstName' | 'lastName' | 'user'>): string {
  const booked = bookedAs(booking);
  return booked ? `${bookingName(booking)} (booked as ${booked})` : bookingName(booking);
}

/** The customer's name now, and under it the name the booking was made under where that differs. */
export function BookingName({ booking }: { booking: Booking }) {
  const booked = bookedAs(booking);
  return (
    <div>
      <Text size="sm" fw={500} style={nowrap}>
        {bookingName(booking)}
      </Text>
      {booked && (
        <Text size="xs" c="dimmed">
          booked as {booked}
        </Text>
      )}
    </div>
  );
}

/** Name, Date, Service, Server and Time: the columns the dashboard and the appointments screen share. */
export const BOOKING_COLUMNS: AdminColumn<Booking>[] = [
  {
    header: 'Name',
    card: 'title',
    cell: (booking) => <BookingName booking={booking} />,
  },
  { header: 'Date', cell: (booking) => <span style={nowrap}>{formatDay(booking.bookingDate)}</span> },
  {
    header: 'Service',
    cell: (booking) =>
      booking.seriesId ? (
        <Group gap={6} wrap="nowrap">
          {booking.service.name}
          <RepeatsBadge />
        </Group>
      ) : (
        booking.service.name
      ),
  },
  { header: 'Server', cell: (booking) => booking.specialist.name },
  { header: 'Time', cell: (booking) => <span style={nowrap}>{formatClock(booking.timeSlot)}</span> },
];

export function StatusBadge({ booking }: { booking: Booking }) {
  return (
    <Badge color={BOOKING_STATUS_COLORS[booking.status]} variant="light" miw="max-content" data-status={booking.status}>
      {statusLabel(booking.status)}
    </Badge>
  );
}

/** The calendar's page of a booking's day, with the booking's details open. */
export const calendarPathOf = (booking: Pick<Booking, '_id' | 'bookingDate'>): string =>
  `/admin/calendar?date=${booking.bookingDate}&booking=${booking._id}`;

/** "Open in calendar": the booking's day in the calendar, its details open. */
export function CalendarLink({ booking }: { booking: Booking }) {
  return (
    <Anchor
      component={Link}
      to={calendarPathOf(booking)}
      size="sm"
      fw={500}
      style={nowrap}
      aria-label={`Open in calendar: the booking of ${bookingName(booking)} on ${formatDay(booking.bookingDate)}`}
    >
      Open in calendar
    </Anchor>
  );
}
