import { Box, Group } from '@mantine/core';
import { useId, useState, type FocusEvent, type ReactNode } from 'react';
import { joinDateTime, splitDateTime } from '@/client/lib/day-format';
import { DateField } from './date-field';
import { TimeField } from './time-field';

export interface DateTimeFieldProps {
  /** The visible label: the name of the group, and of its day input. */
  label: string;
  /** `YYYY-MM-DDTHH:MM` (salon time), or '' while the day or the time is missing. */
  value?: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  required?: boolean;
  withAsterisk?: boolean;
  description?: ReactNode;
  /** Called when the focus leaves the whole field (not when it moves from the day to the time). */
  onBlur?: () => void;
  onFocus?: () => void;
}

/**
 * Every date-time field of the app: the app's DateField (dd/mm/yyyy, the salon's first weekday)
 * with its TimeField (12-hour, AM/PM) beside it, under one label, giving the form the
 * `YYYY-MM-DDTHH:MM` (24-hour) the shared schemas take.
 *
 * Two inputs rather than one DateTimePicker: DateTimePicker is a button that opens a calendar, so
 * a day cannot be typed and the time is set inside a popover with an extra confirm step. Here a
 * keyboard types `24/11/2026`, Tab, `0930p` (the hours move on to the minutes and the minutes to
 * AM/PM by themselves; the arrows step them), and a phone picks the day from the calendar and gets the number pad for the
 * time. The browser's own `datetime-local` field is what this replaces: Chromium shows it month
 * first (and in 12 hours) in an English browser.
 */
export function DateTimeField({
  label,
  value = '',
  onChange,
  error,
  required,
  withAsterisk,
  description,
  onBlur,
  onFocus,
}: DateTimeFieldProps) {
  const id = useId();
  // Each half is kept while the other is missing: the form holds '' until both are there.
  const [parts, setParts] = useState(() => splitDateTime(value));
  const [shownValue, setShownValue] = useState(value);
  // The TimePicker keeps its own hours and minutes; a value set from outside (the form reset after
  // adding) starts it afresh.
  const [timeKey, setTimeKey] = useState(0);
  if (value !== shownValue) {
    setShownValue(value);
    if (value !== joinDateTime(parts.day, parts.time)) {
      setParts(splitDateTime(value));
      setTimeKey((key) => key + 1);
    }
  }

  const update = (next: { day: string; time: string }) => {
    setParts(next);
    const joined = joinDateTime(next.day, next.time);
    setShownValue(joined);
    if (joined !== value) onChange(joined);
  };

  const errorId = `${id}-error`;
  const hasMessage = error !== undefined && error !== null && typeof error !== 'boolean' && error !== '';
  const timeInputProps = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': hasMessage ? errorId : undefined,
    'aria-required': required ? true : undefined,
  };
  const leaves = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) onBlur?.();
  };

  return (
    <DateField
      id={id}
      label={label}
      description={description}
      error={error}
      required={required}
      withAsterisk={withAsterisk}
      value={parts.day}
      onChange={(day) => update({ ...parts, day })}
      wrapperProps={{
        role: 'group',
        'aria-labelledby': `${id}-label`,
        onFocus: (event: FocusEvent<HTMLElement>) => {
          if (!event.currentTarget.contains(event.relatedTarget)) onFocus?.();
        },
        onBlur: leaves,
      }}
      inputContainer={(input) => (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Box flex={1} miw={0}>
            {input}
          </Box>
          <TimeField
            key={timeKey}
            label={label}
            partOfGroup
            defaultValue={parts.time}
            onChange={(time) => update({ ...parts, time })}
            error={Boolean(error)}
            hoursInputProps={timeInputProps}
            minutesInputProps={timeInputProps}
            amPmSelectProps={timeInputProps}
            style={{ flexShrink: 0 }}
          />
        </Group>
      )}
    />
  );
}
