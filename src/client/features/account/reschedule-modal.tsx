import { Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMemo } from 'react';
import { type CustomerBooking, customerRescheduleSchema } from '@/shared/schemas/bookings';
import { ANY_SPECIALIST } from '@/shared/constants';
import { formatClock, formatDayWithWeekday } from '@/shared/time-format';
import { DateField } from '@/client/components/forms/date-field';
import { useErrorToast } from '@/client/lib/use-error-toast';
import { trpc } from '@/client/lib/trpc';
import { TimeSlotSelect } from '@/client/components/forms/time-slot-select';
import { useSlotPicker } from '@/client/components/forms/use-slot-picker';
import { bookingDateRange } from '@/client/lib/day-format';
import { LiveForm } from '@/client/components/forms/live-form';
import { FormModal } from '@/client/components/forms/form-modal';
import { SeriesScopeRadios } from '@/client/components/forms/series-scope-radios';
import { moveVisitSchema, type MoveVisitInput } from '@/shared/schemas/visits';
import { useMoveMyVisit, useRescheduleMyBooking } from './api/bookings';
import { leadOf, type AppointmentEntry } from './appointment-entries';

/** The form's values: `specialist` is an id or `any`; `timeSlot` is `HH:MM`, salon time. */
interface RescheduleValues {
  id: string;
  bookingDate: string;
  timeSlot: string;
  specialist: string;
}

/**
 * Moves one of the customer's bookings to another free time: the same service, the same or
 * another specialist (or "any"), a day within the booking horizon and one of that day's free times.
 * `booking` stays set while the modal closes, so its content does not vanish mid-transition; a new
 * `session` (each opening) starts the form afresh.
 */
export function RescheduleModal({
  entry,
  session,
  opened,
  onClose,
}: {
  entry: AppointmentEntry | null;
  session: number;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={entry?.kind === 'visit' ? 'Reschedule visit' : 'Reschedule appointment'}
    >
      {(onBusy) =>
        // An occurrence of a standing appointment moves as a visit: with the ones after it, if asked.
        entry?.kind === 'booking' && entry.booking.seriesId && entry.booking.visitId ? (
          <VisitMoveForm
            key={session}
            items={[entry.booking]}
            visitId={entry.booking.visitId}
            opened={opened}
            onClose={onClose}
            onBusy={onBusy}
          />
        ) : entry?.kind === 'booking' ? (
          <RescheduleForm key={session} booking={entry.booking} opened={opened} onClose={onClose} onBusy={onBusy} />
        ) : entry?.kind === 'visit' ? (
          <VisitMoveForm
            key={session}
            items={entry.items}
            visitId={entry.visitId}
            opened={opened}
            onClose={onClose}
            onBusy={onBusy}
          />
        ) : null
      }
    </FormModal>
  );
}

function RescheduleForm({
  booking,
  opened,
  onClose,
  onBusy,
}: {
  booking: CustomerBooking;
  opened: boolean;
  onClose: () => void;
  onBusy: (busy: boolean) => void;
}) {
  const specialistsQuery = trpc.public.specialists.list.useQuery(undefined, { enabled: opened });
  useErrorToast(specialistsQuery.error, 'Failed to fetch specialists.', 'specialists-fetch-error');

  // Matched by the service's id: the booking keeps the name it had when booked, which a rename changes.
  const offering = useMemo(
    () =>
      (specialistsQuery.data ?? []).filter((specialist) =>
        specialist.expertise.some((service) => service._id === booking.service._id),
      ),
    [specialistsQuery.data, booking.service._id],
  );
  const { min, max } = bookingDateRange();
  const form = useForm<RescheduleValues>({
    initialValues: {
      id: booking._id,
      bookingDate: booking.bookingDate >= min && booking.bookingDate <= max ? booking.bookingDate : '',
      timeSlot: '',
      specialist: booking.specialist._id,
    },
    validate: schemaResolver(customerRescheduleSchema, { sync: true }),
  });
  const values = form.getValues();

  // The booked specialist may no longer offer the service: "any" is then the only way to move it.
  const specialistValue =
    values.specialist === ANY_SPECIALIST || offering.some((specialist) => specialist._id === values.specialist)
      ? values.specialist
      : specialistsQuery.isSuccess
        ? ANY_SPECIALIST
        : values.specialist;
  const specialistOptions = [
    { value: ANY_SPECIALIST, label: 'Any specialist' },
    ...offering.map((specialist) => ({ value: specialist._id, label: specialist.name })),
  ];

  // The times this booking can move to: its own time does not stand in its way.
  const slotsInput = { id: booking._id, specialistId: specialistValue, bookingDate: values.bookingDate };
  const slotsEnabled = opened && specialistsQuery.isSuccess && values.bookingDate !== '';
  const slotsQuery = trpc.customer.bookings.rescheduleSlots.useQuery(slotsInput, {
    enabled: slotsEnabled,
    retry: false,
  });
  const sameTimeAsNow = values.bookingDate === booking.bookingDate && specialistValue === booking.specialist._id;
  const { clearSlot, dateProps, slotProps } = useSlotPicker(form, slotsQuery, {
    enabled: slotsEnabled,
    // The booking's own time is not offered: moving it there would change nothing.
    offered: (slot) => !(sameTimeAsNow && slot === booking.timeSlot),
  });

  const reschedule = useRescheduleMyBooking({ form, onBusy, onClose, clearSlot });
  const close = () => {
    if (!reschedule.isPending) onClose();
  };

  const submit = form.onSubmit((submitted) => {
    reschedule.mutate({
      id: submitted.id,
      bookingDate: submitted.bookingDate,
      timeSlot: submitted.timeSlot,
      // Left out, the server keeps the booked specialist.
      ...(specialistValue === booking.specialist._id ? {} : { specialist: specialistValue }),
    });
  });

  return (
    <LiveForm legend="The new day and time" onSubmit={submit}>
      <Stack gap="md">
        <Text size="sm">
          Now: {formatDayWithWeekday(booking.bookingDate)} at {formatClock(booking.timeSlot)} with{' '}
          {booking.specialist.name}
        </Text>
        <TextInput label="Service" value={booking.service.name} readOnly variant="filled" />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Select
            label="Specialist"
            data={specialistOptions}
            placeholder={specialistsQuery.isPending ? 'Loading specialists…' : 'Select a specialist'}
            disabled={specialistsQuery.isPending}
            allowDeselect={false}
            comboboxProps={{ keepMounted: false }}
            required
            {...form.getInputProps('specialist')}
            value={specialistsQuery.isSuccess ? specialistValue : null}
            onChange={(specialist: string | null) => {
              form.setFieldValue('specialist', specialist ?? ANY_SPECIALIST);
              clearSlot();
            }}
          />
          <DateField label="Date" required {...dateProps} />
        </SimpleGrid>
        <TimeSlotSelect label="Time" idlePlaceholder="Pick a date first" {...slotProps} />
        <MoveButtons onKeep={close} pending={reschedule.isPending} />
      </Stack>
    </LiveForm>
  );
}

