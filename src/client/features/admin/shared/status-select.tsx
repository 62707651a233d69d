import { Button, Group, Select } from '@mantine/core';
import type { BookingStatus } from '@/shared/constants';
import type { Booking } from '@/shared/schemas/bookings';
import { bookingName } from './booking-columns';
import { BOOKING_STATUS_COLORS } from '@/shared/constants';
import { isBookingStatus, statusChoicesFor } from './booking-status';

/**
 * A status change as the server takes it (`admin.bookings.updateStatus`): the new status and the one
 * the screen showed, so a booking changed meanwhile (cancelled by the customer) is refused, not reopened.
 */
export interface StatusChange {
  status: BookingStatus;
  expectedStatus: BookingStatus;
}

interface StatusSelectProps {
  booking: Pick<Booking, 'status' | 'bookingDate' | 'timeSlot' | 'firstName' | 'lastName' | 'user'>;
  /** The status change is on its way: the dropdown waits. */
  pending: boolean;
  onChange: (change: StatusChange) => void;
  /** The salon's wall clock (the calendar's); the browser's by default. */
  now?: Date | undefined;
}

/**
 * The Status cell: a dropdown of the statuses (No-show only once the booking has begun), coloured
 * by the booking's status, and for a pending booking a Confirm button: one tap. It shows the
 * stored status until the server has taken a change.
 */
export function StatusSelect({ booking, pending, onChange, now }: StatusSelectProps) {
  const color = BOOKING_STATUS_COLORS[booking.status];
  const change = (status: BookingStatus) => onChange({ status, expectedStatus: booking.status });
  return (
    <Group gap={6} wrap="nowrap">
      <Select
        aria-label={`Status of ${bookingName(booking)}`}
        data={statusChoicesFor(booking, now)}
        value={booking.status}
        onChange={(value) => {
          if (isBookingStatus(value) && value !== booking.status) change(value);
        }}
        allowDeselect={false}
        disabled={pending}
        size="xs"
        w={140}
        comboboxProps={{ withinPortal: true }}
        data-status={booking.status}
        styles={{
          input: {
            backgroundColor: `var(--mantine-color-${color}-light)`,
            color: `var(--mantine-color-${color}-light-color)`,
            borderColor: `var(--mantine-color-${color}-outline)`,
            fontWeight: 600,
          },
        }}
      />
      {booking.status === 'pending' && (
        <Button
          size="compact-sm"
          variant="light"
          color="teal"
          disabled={pending}
          onClick={() => change('confirmed')}
          aria-label={`Confirm the booking of ${bookingName(booking)}`}
        >
          Confirm
        </Button>
      )}
    </Group>
  );
}
