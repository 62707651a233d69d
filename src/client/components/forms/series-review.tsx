// A repeating booking's review step, loaded when it opens (its state: series-review-state.ts). Its
// sheets come with it, as the date field's do (the public pages load only the styles they use).
import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import { Alert, Button, Group, List, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { occurrenceChoiceSchema, type OccurrenceChoice } from '@/shared/schemas/visits';
import { formatClock, formatDayWithWeekday } from '@/shared/time-format';
import { at, plural, repeatSummary, type PreviewedSeries } from './series-review-state';

const SKIP = 'skip';

/**
 * The review step of a repeating booking (README "Standing appointments"): the dates that are
 * free as asked, and those that are not, each with why and its nearest free times that day to
 * pick instead, or "Skip this date". "Book N appointments" gives the choices to `onBook`.
 */
export function SeriesReview({
  series,
  pending,
  onBack,
  onBook,
}: {
  series: PreviewedSeries;
  pending: boolean;
  onBack: () => void;
  onBook: (occurrences: OccurrenceChoice[]) => void;
}) {
  const headingId = useId();
  // The step replaces the form: the focus goes to its heading, so a screen reader starts there.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  // A day with nothing free that day can only be skipped.
  const [picks, setPicks] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      series.notFitting.filter((miss) => miss.nearest.length === 0).map((miss) => [miss.bookingDate, SKIP]),
    ),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const choices = series.notFitting.map((miss) => {
    const pick = picks[miss.bookingDate];
    return {
      bookingDate: miss.bookingDate,
      ...(pick === SKIP ? { skip: true } : pick === undefined ? {} : { timeSlot: pick }),
    };
  });
  const count = series.fitting.length + choices.filter((choice) => 'timeSlot' in choice).length;

  const book = () => {
    const found: Record<string, string> = {};
    const checked: OccurrenceChoice[] = [];
    for (const choice of choices) {
      const parsed = occurrenceChoiceSchema.safeParse(choice);
      if (parsed.success) checked.push(parsed.data);
      else found[choice.bookingDate] = parsed.error.issues[0]?.message ?? '';
    }
    setErrors(found);
    if (Object.keys(found).length === 0) onBook(checked);
  };

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Stack gap={4}>
        <Title order={3} id={headingId} size="h4" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          Check the dates
        </Title>
        <Text size="sm">{repeatSummary(series)}. Nothing is booked until you confirm.</Text>
      </Stack>

      {series.fitting.length > 0 ? (
        <Stack gap={4}>
          <Text fw={600}>Free as asked ({series.fitting.length})</Text>
          <List size="sm" spacing={4} aria-label="Free as asked">
            {series.fitting.map((occurrence) => (
              <List.Item key={occurrence.bookingDate}>{at(occurrence.bookingDate, occurrence.timeSlot)}</List.Item>
            ))}
          </List>
        </Stack>
      ) : null}

      {series.notFitting.length > 0 ? (
        <Stack gap="xs">
          <Text fw={600}>Not free ({series.notFitting.length}): pick another time or skip the date</Text>
          {series.notFitting.map((miss) => (
            <Paper key={miss.bookingDate} withBorder radius="md" p="sm">
              <Radio.Group
                label={at(miss.bookingDate, miss.timeSlot)}
                description={
                  miss.nearest.length > 0
                    ? `${miss.reason} Free that day:`
                    : `${miss.reason} Nothing else is free that day.`
                }
                value={picks[miss.bookingDate] ?? null}
                onChange={(value) => {
                  setPicks((current) => ({ ...current, [miss.bookingDate]: value }));
                  setErrors(({ [miss.bookingDate]: _fixed, ...rest }) => rest);
                }}
                error={errors[miss.bookingDate]}
              >
                <Group gap="md" mt="xs" wrap="wrap">
                  {miss.nearest.map((time) => (
                    <Radio key={time} value={time} label={formatClock(time)} />
                  ))}
                  <Radio value={SKIP} label="Skip this date" />
                </Group>
              </Radio.Group>
            </Paper>
          ))}
        </Stack>
      ) : null}

      {series.skipped.length > 0 ? (
        <Text size="sm" c="dimmed">
          Skipped: {series.skipped.map(formatDayWithWeekday).join(', ')}
        </Text>
      ) : null}

      {count === 0 ? (
        <Alert color="yellow" variant="light">
          Every date is skipped: pick a time for one of them, or go back.
        </Alert>
      ) : null}

      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onBack} disabled={pending}>
          Back
        </Button>
        <Button onClick={book} loading={pending} disabled={count === 0}>
          Book {plural(count, 'appointment')}
        </Button>
      </Group>
    </Stack>
  );
}
