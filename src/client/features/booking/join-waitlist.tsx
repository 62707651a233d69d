// "No time that suits? Join the waitlist": the booking form's way onto the waitlist (README
// "Waitlist"), for what the form has chosen (a service or a visit, a specialist or anyone), some
// days and a part of the day. A guest is asked to log in first.
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ANY_SPECIALIST, PARTS_OF_DAY, WAITLIST_DAYS_MAX } from '@/shared/constants';
import {
  joinWaitlistSchema,
  partOfDayLabel,
  WAITLIST_PROMISE,
  waitlistItemsText,
  type JoinWaitlistInput,
} from '@/shared/schemas/waitlist';
import { DateField } from '@/client/components/forms/date-field';
import { LiveForm } from '@/client/components/forms/live-form';
import { showServerFieldErrors } from '@/client/components/forms/server-field-errors';
import { addDays, bookingDateRange } from '@/client/lib/day-format';
import { notifyError, notifyProblem } from '@/client/lib/notify';
import { trpc } from '@/client/lib/trpc';

const JOIN_FAILED = 'Could not join the waitlist. Please try again.';
/** The days a new entry covers unless the customer says otherwise: the chosen day and the week after. */
const DEFAULT_DAYS = 7;

interface Line {
  service: string;
  specialist: string;
}

/** The form's lines as an entry names them: a specialist left to the salon is anyone. */
const asItems = (lines: readonly Line[]) =>
  lines.map((line) => ({
    service: { name: line.service },
    specialist: line.specialist.toLowerCase() === ANY_SPECIALIST ? null : { name: line.specialist },
  }));

export function JoinWaitlist({
  lines,
  day,
  isAuthenticated,
  loginPath,
}: {
  /** The booking form's services in order, each with its specialist or `any`; all chosen. */
  lines: readonly Line[];
  /** The day the form shows, if any: the first day offered. */
  day: string;
  isAuthenticated: boolean;
  loginPath: () => string;
}) {
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const utils = trpc.useUtils();
  const { min, max } = bookingDateRange();
  const form = useForm<JoinWaitlistInput>({
    initialValues: { items: [], fromDate: '', toDate: '', partOfDay: 'any' },
    validate: schemaResolver(joinWaitlistSchema, { sync: true }),
  });
  const join = trpc.customer.waitlist.join.useMutation({
    onSuccess: () => {
      notifications.show({
        color: 'green',
        title: 'You are on the waitlist',
        message: WAITLIST_PROMISE,
      });
      setOpened(false);
      void utils.customer.waitlist.list.invalidate();
    },
    onError: (error) => {
      showServerFieldErrors(form, error);
      notifyError(error, JOIN_FAILED);
    },
  });

  const open = () => {
    if (!isAuthenticated) {
      notifyProblem('Please login first');
      void navigate(loginPath());
      return;
    }
    const fromDate = day !== '' && day >= min ? day : min;
    const toDate = addDays(fromDate, DEFAULT_DAYS - 1);
    form.setValues({ items: [...lines], fromDate, toDate: toDate > max ? max : toDate, partOfDay: 'any' });
    form.clearErrors();
    setOpened(true);
  };
  const lastDay = (from: string): string => {
    const widest = addDays(from || min, WAITLIST_DAYS_MAX - 1);
    return widest < max ? widest : max;
  };
  const values = form.getValues();

  return (
    <>
      <Group gap="xs">
        <Text size="sm">No time that suits?</Text>
        <Button variant="subtle" size="compact-sm" onClick={open}>
          Join the waitlist
        </Button>
      </Group>
      <Modal
        opened={opened}
        onClose={() => {
          if (!join.isPending) setOpened(false);
        }}
        title="Join the waitlist"
        centered
      >
        <LiveForm
          legend="Join the waitlist"
          onSubmit={form.onSubmit((input) => {
            join.mutate(input);
          })}
        >
          <Stack gap="md">
            <Text size="sm">
              For {waitlistItemsText(asItems(lines))}. {WAITLIST_PROMISE}
            </Text>
            <Group grow align="flex-start">
              <DateField label="From" required minDate={min} maxDate={max} {...form.getInputProps('fromDate')} />
              <DateField
                label="To"
                required
                minDate={values.fromDate || min}
                maxDate={lastDay(values.fromDate)}
                {...form.getInputProps('toDate')}
              />
            </Group>
            <Select
              label="Time of day"
              data={PARTS_OF_DAY.map((part) => ({ value: part, label: partOfDayLabel(part) }))}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('partOfDay')}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setOpened(false)} disabled={join.isPending}>
                Cancel
              </Button>
              {/* Focused first: the days and time offered are a fair start, and a date field opens its calendar on focus. */}
              <Button type="submit" loading={join.isPending} data-autofocus>
                Join the waitlist
              </Button>
            </Group>
          </Stack>
        </LiveForm>
      </Modal>
    </>
  );
}
