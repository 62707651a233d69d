import { Anchor, Badge, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Booking } from '@/shared/schemas/bookings';
import type { AdminColumn } from '@/client/components/admin/admin-table';
import { formatClock, formatDay } from './admin-format';
import { BOOKING_STATUS_COLORS } from '@/shared/constants';
import { statusLabel } from './booking-status';

/** The name the booking was made under. */
export function bookingName(booking: Booking): string {
  return `${booking.firstName} ${booking.lastName}`.trim();
}

const nowrap = { whiteSpace: 'nowrap' } as const;

/** Name, Date, Service, Server and Time: the columns the dashboard and the appointments screen share. */
export const BOOKING_COLUMNS: AdminColumn<Booking>[] = [
  {
    header: 'Name',
    cell: (booking) => (
      <Text size="sm" fw={500} style={nowrap}>
        {bookingName(booking)}
      </Text>
    ),
  },
  { header: 'Date', cell: (booking) => <span style={nowrap}>{formatDay(booking.bookingDate)}</span> },
  { header: 'Service', cell: (booking) => booking.service.name },
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
