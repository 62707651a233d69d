import { Button, Group, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { REASON_MAX_LENGTH } from '@/shared/constants';
import type { Booking } from '@/shared/schemas/bookings';
import { createTimeOffSchema } from '@/shared/schemas/time-off';
import { DateTimeField } from '@/client/components/forms/date-time-field';
import { useCreateTimeOff } from './api/time-off';

interface TimeOffValues {
  id: string;
  /** `YYYY-MM-DDTHH:MM`, as the date-time field gives it (salon time); '' until it has both. */
  startsAt: string;
  endsAt: string;
  reason: string;
}

export interface TimeOffFormProps {
  specialistId: string;
  /** Where the span starts out (`YYYY-MM-DDTHH:MM`, salon time): the calendar's drag; empty otherwise. */
  startsAt?: string;
  endsAt?: string;
  /** Once added: the bookings the time off overlaps (it is never refused over them). */
  onAdded: (affected: Booking[]) => void;
  /** On every submit that passed the form's checks, before the call. */
  onSubmit?: () => void;
  /** Shows a Close button beside the submit button. */
  onClose?: () => void;
}

/**
 * The one time off form of the back office: in a specialist's "Hours & time off" and on the
 * calendar's drag over a specialist's column. It starts afresh after each addition.
 */
export function TimeOffForm({
  specialistId,
  startsAt = '',
  endsAt = '',
  onAdded,
  onSubmit,
  onClose,
}: TimeOffFormProps) {
  const form = useForm<TimeOffValues>({
    initialValues: { id: specialistId, startsAt, endsAt, reason: '' },
    validate: schemaResolver(createTimeOffSchema, { sync: true }),
  });
  const create = useCreateTimeOff({
    form,
    onAdded: (affected) => {
      form.reset();
      onAdded(affected);
    },
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        onSubmit?.();
        create.mutate(values);
      })}
    >
      <Stack gap="sm">
        <DateTimeField label="Start" required {...form.getInputProps('startsAt')} />
        <DateTimeField label="End" required {...form.getInputProps('endsAt')} />
        <TextInput
          label="Reason"
          placeholder="e.g. Holiday, training"
          description="Optional; only the back office sees it."
          maxLength={REASON_MAX_LENGTH}
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end">
          {onClose ? (
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          ) : null}
          <Button type="submit" loading={create.isPending}>
            Add time off
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
