// Its sheet comes with the field, so only the chunks that show a date field load it (the home
// page does not).
import '@mantine/dates/styles.layer.css';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { WEEK_STARTS_ON } from '@/shared/constants';
import { formatDay } from '@/shared/time-format';
import { parseDay } from '@/client/lib/day-format';

export type DateFieldProps = Omit<
  DateInputProps,
  'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser' | 'minDate' | 'maxDate'
> & {
  /** `YYYY-MM-DD`, or '' for none: what the shared schemas and the server take. */
  value?: string;
  onChange: (day: string) => void;
  /** The first and last day it takes (`YYYY-MM-DD`); others cannot be picked or typed. */
  minDate?: string;
  maxDate?: string;
};

/**
 * Every date field of the app: it shows and reads days as dd/mm/yyyy, like the tables, whatever
 * the browser's language, and its calendar starts on the salon's first weekday. A day can be
 * typed (`24/11/2026`) or picked; a typed text that is not a day, or is out of range, is put
 * back to the chosen day when the field is left. `clearable` for an optional field.
 */
export function DateField({ value, onChange, ...props }: DateFieldProps) {
  return (
    <DateInput
      placeholder="dd/mm/yyyy"
      {...props}
      valueFormat={formatDay}
      dateParser={parseDay}
      firstDayOfWeek={WEEK_STARTS_ON}
      value={value === undefined || value === '' ? null : value}
      onChange={(day) => onChange(day ?? '')}
    />
  );
}
