import type { GetInputPropsReturnType } from '@mantine/form';
import { bookingDateRange } from '@/client/lib/day-format';
import { useErrorToast } from '@/client/lib/use-error-toast';

const SLOTS_FAILED = 'Failed to fetch available slots.';

/** The part of a Mantine form that holds a day (`YYYY-MM-DD`) and a free time of it (`HH:MM`). */
export interface SlotPickerForm {
  getValues: () => { bookingDate: string; timeSlot: string };
  getInputProps: (path: 'bookingDate' | 'timeSlot') => GetInputPropsReturnType;
  setFieldValue: (path: 'bookingDate' | 'timeSlot', value: string) => void;
}

/** What the form needs of its free-times query. */
export interface SlotsQuery {
  data: readonly string[] | undefined;
  error: unknown;
  isSuccess: boolean;
  isFetching: boolean;
}

/**
 * The day and free time of a booking form (the booking form's and the reschedule form's): the
 * date field's props (the booking horizon; a new day clears the time), the time select's props
 * (the free times once the query may run, or "No free times on this day"), a toast when the times
 * cannot be fetched, and `clearSlot` for the form's other changes that make the time stale.
 * `enabled` says whether the form has what `slotsQuery` needs; `offered` leaves times out.
 */
export function useSlotPicker(
  form: SlotPickerForm,
  slotsQuery: SlotsQuery,
  { enabled, offered }: { enabled: boolean; offered?: (slot: string) => boolean },
) {
  useErrorToast(enabled ? slotsQuery.error : null, SLOTS_FAILED, 'slots-fetch-error');
  const fetched = enabled && slotsQuery.isSuccess ? (slotsQuery.data ?? []) : [];
  const slots = offered ? fetched.filter(offered) : fetched;
  const hint = enabled && slotsQuery.isSuccess && slots.length === 0 ? 'No free times on this day' : undefined;

  const clearSlot = () => {
    form.setFieldValue('timeSlot', '');
  };
  const { min, max } = bookingDateRange();

  return {
    clearSlot,
    /** Spread into the form's DateField. */
    dateProps: {
      minDate: min,
      maxDate: max,
      ...form.getInputProps('bookingDate'),
      onChange: (day: string) => {
        form.setFieldValue('bookingDate', day);
        clearSlot();
      },
    },
    /** Spread into the form's TimeSlotSelect. */
    slotProps: {
      slots,
      enabled,
      fetching: slotsQuery.isFetching,
      hint,
      inputProps: form.getInputProps('timeSlot'),
      value: form.getValues().timeSlot,
      onChange: (slot: string) => {
        form.setFieldValue('timeSlot', slot);
      },
    },
  };
}
