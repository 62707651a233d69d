import { Button, CloseButton, Group, Paper, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import { SCHEDULE_RANGES_PER_DAY_MAX, type Weekday } from '@/shared/constants';
import {
  type UpdateScheduleInput,
  updateScheduleSchema,
  type Schedule,
  type TimeRange,
} from '@/shared/schemas/schedules';
import type { Specialist } from '@/shared/schemas/specialists';
import { showServerFieldErrors } from '@/client/components/forms/server-field-errors';
import { errorMessage } from '@/client/lib/errors';
import { notifyError, notifySuccess } from '@/client/lib/notify';
import { trpc } from '@/client/lib/trpc';
import { TimeField } from '@/client/components/forms/time-field';
import { formatRanges } from '@/client/features/admin/shared/schedule-format';

const FETCH_FAILED = 'Failed to load the working hours';
const SAVE_FAILED = 'Failed to save';

interface DayValues {
  day: Weekday;
  /** The day has hours of its own; otherwise the specialist's standard hours and days apply. */
  own: boolean;
  /** The day's own ranges (none: a day off). */
  ranges: TimeRange[];
  /** What the day has without hours of its own (shown, never sent). */
  standard: TimeRange[];
}

interface HoursValues {
  days: DayValues[];
}

/** The specialist's single range on their working days: what a day without its own hours gets. */
function standardRanges(specialist: Specialist, day: Weekday): TimeRange[] {
  return specialist.availableDays.includes(day) ? [{ from: specialist.availableFrom, to: specialist.availableTo }] : [];
}

function valuesOf(schedule: Schedule, specialist: Specialist): HoursValues {
  return {
    days: schedule.days.map((day) => ({
      day: day.day,
      own: day.own,
      ranges: day.own ? day.ranges.map((range) => ({ ...range })) : [],
      // The server filled a day without its own hours from the standard ones: trust it over the list's copy.
      standard: day.own ? standardRanges(specialist, day.day) : day.ranges.map((range) => ({ ...range })),
    })),
  };
}

/**
 * What `admin.schedules.update` takes: only the days with hours of their own. `formIndex[k]` is the
 * form's index of the k-th day sent, so the schema's and the server's messages about `days.k`
 * land under the right weekday.
 */
function toUpdate(id: string, values: HoursValues): { input: UpdateScheduleInput; formIndex: number[] } {
  const formIndex: number[] = [];
  const days: UpdateScheduleInput['days'] = [];
  values.days.forEach((day, index) => {
    if (!day.own) return;
    formIndex.push(index);
    days.push({ day: day.day, ranges: day.ranges });
  });
  return { input: { id, days }, formIndex };
}

/** `days.1.ranges.0.to` about the second day sent -> the same path about that day in the form. */
function toFormPath(path: string, formIndex: number[]): string {
  const match = /^days\.(\d+)(\..*)?$/.exec(path);
  if (!match) return path;
  const index = formIndex[Number(match[1])];
  return index === undefined ? path : `days.${String(index)}${match[2] ?? ''}`;
}

function toFormErrors(errors: Record<string, string>, formIndex: number[]): FormErrors {
  const mapped: FormErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    const formPath = toFormPath(path, formIndex);
    if (!(formPath in mapped)) mapped[formPath] = message;
  }
  return mapped;
}

/** The shared schema checks what would be sent; its messages are the server's own. */
function validate(id: string, values: HoursValues): FormErrors {
  const { input, formIndex } = toUpdate(id, values);
  const result = updateScheduleSchema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    if (!(path in errors)) errors[path] = issue.message;
  }
  return toFormErrors(errors, formIndex);
}

