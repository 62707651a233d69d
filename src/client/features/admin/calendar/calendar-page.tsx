import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { addDays, format, startOfWeek } from 'date-fns';
import { enGB } from 'date-fns/locale';
import { useMemo, useRef, useState, type CSSProperties, type MouseEvent } from 'react';
import { Calendar as BigCalendar, dateFnsLocalizer, Views, type EventProps, type SlotInfo } from 'react-big-calendar';
import dragAndDropModule, { type EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import { useSearchParams } from 'react-router';
import { BOOKING_STATUS_COLORS, BOOKING_STATUSES, WEEK_STARTS_ON } from '@/shared/constants';
import type { CalendarBooking } from '@/shared/schemas/calendar';
import { formatClock, formatClockRange, formatDayWithWeekday, formatShortDayWithWeekday } from '@/shared/time-format';
import { DateField } from '@/client/components/forms/date-field';
import { linkedDay } from '@/client/lib/day-format';
import { notifyError, notifySuccess } from '@/client/lib/notify';
import { trpc } from '@/client/lib/trpc';
import { usePageTitle } from '@/client/lib/use-page-title';
import { statusLabel } from '@/client/features/admin/shared/booking-status';
import { BookingDetailsModal } from './booking-details-modal';
import {
  checkoutTargetOf,
  LazyCheckoutModal,
  type CheckoutTarget,
} from '@/client/features/admin/shared/checkout/checkout-button';
import {
  bookingEvents,
  dayOf,
  floating,
  floatingOfLocal,
  isWorkingTime,
  localDateTimeOf,
  processingEvents,
  shadeEvents,
  timeOf,
  visibleHours,
  type CalendarEvent,
} from './calendar-events';
import { RepeatsIcon } from '@/client/components/repeats-mark';
import { SalonBookingModal, type SalonBookingTarget } from './salon-booking-modal';
import { TimeOffModal, type TimeOffTarget } from './time-off-modal';
import './calendar.css';

type ViewName = 'day' | 'week';

const localizer = dateFnsLocalizer({
  format,
  parse: () => new Date(NaN),
  startOfWeek: (date: Date) => startOfWeek(date, { weekStartsOn: WEEK_STARTS_ON }),
  getDay: (date: Date) => date.getDay(),
  locales: { 'en-GB': enGB },
});

interface Resource {
  id: string;
  title: string;
}

// The drag-and-drop addon ships as CommonJS only; the bundler may hand over its `exports` object
// (with `default` inside) instead of the function.
const withDragAndDrop: typeof dragAndDropModule =
  (dragAndDropModule as unknown as { default?: typeof dragAndDropModule }).default ?? dragAndDropModule;
const DnDCalendar = withDragAndDrop<CalendarEvent, Resource>(BigCalendar);

/** Columns stay readable on a phone: the grid scrolls sideways instead of squeezing them. */
const COLUMN_MIN_WIDTH: Record<ViewName, number> = { day: 150, week: 110 };
const GUTTER_WIDTH = 64;
/** A phone: one specialist's column at a time, picked above the grid. */
const NARROW = '(max-width: 600px)';
/** A finger rather than a mouse: taps, and the hint says "tap". */
const TOUCH = '(pointer: coarse)';
/** How long after a touch a click is that touch's tap (the browser's click follows the finger lifting). */
const TAP_CLICK_MS = 1000;

/**
 * The salon's day (README "The salon's day"): one column per specialist for a day, or one
 * specialist's week. Bookings are blocks the length of their service, coloured by status; time off
 * and closed days are striped, hours outside a specialist's schedule grey, and a red line marks the
 * salon's now. Drag a booking to move it (the server re-checks; a refusal puts it back), click it
 * for its details, click an empty time to book for a customer, drag over a column to add time off.
 * On a phone one specialist's day shows at a time (the picker keeps the choice in `?specialist=`),
 * and a tap on an empty time books, as a click does on a desk.
 */
export function CalendarPage() {
  usePageTitle('Calendar');
  const [params, setParams] = useSearchParams();
  // A link's day, when it is one any input may name (anyone may send a link); else today.
  const linked = linkedDay(params.get('date'));
  const [view, setView] = useState<ViewName>(params.get('view') === 'week' ? 'week' : 'day');
  const [date, setDate] = useState<Date>(() => floating(linked ?? dayOf(new Date())));
  const [chosenSpecialist, setChosenSpecialist] = useState<string | null>(params.get('specialist'));
  const narrow = useMediaQuery(NARROW, false, { getInitialValueInEffect: false });
  const touch = useMediaQuery(TOUCH, false, { getInitialValueInEffect: false });
  const [showCancelled, setShowCancelled] = useState(false);
  const [selected, setSelected] = useState<CalendarBooking | null>(null);
  const [checkingOut, setCheckingOut] = useState<CheckoutTarget | null>(null);
  const [booking, setBooking] = useState<SalonBookingTarget | null>(null);
  const [timeOff, setTimeOff] = useState<TimeOffTarget | null>(null);
  // Moves the server has not answered yet: the block stays where it was dropped meanwhile.
  const [moving, setMoving] = useState<Record<string, { start: Date; end: Date; resourceId: string }>>({});

  const specialists = trpc.public.specialists.list.useQuery();
  const firstSpecialist = specialists.data?.[0]?._id ?? null;
  // The one specialist of the week view, and of a phone's day: the chosen one while they are on
  // the team (a link may name anyone), else the first.
  const specialistForWeek =
    chosenSpecialist !== null && (specialists.data ?? []).some((s) => s._id === chosenSpecialist)
      ? chosenSpecialist
      : firstSpecialist;
  const oneSpecialist = view === 'week' || narrow;

  const from = view === 'day' ? dayOf(date) : dayOf(startOfWeek(date, { weekStartsOn: WEEK_STARTS_ON }));
  const to = view === 'day' ? from : dayOf(addDays(floating(from), 6));
  const calendarQuery = trpc.admin.calendar.get.useQuery(
    { from, to, specialistId: view === 'week' ? (specialistForWeek ?? undefined) : undefined },
    {
      placeholderData: keepPreviousData,
      refetchInterval: 60_000,
      enabled: view === 'day' || specialistForWeek !== null,
    },
  );
  const calendar = calendarQuery.data;
  const utils = trpc.useUtils();
  // Opened without a usable date, the calendar shows the salon's today, which the first answer
  // tells (the browser's day differs when its zone is not the salon's).
  const [followSalonToday, setFollowSalonToday] = useState(linked === null);
  if (followSalonToday && calendar) {
    setFollowSalonToday(false);
    const salonDay = calendar.now.slice(0, 10);
    if (salonDay !== dayOf(date)) setDate(floating(salonDay));
  }

  // `chosen`: the specialist was picked, so the address keeps them (a phone's day shows them too).
  const go = (
    next: Date,
    nextView: ViewName = view,
    specialist: string | null = specialistForWeek,
    chosen = chosenSpecialist !== null,
  ) => {
    setFollowSalonToday(false);
    setDate(next);
    setView(nextView);
    const search: Record<string, string> = { date: dayOf(next) };
    if (nextView === 'week') search.view = 'week';
    if (specialist && (nextView === 'week' || chosen)) search.specialist = specialist;
    setParams(search, { replace: true });
  };
  // Opened from a link to one booking (`booking=`: the dashboard, the customer book), its details
  // open once the day's answer has it.
  const [linkedBooking, setLinkedBooking] = useState(params.get('booking'));
  if (linkedBooking !== null && calendar && !calendarQuery.isPlaceholderData) {
    setLinkedBooking(null);
    const found = calendar.bookings.find((b) => b._id === linkedBooking);
    if (found) setSelected(found);
  }
  const salonToday = calendar ? floating(calendar.now.slice(0, 10)) : floating(dayOf(new Date()));

  const reschedule = trpc.admin.bookings.reschedule.useMutation();
  const onEventDrop = ({ event, start, resourceId }: EventInteractionArgs<CalendarEvent>) => {
    if (event.kind !== 'booking') return;
    const startDate = new Date(start);
    const specialistId = typeof resourceId === 'string' ? resourceId : event.resourceId;
    if (
      dayOf(startDate) === dayOf(event.start) &&
      timeOf(startDate) === timeOf(event.start) &&
      specialistId === event.resourceId
    )
      return;
    const length = event.end.getTime() - event.start.getTime();
    setMoving((all) => ({
      ...all,
      [event.id]: { start: startDate, end: new Date(startDate.getTime() + length), resourceId: specialistId },
    }));
    const settle = () => setMoving((all) => Object.fromEntries(Object.entries(all).filter(([id]) => id !== event.id)));
    // One call per drop (mutateAsync): a second drag before the first answer still gets its own
    // answer, and its block goes back if refused.
    void (async () => {
      try {
        const moved = await reschedule.mutateAsync({
          id: event.id,
          bookingDate: dayOf(startDate),
          timeSlot: timeOf(startDate),
          specialist: specialistId,
        });
        notifySuccess(`Moved ${event.title} to ${formatClock(moved.timeSlot)} with ${moved.specialist.name}`);
        void utils.admin.bookings.invalidate();
        void utils.public.bookings.availableSlots.invalidate();
        await utils.admin.calendar.invalidate();
        settle();
      } catch (error) {
        // The block goes back where it was, and the toast says why (the server names the clash).
        settle();
        notifyError(error, 'The booking could not be moved.');
      }
    })();
  };

  const events = useMemo(() => {
    if (!calendar) return [];
    return bookingEvents(calendar, showCancelled).map((event) => {
      const moved = moving[event.id];
      return moved ? { ...event, ...moved } : event;
    });
  }, [calendar, showCancelled, moving]);
  const shades = useMemo(() => (calendar ? [...shadeEvents(calendar), ...processingEvents(calendar)] : []), [calendar]);
  const resources = useMemo<Resource[]>(() => {
    const all = calendar ? calendar.specialists.map((s) => ({ id: s._id, title: s.name })) : [];
    if (!narrow) return all;
    const picked = all.filter((resource) => resource.id === specialistForWeek);
    return picked.length > 0 ? picked : all.slice(0, 1);
  }, [calendar, narrow, specialistForWeek]);
  const hours = calendar ? visibleHours(calendar) : { min: 9, max: 18 };
  const step = calendar?.stepMinutes ?? 30;
  // The salon's clock against the browser's, as of the answer: the "now" line shows salon time.
  const nowOffset = calendar ? floatingOfLocal(calendar.now).getTime() - calendarQuery.dataUpdatedAt : 0;
  const attentionCount = calendar?.bookings.filter((b) => b.needsAttention).length ?? 0;
  const columns = view === 'day' ? Math.max(1, resources.length) : 7;

  // A tap on an empty time. The calendar component takes a touch as the start of a long press
  // (to drag out time off) and lets a short one go, so the tap's own click is read here: its
  // column and height give the specialist and the time, as the component's click does with a mouse.
  const lastTouch = useRef(-Infinity);
  const onGridClick = (event: MouseEvent<HTMLElement>) => {
    if (!calendar || event.timeStamp - lastTouch.current > TAP_CLICK_MS) return;
    const target = event.target instanceof Element ? event.target : null;
    // A booking opens on its own click.
    if (!target || target.closest('.rbc-event')) return;
    const column = target.closest('.rbc-day-slot');
    if (!column) return;
    const index = [...event.currentTarget.querySelectorAll('.rbc-time-content .rbc-day-slot')].indexOf(column);
    const day = view === 'day' ? date : addDays(floating(from), index);
    const specialistId = view === 'day' ? resources[index]?.id : specialistForWeek;
    if (index < 0 || !specialistId) return;
    const box = column.getBoundingClientRect();
    const shownMinutes = (Math.min(hours.max, 24) - hours.min) * 60;
    const offset = Math.floor((((event.clientY - box.top) / box.height) * shownMinutes) / step) * step;
    const start = floating(dayOf(day), `${String(hours.min).padStart(2, '0')}:00`);
    start.setMinutes(start.getMinutes() + Math.max(0, Math.min(offset, shownMinutes - step)));
    setBooking({ specialistId, day: dayOf(start), time: timeOf(start) });
  };

  const onSelectSlot = (slot: SlotInfo) => {
    if (!calendar) return;
    const specialistId = typeof slot.resourceId === 'string' ? slot.resourceId : specialistForWeek;
    if (!specialistId) return;
    const start = new Date(slot.start);
    if (slot.action === 'select' && slot.end.getTime() - start.getTime() > step * 60_000) {
      const name = calendar.specialists.find((s) => s._id === specialistId)?.name ?? '';
      setTimeOff({
        specialistId,
        specialistName: name,
        startsAt: localDateTimeOf(start),
        endsAt: localDateTimeOf(new Date(slot.end)),
      });
      return;
    }
    setBooking({ specialistId, day: dayOf(start), time: timeOf(start) });
  };

  const title =
    view === 'day' ? formatDayWithWeekday(from) : `${formatDayWithWeekday(from)} – ${formatDayWithWeekday(to)}`;

  const closeDetails = () => {
    setSelected(null);
    if (params.has('booking')) {
      const search = new URLSearchParams(params);
      search.delete('booking');
      setParams(search, { replace: true });
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2">
            Calendar
          </Title>
          <Text c="dimmed" size="sm" data-testid="calendar-title">
            {title}
          </Text>
        </div>
        <Group gap="xs" wrap="wrap">
          {attentionCount > 0 && (
            <Badge color="red" variant="light" size="lg">
              {attentionCount} need{attentionCount === 1 ? 's' : ''} attention
            </Badge>
          )}
          <SegmentedControl
            aria-label="View"
            value={view}
            onChange={(value) => go(date, value === 'week' ? 'week' : 'day')}
            data={[
              { value: 'day', label: 'Day' },
              { value: 'week', label: 'Week' },
            ]}
          />
          {oneSpecialist && (
            <Select
              aria-label="Specialist"
              w={180}
              data={(specialists.data ?? []).map((s) => ({ value: s._id, label: s.name }))}
              value={specialistForWeek}
              allowDeselect={false}
              onChange={(value) => {
                setChosenSpecialist(value);
                go(date, view, value, true);
              }}
            />
          )}
        </Group>
      </Group>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Previous"
            onClick={() => go(addDays(date, view === 'day' ? -1 : -7))}
          >
            ‹
          </ActionIcon>
          <Button variant="default" onClick={() => go(salonToday)}>
            Today
          </Button>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Next"
            onClick={() => go(addDays(date, view === 'day' ? 1 : 7))}
          >
            ›
          </ActionIcon>
          <DateField aria-label="Go to date" value={dayOf(date)} onChange={(day) => go(floating(day))} w={130} />
        </Group>
        <Switch
          label="Show cancelled"
          checked={showCancelled}
          onChange={(event) => setShowCancelled(event.currentTarget.checked)}
        />
      </Group>
      {calendarQuery.isError && (
        <Alert color="red" variant="light" title="The calendar could not be loaded">
          <Group gap="sm">
            <Text size="sm">{calendarQuery.error.message}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void calendarQuery.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      )}
      {calendar && calendar.closures.length > 0 && (
        <Paper withBorder p="xs" bg="gray.0">
          <Text size="sm">
            Salon closed:{' '}
            {calendar.closures
              .map((c) => `${formatDayWithWeekday(c.date)}${c.reason ? ` (${c.reason})` : ''}`)
              .join(', ')}
          </Text>
        </Paper>
      )}
      <Text size="xs" c="dimmed" data-testid="calendar-hint">
        {touch
          ? 'Tap an empty time to book for a customer · tap a booking for its details · press and hold a booking, then drag, to move it · press and hold, then drag down a column, to add time off'
          : 'Drag a booking to move it · click an empty time to book for a customer · drag over a column to add time off'}
      </Text>
      <Legend />
      <Box
        style={{ overflowX: 'auto' }}
        onTouchEnd={(event) => {
          lastTouch.current = event.timeStamp;
        }}
        onClick={onGridClick}
      >
        <Box
          className="salon-calendar"
          miw={GUTTER_WIDTH + columns * COLUMN_MIN_WIDTH[view]}
          h={720}
          data-testid="calendar-grid"
        >
          <DnDCalendar
            localizer={localizer}
            culture="en-GB"
            toolbar={false}
            date={date}
            onNavigate={(next) => go(next)}
            view={view === 'day' ? Views.DAY : Views.WEEK}
            onView={() => undefined}
            views={[Views.DAY, Views.WEEK]}
            events={events}
            backgroundEvents={shades}
            {...(view === 'day'
              ? { resources, resourceIdAccessor: 'id' as const, resourceTitleAccessor: 'title' as const }
              : {})}
            resourceAccessor={(event) => event.resourceId}
            step={step}
            timeslots={Math.max(1, Math.round(60 / step))}
            min={floating(dayOf(date), `${String(hours.min).padStart(2, '0')}:00`)}
            max={
              hours.max >= 24
                ? floating(dayOf(date), '23:59')
                : floating(dayOf(date), `${String(hours.max).padStart(2, '0')}:00`)
            }
            getNow={() => new Date(Date.now() + nowOffset)}
            scrollToTime={floating(dayOf(date), `${String(hours.min).padStart(2, '0')}:00`)}
            selectable
            // A press this long starts dragging out time off (or, on a booking, moving it); a
            // shorter touch is a tap (`onGridClick`) or scrolls the grid.
            longPressThreshold={400}
            onSelectSlot={onSelectSlot}
            onSelectEvent={(event) => {
              if (event.kind === 'booking') setSelected(event.booking);
            }}
            // A booking block is a focusable button (RBC): Enter or Space opens it, as a click does.
            onKeyPressEvent={(event, keyEvent) => {
              // Typed as any event; RBC passes the block's keydown.
              const key = 'key' in keyEvent ? keyEvent.key : '';
              if (event.kind !== 'booking' || (key !== 'Enter' && key !== ' ')) return;
              keyEvent.preventDefault();
              setSelected(event.booking);
            }}
            onEventDrop={onEventDrop}
            draggableAccessor={(event) =>
              event.kind === 'booking' && (event.booking.status === 'pending' || event.booking.status === 'confirmed')
            }
            resizable={false}
            eventPropGetter={(event) => eventProps(event)}
            slotPropGetter={(slotDate, resourceId) => {
              if (!calendar) return {};
              const specialistId = typeof resourceId === 'string' ? resourceId : specialistForWeek;
              return specialistId && !isWorkingTime(calendar, specialistId, slotDate)
                ? { className: 'sc-off-hours' }
                : {};
            }}
            formats={{
              // The spec's 12-hour clock and dd/mm days, as everywhere in the back office.
              timeGutterFormat: (slot: Date) => formatClock(timeOf(slot)),
              dayFormat: (day: Date) => formatShortDayWithWeekday(dayOf(day)),
              eventTimeRangeFormat: () => '',
              // The label on a time range being dragged out.
              selectRangeFormat: ({ start, end }: { start: Date; end: Date }) =>
                formatClockRange(timeOf(start), timeOf(end)),
            }}
            // RBC's own header is a role="columnheader" span outside any row, inside a button.
            components={{ event: EventBlock, header: DayHeader }}
            // A day's header in the week view opens that day.
            onDrillDown={(day) => go(day, 'day')}
            dayLayoutAlgorithm="no-overlap"
          />
        </Box>
      </Box>
      <BookingDetailsModal
        booking={selected}
        visit={
          selected?.visitId && calendar
            ? calendar.bookings
                .filter((item) => item.visitId === selected.visitId)
                .sort((a, b) => a.timeSlot.localeCompare(b.timeSlot))
            : []
        }
        customer={selected ? calendar?.customers[selected.user._id] : undefined}
        getNow={() => new Date(Date.now() + nowOffset)}
        onClose={closeDetails}
        onCheckOut={(chosen) => {
          closeDetails();
          setCheckingOut(checkoutTargetOf(chosen));
        }}
      />
      <LazyCheckoutModal target={checkingOut} onClose={() => setCheckingOut(null)} />
      <SalonBookingModal target={booking} onClose={() => setBooking(null)} />
      <TimeOffModal target={timeOff} onClose={() => setTimeOff(null)} />
    </Stack>
  );
}

function eventProps(event: CalendarEvent): { className?: string; style?: CSSProperties } {
  if (event.kind !== 'booking') return { className: `sc-${event.kind}` };
  const color = BOOKING_STATUS_COLORS[event.booking.status];
  return {
    className: `sc-booking${event.booking.needsAttention ? ' sc-needs-attention' : ''}${event.visit ? ' sc-visit' : ''}`,
    style: {
      backgroundColor: `var(--mantine-color-${color}-1)`,
      borderLeftColor: `var(--mantine-color-${color}-6)`,
      // The items of one visit share a coloured right edge.
      ...(event.visit ? { boxShadow: `inset -5px 0 0 var(--mantine-color-${event.visit.color}-5)` } : {}),
      // The theme's readable text colour for this background (theme.ts).
      color: `var(--mantine-color-${color}-light-color)`,
      textDecoration: event.booking.status === 'cancelled' ? 'line-through' : undefined,
    },
  };
}

/** A booking block: its times, the customer, the service. */
function EventBlock({ event }: EventProps<CalendarEvent>) {
  if (event.kind !== 'booking') return <span>{event.title}</span>;
  const { booking } = event;
  return (
    <div data-booking-id={booking._id} data-status={booking.status}>
      <Text size="xs" fw={700} lh={1.2}>
        {booking.needsAttention ? '⚠ ' : ''}
        {formatClockRange(booking.timeSlot, booking.endTime)}
      </Text>
      <Text size="xs" fw={600} lh={1.2} truncate>
        {event.title}
      </Text>
      <Text size="xs" lh={1.2} truncate>
        {booking.seriesId ? (
          <>
            <RepeatsIcon />{' '}
          </>
        ) : null}
        {booking.service.name}
      </Text>
      {event.visit ? (
        <Text size="xs" lh={1.2} fw={600} c={`${event.visit.color}.8`} truncate>
          Visit {event.visit.position}/{event.visit.of}
        </Text>
      ) : null}
    </div>
  );
}

function DayHeader({ label }: { label: string }) {
  return <span>{label}</span>;
}

/**
 * What the grid's colours and shading mean, on a desk and a phone alike: each status as its blocks
 * show it, and the marks of the calendar's own (calendar.css draws swatch and grid alike).
 */
function Legend() {
  const marks: { className: string; label: string }[] = [
    { className: 'sc-swatch-attention', label: 'Needs attention' },
    { className: 'sc-swatch-visit', label: 'One visit of several services' },
    { className: 'sc-swatch-processing', label: 'Processing (the specialist is free)' },
    { className: 'sc-swatch-off', label: 'Time off · salon closed' },
    { className: 'sc-swatch-off-hours', label: 'Not working (outside hours, breaks)' },
    { className: 'sc-swatch-now', label: 'Now' },
  ];
  return (
    <ul className="sc-legend" aria-label="Legend">
      {BOOKING_STATUSES.map((status) => (
        <li key={status}>
          <span
            className="sc-swatch"
            style={{
              background: `var(--mantine-color-${BOOKING_STATUS_COLORS[status]}-1)`,
              borderLeft: `4px solid var(--mantine-color-${BOOKING_STATUS_COLORS[status]}-6)`,
            }}
          />
          {statusLabel(status)}
        </li>
      ))}
      {marks.map((mark) => (
        <li key={mark.className}>
          <span className={`sc-swatch ${mark.className}`} />
          {mark.label}
        </li>
      ))}
    </ul>
  );
}
