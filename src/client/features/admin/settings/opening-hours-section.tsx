import { Alert, Button, Group, Paper, Skeleton, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { useState } from 'react';
import type { Weekday } from '@/shared/constants';
import type { Booking } from '@/shared/schemas/booking';
import { putOpeningHoursSchema, type OpeningHoursSettings, type PutOpeningHoursInput } from '@/shared/schemas/opening-hours';
import { useQueryErrorToast } from '@/client/components/admin/use-query-error-toast';
import { serverFieldErrors } from '@/client/components/forms/server-field-errors';
import { errorMessage } from '@/client/lib/errors';
import { notifyError, notifySuccess } from '@/client/lib/notify';
import { trpc } from '@/client/lib/trpc';
import { AffectedBookingsAlert } from '@/client/features/admin/affected-bookings-alert';
import { useInvalidateSalonDay } from '@/client/features/admin/salon-day-queries';
import { SettingsCard } from './settings-card';

const FETCH_FAILED = 'Failed to load the opening hours';
const SAVE_FAILED = 'Failed to save the opening hours';

interface DayValues {
  day: Weekday;
  open: boolean;
  from: string;
  to: string;
}

interface HoursValues {
  days: DayValues[];
}

/** A day closed in the stored week gets these times when the admin opens it. */
const USUAL = { from: '09:00', to: '20:00' };

function valuesOf(settings: OpeningHoursSettings): HoursValues {
  return {
    days: settings.days.map(({ day, ranges }) => {
      const range = ranges[0];
      return range ? { day, open: true, from: range.from, to: range.to } : { day, open: false, ...USUAL };
    }),
  };
}

function toPut(values: HoursValues): PutOpeningHoursInput {
  return { days: values.days.map((day) => ({ day: day.day, ranges: day.open ? [{ from: day.from, to: day.to }] : [] })) };
}

/** `days.2.ranges.0.to` (the schema's and the server's path) -> `days.2.to` (the form's field). */
function toFormErrors(errors: Record<string, string>): FormErrors {
  const mapped: FormErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    const formPath = path.replace(/^(days\.\d+)\.ranges\.\d+\.(from|to)$/, '$1.$2').replace(/^(days\.\d+)\.ranges$/, '$1.to');
    if (!(formPath in mapped)) mapped[formPath] = message;
  }
  return mapped;
}

/** The shared schema checks what would be sent: its messages are the server's own. */
function validate(values: HoursValues): FormErrors {
  const result = putOpeningHoursSchema.safeParse(toPut(values));
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    if (!(path in errors)) errors[path] = issue.message;
  }
  return toFormErrors(errors);
}

/**
 * Settings > Opening hours: when the salon's doors are open, per weekday. No booking is offered
 * outside them, whatever a specialist's own hours; bookings already made stay and are listed.
 */
export function OpeningHoursSection() {
  const hoursQuery = trpc.admin.openingHours.get.useQuery();
  useQueryErrorToast(hoursQuery.error, FETCH_FAILED, 'admin-opening-hours-fetch-error');

  let body;
  if (hoursQuery.isPending) {
    body = (
      <Stack gap="xs" aria-busy>
        {Array.from({ length: 7 }, (_, row) => (
          <Skeleton key={row} height={52} radius="md" />
        ))}
      </Stack>
    );
  } else if (hoursQuery.isError) {
    body = (
      <Stack align="flex-start" gap="xs">
        <Text c="red.8">{errorMessage(hoursQuery.error, FETCH_FAILED)}</Text>
        <Button size="xs" variant="outline" onClick={() => void hoursQuery.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  } else {
    body = <OpeningHoursForm settings={hoursQuery.data} />;
  }

  return (
    <SettingsCard
      title="Opening hours"
      description="When the salon is open, shown on the website. Customers can only book times inside these hours, whatever a specialist's own hours. Bookings already made are never cancelled: you are shown those outside the new hours so you can move or cancel each."
    >
      {body}
    </SettingsCard>
  );
}

function OpeningHoursForm({ settings }: { settings: OpeningHoursSettings }) {
  const utils = trpc.useUtils();
  const invalidateSalonDay = useInvalidateSalonDay();
  const [affected, setAffected] = useState<Booking[]>([]);
  const form = useForm<HoursValues>({ initialValues: valuesOf(settings), validate });
  const put = trpc.admin.openingHours.put.useMutation({
    onSuccess: ({ affectedBookings, ...saved }) => {
      const next = valuesOf(saved);
      form.setValues(next);
      form.resetDirty(next);
      utils.admin.openingHours.get.setData(undefined, saved);
      // The footer and /contact show the hours; the calendar and every booking form offer times inside them.
      void utils.public.salon.openingHours.invalidate();
      invalidateSalonDay();
      setAffected(affectedBookings);
      notifySuccess('Opening hours saved');
    },
    onError: (error) => {
      notifyError(error, SAVE_FAILED);
      form.setErrors(toFormErrors(serverFieldErrors(error)));
    },
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        setAffected([]);
        put.mutate(toPut(values));
      })}
    >
      <Stack gap="xs">
        {settings.saved ? null : (
          <Alert color="blue" variant="light">
            Not saved yet: each day shows the hours its specialists work, from the earliest start to the latest end.
          </Alert>
        )}
        {form.values.days.map((day, index) => (
          <Paper key={day.day} withBorder radius="md" p="sm" role="group" aria-label={day.day}>
            <Group justify="space-between" wrap="wrap" gap="sm" align="center">
              <Group gap="sm" wrap="nowrap" miw={190}>
                <Text fw={600} w={100}>
                  {day.day}
                </Text>
                <Switch
                  label={day.open ? 'Open' : 'Closed'}
                  aria-label={`Open on ${day.day}`}
                  {...form.getInputProps(`days.${String(index)}.open`, { type: 'checkbox' })}
                />
              </Group>
              {day.open ? (
                <Group gap="xs" wrap="nowrap" align="flex-start" style={{ flex: '1 1 220px' }} maw={320}>
                  <TextInput
                    type="time"
                    aria-label={`Opens on ${day.day}`}
                    style={{ flex: '1 1 0' }}
                    miw={0}
                    {...form.getInputProps(`days.${String(index)}.from`)}
                  />
                  <Text c="dimmed" pt={6} aria-hidden>
                    –
                  </Text>
                  <TextInput
                    type="time"
                    aria-label={`Closes on ${day.day}`}
                    style={{ flex: '1 1 0' }}
                    miw={0}
                    {...form.getInputProps(`days.${String(index)}.to`)}
                  />
                </Group>
              ) : (
                <Text size="sm" c="dimmed">
                  No bookings on {day.day}s
                </Text>
              )}
            </Group>
          </Paper>
        ))}
        {typeof form.errors.days === 'string' ? (
          <Text c="red.8" size="sm">
            {form.errors.days}
          </Text>
        ) : null}
        <Group justify="flex-end" mt="xs">
          <Button type="submit" loading={put.isPending}>
            Save opening hours
          </Button>
        </Group>
        <AffectedBookingsAlert
          bookings={affected}
          what="The new opening hours"
          relation="leave out"
          showSpecialist
          onClose={() => setAffected([])}
        />
      </Stack>
    </form>
  );
}
