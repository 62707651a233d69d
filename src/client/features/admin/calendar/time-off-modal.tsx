import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import type { Booking } from '@/shared/schemas/booking';
import { createTimeOffSchema } from '@/shared/schemas/schedule';
import { DateTimeField } from '@/client/components/forms/date-time-field';
import { serverFieldErrors } from '@/client/components/forms/server-field-errors';
import { notifyError, notifySuccess } from '@/client/lib/notify';
import { trpc } from '@/client/lib/trpc';
import { useInvalidateSalonDay } from '@/client/features/admin/salon-day-queries';
import { AffectedBookingsAlert } from '@/client/features/admin/affected-bookings-alert';

export interface TimeOffTarget {
  specialistId: string;
  specialistName: string;
  /** `YYYY-MM-DDTHH:MM`, salon time. */
  startsAt: string;
  endsAt: string;
}

/** Time off dragged out on a specialist's column: never refused over bookings; those it overlaps are listed. */
export function TimeOffModal({ target, onClose }: { target: TimeOffTarget | null; onClose: () => void }) {
  return (
    <Modal opened={target !== null} onClose={onClose} title={target ? `Time off for ${target.specialistName}` : ''} centered>
      {target && <TimeOffForm target={target} onDone={onClose} />}
    </Modal>
  );
}

function TimeOffForm({ target, onDone }: { target: TimeOffTarget; onDone: () => void }) {
  const invalidate = useInvalidateSalonDay();
  const [affected, setAffected] = useState<Booking[] | null>(null);
  const form = useForm({
    initialValues: { id: target.specialistId, startsAt: target.startsAt, endsAt: target.endsAt, reason: '' },
    validate: schemaResolver(createTimeOffSchema, { sync: true }),
  });
  const create = trpc.admin.timeOff.create.useMutation({
    onSuccess: (created) => {
      notifySuccess('Time off added');
      invalidate();
      if (created.affectedBookings.length === 0) onDone();
      else setAffected(created.affectedBookings);
    },
    onError: (error) => {
      form.setErrors(serverFieldErrors(error));
      notifyError(error, 'The time off could not be added.');
    },
  });

  if (affected) {
    return (
      <Stack>
        <AffectedBookingsAlert bookings={affected} what="This time off" showSpecialist={false} onClose={onDone} />
        <Group justify="flex-end">
          <Button onClick={onDone}>Done</Button>
        </Group>
      </Stack>
    );
  }
  return (
    <form onSubmit={form.onSubmit((values) => create.mutate({ ...values, reason: values.reason || undefined }))}>
      <Stack gap="sm">
        <DateTimeField label="From" withAsterisk {...form.getInputProps('startsAt')} />
        <DateTimeField label="To" withAsterisk {...form.getInputProps('endsAt')} />
        <TextInput label="Reason (optional)" placeholder="Holiday, sick day, training…" {...form.getInputProps('reason')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Close
          </Button>
          <Button type="submit" loading={create.isPending}>
            Add time off
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
