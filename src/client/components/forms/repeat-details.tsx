// The details of a booking form's "Repeat" (README "Standing appointments"), loaded once it is
// turned on. Its sheets come with the fields, as the date field's do: the public pages load only
// the Mantine styles they use (app/public-styles.ts).
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import { Group, NumberInput, Radio } from '@mantine/core';
import type { ReactNode } from 'react';
import { REPEAT_COUNT_MAX, REPEAT_WEEKS_MAX } from '@/shared/constants';
import { DateField } from './date-field';
import { REPEAT_START, type RepeatForm, type RepeatValues } from './repeat-fields';

/** Every how many weeks, and after how many times or until when. */
export function RepeatDetails({ form, repeat }: { form: RepeatForm; repeat: RepeatValues }) {
  const { bookingDate } = form.getValues();
  const ends = repeat.until === undefined ? 'count' : 'until';
  const countProps = form.getInputProps('repeat.count');
  const untilProps = form.getInputProps('repeat.until');
  const untilError = (untilProps.error ?? countProps.error) as ReactNode;
  return (
    <Group align="flex-start" gap="md" wrap="wrap">
      <NumberInput
        label="Every (weeks)"
        min={1}
        max={REPEAT_WEEKS_MAX}
        allowDecimal={false}
        allowNegative={false}
        w={140}
        {...form.getInputProps('repeat.everyWeeks')}
      />
      <Radio.Group
        label="Ends"
        value={ends}
        onChange={(value) =>
          form.setFieldValue(
            'repeat',
            value === 'until'
              ? { everyWeeks: repeat.everyWeeks, until: '' }
              : { everyWeeks: repeat.everyWeeks, count: REPEAT_START.count },
          )
        }
      >
        <Group gap="md" mt={8}>
          <Radio value="count" label="After a number of times" />
          <Radio value="until" label="On a date" />
        </Group>
      </Radio.Group>
      {ends === 'count' ? (
        <NumberInput
          label="Times (the first included)"
          min={2}
          max={REPEAT_COUNT_MAX}
          allowDecimal={false}
          allowNegative={false}
          w={200}
          {...countProps}
        />
      ) : (
        <DateField
          label="Until"
          minDate={bookingDate || undefined}
          w={200}
          {...untilProps}
          value={typeof repeat.until === 'string' ? repeat.until : ''}
          // Neither end given, the schema names the count: the day is the field in view.
          error={untilError}
        />
      )}
    </Group>
  );
}
