import { Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { isTRPCClientError } from '@trpc/client';
import { useMemo, useState } from 'react';
import type { AppRouter } from '@/server/routers';
import type { CustomerBooking } from '@/shared/schemas/booking';
import { customerRescheduleSchema } from '@/shared/schemas/schedule';
import { ANY_SPECIALIST } from '@/shared/constants';
import { DateField } from '@/client/components/forms/date-field';
import { serverFieldErrors } from '@/client/components/forms/server-field-errors';
import { useErrorToast } from '@/client/components/public/use-error-toast';
import { notifyError, notifySuccess } from '@/client/lib/notify';
import { trpc } from '@/client/lib/trpc';
import { bookingDateRange, formatBookingDate, formatSlotTime } from '@/client/features/booking/booking-format';
import { TimeSlotSelect } from '@/client/features/booking/time-slot-select';
import { LiveForm } from '@/client/components/forms/live-form';

const RESCHEDULE_FAILED = 'An error occurred';
const SLOTS_FAILED = 'Failed to fetch available slots.';

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
  booking,
  session,
  opened,
  onClose,
}: {
  booking: CustomerBooking | null;
  session: number;
  opened: boolean;
  onClose: () => void;
}) {
  // While the move is being sent, Escape and the overlay do not close the modal (as with Cancel).
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!busy) onClose();
      }}
      title="Reschedule appointment"
      centered
      size="md"
    >
      {booking ? <RescheduleForm key={session} booking={booking} opened={opened} onClose={onClose} onBusy={setBusy} /> : null}
    </Modal>
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
  const utils = trpc.useUtils();
  const specialistsQuery = trpc.public.specialists.list.useQuery(undefined, { enabled: opened });
  useErrorToast(specialistsQuery.error, 'specialists-fetch-error', 'Failed to fetch specialists.');

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
  const slotsQuery = trpc.customer.bookings.rescheduleSlots.useQuery(slotsInput, { enabled: slotsEnabled, retry: false });
  useErrorToast(slotsEnabled ? slotsQuery.error : null, 'slots-fetch-error', SLOTS_FAILED);
  const sameTimeAsNow =
    values.bookingDate === booking.bookingDate && specialistValue === booking.specialist._id;
  // The booking's own time is not offered: moving it there would change nothing.
  const slots = slotsEnabled && slotsQuery.isSuccess ? slotsQuery.data.filter((slot) => !(sameTimeAsNow && slot === booking.timeSlot)) : [];
  const slotHint = slotsEnabled && slotsQuery.isSuccess && slots.length === 0 ? 'No free times on this day' : undefined;

  const clearSlot = () => {
    form.setFieldValue('timeSlot', '');
  };

  const reschedule = trpc.customer.bookings.reschedule.useMutation({
    onMutate: () => {
      onBusy(true);
    },
    onSuccess: (moved) => {
      notifySuccess(
        `Appointment moved to ${formatBookingDate(moved.bookingDate)} at ${formatSlotTime(moved.timeSlot)} with ${moved.specialist.name}`,
      );
      onClose();
    },
    onError: (error) => {
      notifyError(error, RESCHEDULE_FAILED);
      const status = isTRPCClientError<AppRouter>(error) ? error.data?.httpStatus : undefined;
      if (status === 409) {
        // Someone took the time meanwhile: show what is still free.
        clearSlot();
        void utils.customer.bookings.rescheduleSlots.invalidate();
      } else if (status === 400) {
        form.setErrors(serverFieldErrors(error));
      } else {
        // Gone, not theirs, or the server failed: nothing to fix in this form.
        onClose();
      }
    },
    onSettled: () => {
      onBusy(false);
      void utils.customer.bookings.list.invalidate();
      // The time given up is free again for everyone.
      void utils.public.bookings.availableSlots.invalidate();
    },
  });
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
          Now: {formatBookingDate(booking.bookingDate)} at {formatSlotTime(booking.timeSlot)} with {booking.specialist.name}
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
          <DateField
            label="Date"
            minDate={min}
            maxDate={max}
            required
            {...form.getInputProps('bookingDate')}
            onChange={(day) => {
              form.setFieldValue('bookingDate', day);
              clearSlot();
            }}
          />
        </SimpleGrid>
        <TimeSlotSelect
          label="Time"
          idlePlaceholder="Pick a date first"
          slots={slots}
          enabled={slotsEnabled}
          fetching={slotsQuery.isFetching}
          hint={slotHint}
          inputProps={form.getInputProps('timeSlot')}
          value={values.timeSlot}
          onChange={(slot) => {
            form.setFieldValue('timeSlot', slot);
          }}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={close} disabled={reschedule.isPending}>
            Keep it
          </Button>
          <Button type="submit" loading={reschedule.isPending}>
            Reschedule
          </Button>
        </Group>
      </Stack>
    </LiveForm>
  );
}