/**
 * Moves a whole visit: every item together, keeping its services and specialists, to a day within
 * the booking horizon and one of that day's free start times (its own time does not stand in its way).
 */
function VisitMoveForm({
  items,
  visitId,
  opened,
  onClose,
  onBusy,
}: {
  items: readonly CustomerBooking[];
  visitId: string;
  opened: boolean;
  onClose: () => void;
  onBusy: (busy: boolean) => void;
}) {
  const lead = leadOf(items);
  const { min, max } = bookingDateRange();
  const day = lead?.bookingDate ?? '';
  const form = useForm<MoveVisitInput>({
    initialValues: { id: visitId, bookingDate: day >= min && day <= max ? day : '', timeSlot: '', scope: 'one' },
    validate: schemaResolver(moveVisitSchema, { sync: true }),
  });
  const values = form.getValues();
  const slotsEnabled = opened && values.bookingDate !== '';
  const slotsQuery = trpc.customer.visits.moveSlots.useQuery(
    { id: visitId, bookingDate: values.bookingDate },
    { enabled: slotsEnabled, retry: false },
  );
  const { clearSlot, dateProps, slotProps } = useSlotPicker(form, slotsQuery, {
    enabled: slotsEnabled,
    // The visit's own time is not offered: moving it there would change nothing.
    offered: (slot) => !(values.bookingDate === day && slot === lead?.timeSlot),
  });
  const move = useMoveMyVisit({ form, onBusy, onClose, clearSlot });
  const submit = form.onSubmit((submitted) => {
    move.mutate(submitted);
  });

  return (
    <LiveForm legend="The new day and time" onSubmit={submit}>
      <Stack gap="md">
        <Stack gap={2}>
          <Text size="sm">
            Now: {lead ? `${formatDayWithWeekday(lead.bookingDate)} at ${formatClock(lead.timeSlot)}` : ''}
          </Text>
          {items.map((item) => (
            <Text key={item._id} size="sm" c="dimmed">
              {formatClock(item.timeSlot)} {item.service.name} with {item.specialist.name}
            </Text>
          ))}
        </Stack>
        {items.length > 1 ? <Text size="sm">Every service moves together, with the same specialists.</Text> : null}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <DateField label="Date" required {...dateProps} />
          <TimeSlotSelect label="Time" idlePlaceholder="Pick a date first" {...slotProps} />
        </SimpleGrid>
        {lead?.seriesId ? (
          <SeriesScopeRadios
            value={values.scope ?? 'one'}
            onChange={(scope) => form.setFieldValue('scope', scope)}
            action="move"
          />
        ) : null}
        <MoveButtons onKeep={onClose} pending={move.isPending} />
      </Stack>
    </LiveForm>
  );
}

/** "Keep it" (closes, changing nothing) and "Reschedule" (submits the move). */
function MoveButtons({ onKeep, pending }: { onKeep: () => void; pending: boolean }) {
  return (
    <Group justify="flex-end" gap="sm" mt="xs">
      <Button variant="default" onClick={onKeep} disabled={pending}>
        Keep it
      </Button>
      <Button type="submit" loading={pending}>
        Reschedule
      </Button>
    </Group>
  );
}
