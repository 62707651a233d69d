// Its sheet comes with the field, so only the chunks that show a time field load it.
import '@mantine/dates/styles.layer.css';
import { TimePicker, type TimePickerProps } from '@mantine/dates';

export type TimeFieldProps = Omit<
  TimePickerProps,
  'format' | 'label' | 'hoursInputLabel' | 'minutesInputLabel' | 'amPmInputLabel' | 'withSeconds' | 'type'
> & {
  /** What the field is called (`Opens on Monday`, `From`): the name of its group, and of its three parts. */
  label: string;
  /**
   * Set when the field is a part of a group that already bears its name (the date-time field):
   * its parts are still named, but it is no second group of the same name.
   */
  partOfGroup?: boolean;
};

/**
 * Every clock-time field of the app: hours, minutes and AM/PM, as the spec writes times
 * (`9:00 AM`), whatever the browser's language; the browser's own `type="time"` shows `09:00 AM`
 * in one browser and `09:00` in another. The form still gets and gives the 24-hour `HH:MM` the
 * shared schemas and the API take (`14:30`), '' while a part is missing.
 *
 * From the keyboard: `0930` then `a` or `p` (the hours move on to the minutes, the minutes to
 * AM/PM, by themselves); the arrows step each part. The label is not shown: the field sits in a
 * row that says what it is (a weekday, "From – To").
 */
/** Room for `10:30 PM` and the AM/PM arrow, and no more: two fit side by side on a phone. */
const WIDTH = 124;

export function TimeField({ label, partOfGroup = false, ...props }: TimeFieldProps) {
  return (
    <TimePicker
      role={partOfGroup ? undefined : 'group'}
      aria-label={partOfGroup ? undefined : label}
      w={WIDTH}
      {...props}
      format="12h"
      hoursInputLabel={`${label} hours`}
      minutesInputLabel={`${label} minutes`}
      amPmInputLabel={`${label} AM or PM`}
    />
  );
}
