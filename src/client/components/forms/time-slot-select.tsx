import { Select } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { formatClock } from '@/shared/time-format';

interface TimeSlotSelectProps {
  label: string;
  /** Shown while the free times cannot be asked for yet ("Pick a date first"). */
  idlePlaceholder: string;
  /** Free times, `HH:MM` salon time. */
  slots: readonly string[];
  /** The free times can be asked for (the form has what the query needs). */
  enabled: boolean;
  fetching: boolean;
  /** Under the field, e.g. "No free times on this day". */
  hint: string | undefined;
  inputProps: GetInputPropsReturnType;
  /** `HH:MM`, or '' for none. */
  value: string;
  onChange: (slot: string) => void;
}

/** The free times of a day, shown on the 12-hour clock: the booking form's and the reschedule form's. */
export function TimeSlotSelect({
  label,
  idlePlaceholder,
  slots,
  enabled,
  fetching,
  hint,
  inputProps,
  value,
  onChange,
}: TimeSlotSelectProps) {
  return (
    <Select
      label={label}
      placeholder={!enabled ? idlePlaceholder : fetching ? 'Loading free times…' : 'Select a time'}
      data={slots.map((slot) => ({ value: slot, label: formatClock(slot) }))}
      disabled={!enabled || slots.length === 0}
      allowDeselect={false}
      comboboxProps={{ keepMounted: false }}
      description={hint}
      required
      {...inputProps}
      // Mantine's Select clears its text only for null, not for an empty string.
      value={value || null}
      onChange={(slot: string | null) => {
        onChange(slot ?? '');
      }}
    />
  );
}
