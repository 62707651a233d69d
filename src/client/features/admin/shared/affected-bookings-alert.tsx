import { Alert, Anchor, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Booking } from '@/shared/schemas/bookings';
import { formatClock, formatDayWithWeekday } from '@/shared/time-format';
import { bookingNameInFull } from './booking-columns';

interface AffectedBookingsAlertProps {
  /** The open bookings the new time off or closure overlaps. */
  bookings: readonly Booking[];
  /** "This time off", "This closed day" or "The new opening hours". */
  what: string;
  /** How `what` meets the bookings: it "overlaps" them (time off, a closed day), or new hours "leave out" them. */
  relation?: string;
  /** Whose bookings they can be: one specialist's (their name is left out of each line) or everyone's. */
  showSpecialist: boolean;
  onClose: () => void;
}

/**
 * Time off, closures and opening hours never cancel a booking: the server answers the ones they
 * affect, and this tells the admin to move or cancel each in the calendar.
 */
export function AffectedBookingsAlert({
  bookings,
  what,
  relation = 'overlaps',
  showSpecialist,
  onClose,
}: AffectedBookingsAlertProps) {
  if (bookings.length === 0) return null;
  const first = bookings[0];
  const count =
    bookings.length === 1 ? '1 booking needs attention' : `${String(bookings.length)} bookings need attention`;
  return (
    <Alert color="orange" variant="light" title={count} withCloseButton closeButtonLabel="Dismiss" onClose={onClose}>
      <Text size="sm">
        {what} {relation} {bookings.length === 1 ? 'an open booking' : 'open bookings'}. Nothing was cancelled: move or
        cancel {bookings.length === 1 ? 'it' : 'each'} in the{' '}
        <Anchor component={Link} to={first ? `/admin/calendar?date=${first.bookingDate}` : '/admin/calendar'} inherit>
          calendar
        </Anchor>
        .
      </Text>
      <List size="sm" mt="xs" spacing={4} aria-label="Bookings that need attention">
        {bookings.map((booking) => (
          <List.Item key={booking._id}>
            <Text span inherit fw={500}>
              {bookingNameInFull(booking)}
            </Text>{' '}
            ·{' '}
            <span style={{ whiteSpace: 'nowrap' }}>
              {formatDayWithWeekday(booking.bookingDate)}, {formatClock(booking.timeSlot)}
            </span>{' '}
            · {booking.service.name}
            {showSpecialist ? ` · ${booking.specialist.name}` : ''}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
