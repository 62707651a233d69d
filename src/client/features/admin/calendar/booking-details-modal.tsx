import {
  Alert,
  Anchor,
  Badge,
  Button,
  Divider,
  Group,
  Loader,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { BOOKING_STATUS_COLORS, PHONE_DISPLAY_PREFIX } from '@/shared/constants';
import type { CalendarBooking } from '@/shared/schemas/calendar';
import type { SeriesScope } from '@/shared/schemas/visits';
import { RepeatsBadge } from '@/client/components/repeats-mark';
import { SeriesScopeRadios } from '@/client/components/forms/series-scope-radios';
import { formatClock, formatClockRange, formatDay, formatDayWithWeekday } from '@/shared/time-format';
import { DateField } from '@/client/components/forms/date-field';
import { formatBookedPrice, formatPrice } from '@/client/lib/format';
import { trpc } from '@/client/lib/trpc';
import { StatusSelect } from '@/client/features/admin/shared/status-select';
import { BookingTimeline } from '@/client/features/admin/shared/booking-timeline';
import { isBookingStatus, statusChoicesFor, statusLabel } from '@/client/features/admin/shared/booking-status';
import { bookingDateRange } from '@/client/lib/day-format';
import { customerPath } from '@/client/features/admin/shared/customer-path';
import { useMoveBooking, useMoveVisit, useUpdateBookingStatus, useUpdateVisitStatus } from './api/bookings';
import { PHONE_MODAL } from './calendar-events';
import { bookedAs, bookingName } from '@/client/features/admin/shared/booking-columns';
import { tillButtonLabel } from '@/client/features/admin/shared/checkout/checkout-button';
import { Fact } from '@/client/features/admin/shared/fact';

/** A booking clicked in the calendar: its details, its status, cancel, and moving it. */
/** What the calendar says of a booking's customer beyond the booking: the salon's notes, a deleted account. */
export interface CalendarCustomer {
  notes: string;
  deleted: boolean;
}

export function BookingDetailsModal({
  booking,
  visit,
  customer,
  getNow,
  onClose,
  onCheckOut,
}: {
  booking: CalendarBooking | null;
  /** The items of the visit the booking is part of, earliest first (none: a booking of one service). */
  visit: readonly CalendarBooking[];
  customer: CalendarCustomer | undefined;
  /** The salon's wall clock, as the calendar keeps it (No-show is offered once a booking has begun). */
  getNow: () => Date;
  onClose: () => void;
  /** "Check out": the visit's sale at the till (offered unless the booking is cancelled), or its receipt once paid. */
  onCheckOut: (booking: CalendarBooking) => void;
}) {
  // A phone's whole screen: the status and Cancel come right under the customer's name.
  const phone = useMediaQuery(PHONE_MODAL);
  return (
    <Modal
      opened={booking !== null}
      onClose={onClose}
      title={visit.length > 1 ? 'Visit' : 'Booking'}
      size="lg"
      centered
      fullScreen={phone}
    >
      {booking && (
        <BookingDetails
          booking={booking}
          visit={visit}
          customer={customer}
          now={getNow()}
          onDone={onClose}
          onCheckOut={() => onCheckOut(booking)}
        />
      )}
    </Modal>
  );
}

/**
 * Every item of the booking's visit, this one marked: what the client has that day, in order; and
 * one status for all of them (one mail to the customer): confirmed, completed, no-show or cancelled.
 */
function VisitItems({
  booking,
  visit,
  now,
  scope,
  onDone,
}: {
  booking: CalendarBooking;
  visit: readonly CalendarBooking[];
  now: Date;
  /** An occurrence of a standing appointment: whether a cancellation takes the later ones too. */
  scope: SeriesScope;
  onDone: () => void;
}) {
  const updateVisit = useUpdateVisitStatus(onDone);
  const visitId = booking.visitId ?? booking._id;
  // The status every item has, if they all have the same one.
  const shared = visit.every((item) => item.status === visit[0]?.status) ? visit[0]?.status : undefined;
  const anyOpen = visit.some((item) => item.status === 'pending' || item.status === 'confirmed');
  const totalCents = visit.reduce((sum, item) => sum + Math.round(item.price * 100), 0);
  return (
    <Stack gap={4} aria-label="The whole visit">
      <Text size="xs" c="dimmed">
        The whole visit: {visit.length} services · {formatPrice(totalCents / 100)} · moving one moves them all
      </Text>
      {visit.map((item) => (
        <Group key={item._id} gap="xs" wrap="nowrap">
          <Text size="sm" fw={item._id === booking._id ? 700 : 400}>
            {formatClockRange(item.timeSlot, item.endTime)} {item.service.name} with {item.specialist.name}
            {(item.processingMinutes ?? 0) > 0 ? `, then ${String(item.processingMinutes)} min processing` : ''}
          </Text>
          {item.status !== booking.status && (
            <Badge color={BOOKING_STATUS_COLORS[item.status]} variant="light" size="xs">
              {statusLabel(item.status)}
            </Badge>
          )}
        </Group>
      ))}
      <Group gap="xs" mt={4}>
        <Select
          aria-label="Status of the whole visit"
          placeholder="Mixed"
          // No-show once the visit has begun: its first item.
          data={statusChoicesFor(visit[0] ?? booking, now)}
          value={shared ?? null}
          onChange={(value) => {
            if (isBookingStatus(value) && value !== shared) {
              // From one shared status, refused if the visit's statuses changed meanwhile.
              updateVisit.mutate({ id: visitId, status: value, ...(shared ? { expectedStatus: shared } : {}) });
            }
          }}
          allowDeselect={false}
          disabled={updateVisit.isPending}
          size="xs"
          w={200}
          leftSectionWidth={88}
          leftSection={
            <Text size="xs" c="dimmed">
              Whole visit
            </Text>
          }
          comboboxProps={{ withinPortal: true }}
        />
        {anyOpen && (
          <Button
            size="xs"
            variant="light"
            color="red"
            loading={updateVisit.isPending}
            onClick={() => updateVisit.mutate({ id: visitId, status: 'cancelled', scope })}
          >
            {scope === 'following' ? 'Cancel this visit and the following' : 'Cancel whole visit'}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function BookingDetails({
  booking,
  visit,
  customer,
  now,
  onDone,
  onCheckOut,
}: {
  booking: CalendarBooking;
  visit: readonly CalendarBooking[];
  customer: CalendarCustomer | undefined;
  now: Date;
  onDone: () => void;
  onCheckOut: () => void;
}) {
  const updateStatus = useUpdateBookingStatus(onDone);
  const updateOccurrence = useUpdateVisitStatus(onDone);
  const open = booking.status === 'pending' || booking.status === 'confirmed';
  // An occurrence of a standing appointment: a cancel or a move asks which ones it takes.
  const seriesVisitId = booking.seriesId ? (booking.visitId ?? null) : null;
  const [scope, setScope] = useState<SeriesScope>('one');
  const tillLabel = tillButtonLabel(booking, visit.length > 1 ? 'Check out visit' : 'Check out');
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Text fw={700} size="lg">
            {bookingName(booking)}
          </Text>
          {bookedAs(booking) && (
            <Text size="sm" c="dimmed">
              booked as {bookedAs(booking)}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {booking.service.name} with {booking.specialist.name}
          </Text>
        </div>
        <Group gap="xs">
          {booking.seriesId ? <RepeatsBadge /> : null}
          <Badge color={BOOKING_STATUS_COLORS[booking.status]} variant="light" size="lg">
            {statusLabel(booking.status)}
          </Badge>
        </Group>
      </Group>
      {open && seriesVisitId !== null && (
        <SeriesScopeRadios value={scope} onChange={setScope} action="cancel or move" />
      )}
      {visit.length > 1 && <VisitItems booking={booking} visit={visit} now={now} scope={scope} onDone={onDone} />}
      {booking.needsAttention && (
        <Alert color="red" variant="light" title="Needs attention">
          Time off or a closed day now overlaps this booking. Move it to another time or specialist, or cancel it.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm">
        <Fact label="When">
          {formatDayWithWeekday(booking.bookingDate)}, {formatClockRange(booking.timeSlot, booking.endTime)}
        </Fact>
        <Fact label="Price">{formatBookedPrice(booking)}</Fact>
        <Fact label="Phone">{booking.phone ? `${PHONE_DISPLAY_PREFIX} ${booking.phone}` : '—'}</Fact>
        <Fact label="Email">{booking.email || booking.user.email || '—'}</Fact>
        <Fact label="Booked">{formatDay(booking.createdAt)}</Fact>
      </SimpleGrid>
      {customer !== undefined && customer.notes !== '' && (
        <Alert color="grape" variant="light" title="Customer notes" aria-label="Customer notes">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {customer.notes}
          </Text>
        </Alert>
      )}
      {!customer?.deleted && (
        <Anchor component={Link} to={customerPath(booking.user._id)} size="sm" fw={500}>
          Customer record of {booking.user.fullName}
        </Anchor>
      )}
      <Group gap="sm">
        {visit.length > 1 && (
          <Text size="xs" c="dimmed">
            This service
          </Text>
        )}
        <StatusSelect
          booking={booking}
          pending={updateStatus.isPending}
          now={now}
          onChange={(change) => updateStatus.mutate({ id: booking._id, ...change })}
        />
        {open && seriesVisitId !== null && visit.length <= 1 ? (
          <Button
            color="red"
            variant="light"
            size="xs"
            loading={updateOccurrence.isPending}
            onClick={() => updateOccurrence.mutate({ id: seriesVisitId, status: 'cancelled', scope })}
          >
            {scope === 'following' ? 'Cancel this and the following' : 'Cancel booking'}
          </Button>
        ) : open ? (
          <Button
            color="red"
            variant="light"
            size="xs"
            loading={updateStatus.isPending}
            onClick={() =>
              updateStatus.mutate({ id: booking._id, status: 'cancelled', expectedStatus: booking.status })
            }
          >
            {visit.length > 1 ? 'Cancel this service' : 'Cancel booking'}
          </Button>
        ) : null}
        {tillLabel !== null && (
          <Button size="xs" ml="auto" variant={booking.sale ? 'default' : 'filled'} onClick={onCheckOut}>
            {tillLabel}
          </Button>
        )}
      </Group>
      {open && (
        <>
          <Divider label={visit.length > 1 ? 'Reschedule the whole visit' : 'Reschedule'} labelPosition="left" />
          {visit.length > 1 || seriesVisitId !== null ? (
            <VisitMoveForm
              visitId={booking.visitId ?? booking._id}
              first={visit[0] ?? booking}
              scope={seriesVisitId === null ? undefined : scope}
              single={visit.length <= 1}
              onDone={onDone}
            />
          ) : (
            <RescheduleForm booking={booking} onDone={onDone} />
          )}
        </>
      )}
      <Divider label="History" labelPosition="left" />
      <BookingTimeline bookingId={booking._id} />
    </Stack>
  );
}

/** A move's day and time: another day asks for the time again. */
function useMoveTarget(initialDay: string) {
  const [day, setDay] = useState(initialDay);
  const [time, setTime] = useState<string | null>(null);
  return {
    day,
    time,
    setTime,
    chooseDay: (next: string) => {
      setDay(next);
      setTime(null);
    },
  };
}

/**
 * The fields of a move (whatever `leading` adds, a day within the booking range, one of its free
 * times) and the button that moves there; the server re-checks the time.
 */
function MoveFields({
  target,
  slots,
  times,
  timeLabel,
  leading,
  action,
  pending,
  onMove,
}: {
  target: ReturnType<typeof useMoveTarget>;
  slots: { isFetching: boolean };
  times: string[];
  timeLabel: string;
  leading?: React.ReactNode;
  action: string;
  pending: boolean;
  onMove: (day: string, time: string) => void;
}) {
  // The server books no day in the past or beyond the horizon, for the salon either.
  const { min, max } = bookingDateRange();
  const { day, time } = target;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: leading ? 3 : 2 }} spacing="sm">
        {leading}
        <DateField label="Date" minDate={min} maxDate={max} value={day} onChange={target.chooseDay} />
        <Select
          label={timeLabel}
          placeholder={slots.isFetching ? 'Loading…' : times.length === 0 ? 'No free time' : 'Choose a time'}
          data={times.map((option) => ({ value: option, label: formatClock(option) }))}
          value={time}
          onChange={target.setTime}
          rightSection={slots.isFetching ? <Loader size="xs" /> : undefined}
        />
      </SimpleGrid>
      <Group justify="flex-end">
        <Button
          size="xs"
          disabled={time === null}
          loading={pending}
          onClick={() => {
            if (time !== null) onMove(day, time);
          }}
        >
          {action}
        </Button>
      </Group>
    </Stack>
  );
}

/** Another day, time or specialist (who offers the service). */
function RescheduleForm({ booking, onDone }: { booking: CalendarBooking; onDone: () => void }) {
  const specialists = trpc.public.specialists.list.useQuery();
  const [specialistId, setSpecialistId] = useState(booking.specialist._id);
  const target = useMoveTarget(booking.bookingDate);
  const offering = (specialists.data ?? []).filter((s) => s.expertise.some((e) => e._id === booking.service._id));
  // The times this booking can move to: its own time does not stand in its way.
  const slots = trpc.admin.bookings.rescheduleSlots.useQuery(
    { id: booking._id, specialistId, bookingDate: target.day },
    { enabled: target.day !== '' },
  );
  const reschedule = useMoveBooking({
    onDone,
    onFailed: () => {
      void slots.refetch();
    },
  });
  return (
    <MoveFields
      target={target}
      slots={slots}
      times={slots.data ?? []}
      timeLabel="Time"
      leading={
        <Select
          label="Specialist"
          data={offering.map((s) => ({ value: s._id, label: s.name }))}
          value={specialistId}
          allowDeselect={false}
          onChange={(value) => {
            setSpecialistId(value ?? booking.specialist._id);
            target.setTime(null);
          }}
        />
      }
      action="Move booking"
      pending={reschedule.isPending}
      onMove={(bookingDate, timeSlot) =>
        reschedule.mutate({ id: booking._id, bookingDate, timeSlot, specialist: specialistId })
      }
    />
  );
}

/** A visit to another day and start time, every service with the same specialist. */
function VisitMoveForm({
  visitId,
  first,
  scope,
  single = false,
  onDone,
}: {
  visitId: string;
  first: CalendarBooking;
  /** An occurrence of a standing appointment: this one, or this and the following. */
  scope?: SeriesScope | undefined;
  /** A booking of one service (an occurrence of a series), not a visit of several. */
  single?: boolean;
  onDone: () => void;
}) {
  const target = useMoveTarget(first.bookingDate);
  const slots = trpc.admin.visits.moveSlots.useQuery(
    { id: visitId, bookingDate: target.day },
    { enabled: target.day !== '' },
  );
  const move = useMoveVisit({
    onDone,
    onFailed: () => {
      void slots.refetch();
    },
  });
  const times = (slots.data ?? []).filter((slot) => !(target.day === first.bookingDate && slot === first.timeSlot));
  return (
    <MoveFields
      target={target}
      slots={slots}
      times={times}
      timeLabel={single ? 'Time' : 'First service at'}
      action={scope === 'following' ? 'Move this and the following' : single ? 'Move booking' : 'Move visit'}
      pending={move.isPending}
      onMove={(bookingDate, timeSlot) =>
        move.mutate({ id: visitId, bookingDate, timeSlot, ...(scope ? { scope } : {}) })
      }
    />
  );
}