/** The weekly hours part of "Hours & time off": loads the week, then the form. */
export function WeeklyHours({ specialist, onDone }: { specialist: Specialist; onDone: () => void }) {
  const scheduleQuery = trpc.admin.schedules.get.useQuery({ id: specialist._id });
  if (scheduleQuery.isPending) {
    return (
      <Stack gap="sm" aria-busy>
        {Array.from({ length: 7 }, (_, row) => (
          <Skeleton key={row} height={52} radius="md" />
        ))}
      </Stack>
    );
  }
  if (scheduleQuery.isError) {
    return (
      <Stack align="center" gap="xs" py="xl">
        <Text c="red.8" ta="center">
          {errorMessage(scheduleQuery.error, FETCH_FAILED)}
        </Text>
        <Button size="xs" variant="outline" onClick={() => void scheduleQuery.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  }
  return <WeeklyHoursForm specialist={specialist} schedule={scheduleQuery.data} onDone={onDone} />;
}

function WeeklyHoursForm({
  specialist,
  schedule,
  onDone,
}: {
  specialist: Specialist;
  schedule: Schedule;
  onDone: () => void;
}) {
  const utils = trpc.useUtils();
  const form = useForm<HoursValues>({
    initialValues: valuesOf(schedule, specialist),
    validate: (values) => validate(specialist._id, values),
  });
  const update = trpc.admin.schedules.update.useMutation();

  const submit = form.onSubmit(
    async (values, event) => {
      // Read now: the event lets go of its target once this handler awaits.
      const formElement = event?.currentTarget;
      const { input, formIndex } = toUpdate(specialist._id, values);
      try {
        const saved = await update.mutateAsync(input);
        const next = valuesOf(saved, specialist);
        form.setValues(next);
        form.resetDirty(next);
        utils.admin.schedules.get.setData({ id: specialist._id }, saved);
        void utils.admin.schedules.get.invalidate({ id: specialist._id });
        // The calendar draws the hours; the booking forms offer slots from them.
        void utils.admin.calendar.invalidate();
        void utils.public.bookings.availableSlots.invalidate();
        notifySuccess('Working hours saved');
      } catch (error) {
        notifyError(error, SAVE_FAILED);
        showServerFieldErrors(form, error, (errors) => toFormErrors(errors, formIndex));
        showFirstError(formElement);
      }
    },
    (_errors, _values, event) => showFirstError(event?.currentTarget),
  );

  /** Drops the messages about one day (its ranges changed shape). */
  const clearDayErrors = (index: number) => {
    const prefix = `days.${String(index)}.`;
    const key = `days.${String(index)}.ranges`;
    form.setErrors(
      Object.fromEntries(Object.entries(form.errors).filter(([path]) => path !== key && !path.startsWith(prefix))),
    );
  };

  const setOwn = (index: number, own: boolean) => {
    const day = form.values.days[index];
    if (!day) return;
    clearDayErrors(index);
    form.setFieldValue(`days.${String(index)}.own`, own);
    if (own) {
      // Start from what the day has now; a day off starts from the specialist's usual range.
      const start =
        day.standard.length > 0 ? day.standard : [{ from: specialist.availableFrom, to: specialist.availableTo }];
      form.setFieldValue(
        `days.${String(index)}.ranges`,
        start.map((range) => ({ ...range })),
      );
    }
  };

  const addRange = (index: number) => {
    const ranges = form.values.days[index]?.ranges ?? [];
    // A new range follows the last one by an hour, as a break would.
    const last = ranges.at(-1);
    const next = last ? followingRange(last.to) : { from: specialist.availableFrom, to: specialist.availableTo };
    form.insertListItem(`days.${String(index)}.ranges`, next);
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Days without custom hours follow the standard hours set in the specialist's details. To leave a break, split a
          day into ranges, e.g. 9:00 AM – 1:00 PM and 2:00 PM – 6:00 PM. Existing bookings are never moved.
        </Text>
        {form.values.days.map((day, index) => (
          <DayRow
            key={day.day}
            day={day}
            index={index}
            form={form}
            onOwnChange={(own) => setOwn(index, own)}
            onAddRange={() => addRange(index)}
            onRemoveRange={(rangeIndex) => {
              clearDayErrors(index);
              form.removeListItem(`days.${String(index)}.ranges`, rangeIndex);
            }}
            onDayOff={() => {
              clearDayErrors(index);
              form.setFieldValue(`days.${String(index)}.ranges`, []);
            }}
          />
        ))}
        {typeof form.errors.days === 'string' ? (
          <Text c="red.8" size="sm">
            {form.errors.days}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone}>
            Close
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save hours
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The Save button is below the week: brings the first message, which may be days above it, into view. */
function showFirstError(formElement: EventTarget | null | undefined) {
  if (!(formElement instanceof HTMLFormElement)) return;
  requestAnimationFrame(() => {
    formElement
      .querySelector('[aria-invalid="true"], [data-day-error]')
      ?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  });
}

const pad = (n: number) => String(n).padStart(2, '0');
const toMinutes = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};
const toClock = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/** An hour after `to`, for an hour (kept within the day). */
function followingRange(to: string): TimeRange {
  const from = Math.min(toMinutes(to) + 60, 22 * 60);
  return { from: toClock(from), to: toClock(Math.min(from + 60, 23 * 60 + 59)) };
}

interface DayRowProps {
  day: DayValues;
  index: number;
  form: UseFormReturnType<HoursValues>;
  onOwnChange: (own: boolean) => void;
  onAddRange: () => void;
  onRemoveRange: (rangeIndex: number) => void;
  onDayOff: () => void;
}

function DayRow({ day, index, form, onOwnChange, onAddRange, onRemoveRange, onDayOff }: DayRowProps) {
  const path = `days.${String(index)}`;
  const dayError = form.errors[`${path}.ranges`];
  const full = day.ranges.length >= SCHEDULE_RANGES_PER_DAY_MAX;
  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-label={day.day}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text fw={600}>{day.day}</Text>
        <Switch
          label="Custom hours"
          labelPosition="left"
          checked={day.own}
          onChange={(event) => onOwnChange(event.currentTarget.checked)}
        />
      </Group>
      {day.own ? (
        <Stack gap="xs" mt="xs">
          {day.ranges.length === 0 ? (
            <Text size="sm" c="dimmed">
              Day off: no working hours.
            </Text>
          ) : (
            day.ranges.map((_, rangeIndex) => {
              const rangePath = `${path}.ranges.${String(rangeIndex)}`;
              return (
                <Group key={rangeIndex} gap="xs" wrap="nowrap" align="flex-start">
                  <TimeField label="From" {...form.getInputProps(`${rangePath}.from`)} />
                  <Text c="dimmed" pt={6} aria-hidden>
                    –
                  </Text>
                  <TimeField label="To" {...form.getInputProps(`${rangePath}.to`)} />
                  <CloseButton
                    mt={4}
                    aria-label={`Remove range ${String(rangeIndex + 1)} on ${day.day}`}
                    onClick={() => onRemoveRange(rangeIndex)}
                  />
                </Group>
              );
            })
          )}
          {typeof dayError === 'string' ? (
            <Text c="red.8" size="sm" data-day-error>
              {dayError}
            </Text>
          ) : null}
          <Group gap="xs">
            <Button size="compact-sm" variant="light" onClick={onAddRange} disabled={full}>
              Add range
            </Button>
            {day.ranges.length > 0 ? (
              <Button size="compact-sm" variant="subtle" color="gray" onClick={onDayOff}>
                Make it a day off
              </Button>
            ) : null}
          </Group>
          {full ? (
            <Text size="xs" c="dimmed">
              A day has at most {SCHEDULE_RANGES_PER_DAY_MAX} ranges.
            </Text>
          ) : null}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed" mt={4}>
          {day.standard.length > 0 ? `Standard hours (${formatRanges(day.standard)})` : 'Day off (standard)'}
        </Text>
      )}
    </Paper>
  );
}
