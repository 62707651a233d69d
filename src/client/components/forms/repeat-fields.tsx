// A booking form's "Repeat" (README "Standing appointments"): the checkbox, and its details
// (repeat-details.tsx) loaded once it is turned on, so a booking that does not repeat never loads them.
// A checkbox, not a switch: the switch puts a <div> in its <label>, which the server-rendered
// booking page may not contain (src/e2e/html-validity.test.ts). Its sheet comes with it.
import '@mantine/core/styles/Checkbox.layer.css';
import { Checkbox, Stack } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { lazy, Suspense } from 'react';
import type { VisitFormValues } from '@/shared/schemas/visits';

/** A booking form's "Repeat" as the shared schemas take it (README "Standing appointments"). */
export type RepeatValues = NonNullable<VisitFormValues['repeat']>;

/** What "Repeat" starts with when turned on: every 2 weeks, 4 times. */
export const REPEAT_START = { everyWeeks: 2, count: 4 } as const;

/** The part of a Mantine form that holds `repeat` (undefined while "Repeat" is off). */
export interface RepeatForm {
  getValues(): { repeat?: RepeatValues | undefined; bookingDate: string };
  getInputProps(path: string): GetInputPropsReturnType;
  setFieldValue(path: 'repeat', value: RepeatValues | undefined): void;
}

const RepeatDetails = lazy(() => import('./repeat-details').then((module) => ({ default: module.RepeatDetails })));

/**
 * "Repeat" (off at first): every 1 to REPEAT_WEEKS_MAX weeks, a number of times (the first
 * included) or until a day. The form's schema checks the values and says what is wrong.
 */
export function RepeatFields({ form }: { form: RepeatForm }) {
  const { repeat } = form.getValues();
  return (
    <Stack gap="sm">
      <Checkbox
        label="Repeat"
        description="The same time every few weeks"
        checked={repeat !== undefined}
        onChange={(event) =>
          form.setFieldValue('repeat', event.currentTarget.checked ? { ...REPEAT_START } : undefined)
        }
      />
      {repeat ? (
        <Suspense fallback={null}>
          <RepeatDetails form={form} repeat={repeat} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
