import { Alert, Button, Group, Paper, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { useState } from 'react';
import type { Weekday } from '@/shared/constants';
import type { Booking } from '@/shared/schemas/bookings';
import {
  updateOpeningHoursSchema,
  type OpeningHoursSettings,
  type UpdateOpeningHoursInput,
} from '@/shared/schemas/opening-hours';
import { useErrorToast } from '@/client/lib/use-error-toast';
import { errorMessage } from '@/client/lib/errors';
import { trpc } from '@/client/lib/trpc';
import { TimeField } from '@/client/components/forms/time-field';
import { AffectedBookingsAlert } from '@/client/features/admin/shared/affected-bookings-alert';
import { useSaveOpeningHours } from './api/opening-hours';
import { SettingsCard } from './settings-card';

const FETCH_FAILED = 'Failed to load the opening hours';

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

function toUpdate(values: HoursValues): UpdateOpeningHoursInput {
  return {
    days: values.days.map((day) => ({ day: day.day, ranges: day.open ? [{ from: day.from, to: day.to }] : [] })),
  };
}

/** `days.2.ranges.0.to` (the schema's and the server's path) -> `days.2.to` (the form's field). */
function toFormErrors(errors: Record<string, string>): FormErrors {
  const mapped: FormErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    const formPath = path
      .replace(/^(days\.\d+)\.ranges\.\d+\.(from|to)$/, '$1.$2')
      .replace(/^(days\.\d+)\.ranges$/, '$1.to');
    if (!(formPath in mapped)) mapped[formPath] = message;
  }
  return mapped;
}

/** The shared schema checks what would be sent: its messages are the server's own. */
function validate(values: HoursValues): FormErrors {
  const result = updateOpeningHoursSchema.safeParse(toUpdate(values));
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
  useErrorToast(hoursQuery.error, FETCH_FAILED, 'admin-opening-hours-fetch-error');

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
  const [affected, setAffected] = useState<Booking[]>([]);
  const form = useForm<HoursValues>({ initialValues: valuesOf(settings), validate });
  const update = useSaveOpeningHours({
    form,
    toFormErrors,
    onSaved: (saved, affectedBookings) => {
      const next = valuesOf(saved);
      form.setValues(next);
      form.resetDirty(next);
      setAffected(affectedBookings);
    },
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        setAffected([]);
        update.mutate(toUpdate(values));
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
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <TimeField label={`Opens on ${day.day}`} {...form.getInputProps(`days.${String(index)}.from`)} />
                  <Text c="dimmed" pt={6} aria-hidden>
                    –
                  </Text>
                  <TimeField label={`Closes on ${day.day}`} {...form.getInputProps(`days.${String(index)}.to`)} />
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
          <Button type="submit" loading={update.isPending}>
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
