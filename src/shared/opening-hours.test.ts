import { describe, expect, it } from 'vitest';
import { WEEKDAYS, type Weekday } from '@/shared/constants';
import { formatOpeningHours, openingGroups, openingHoursSpecification } from './opening-hours';

const NINE_TO_EIGHT = [{ from: '09:00', to: '20:00' }];
const week = (hours: Partial<Record<Weekday, { from: string; to: string }[]>>) =>
  WEEKDAYS.map((day) => ({ day, ranges: hours[day] ?? [] }));

describe('the opening hours in words', () => {
  it('groups equal consecutive days and writes a closed day as closed', () => {
    const days = week({
      Monday: NINE_TO_EIGHT,
      Tuesday: NINE_TO_EIGHT,
      Wednesday: NINE_TO_EIGHT,
      Thursday: NINE_TO_EIGHT,
      Friday: NINE_TO_EIGHT,
      Saturday: [{ from: '10:00', to: '18:00' }],
    });
    expect(formatOpeningHours(days)).toBe('Mon–Fri 9:00 AM – 8:00 PM, Sat 10:00 AM – 6:00 PM, Sun closed');
  });

  it('does not join equal days that a different day separates', () => {
    const days = week({ Monday: NINE_TO_EIGHT, Wednesday: NINE_TO_EIGHT, Thursday: NINE_TO_EIGHT });
    expect(formatOpeningHours(days)).toBe(
      'Mon 9:00 AM – 8:00 PM, Tue closed, Wed–Thu 9:00 AM – 8:00 PM, Fri–Sun closed',
    );
    expect(openingGroups(days).map((group) => group.days.length)).toEqual([1, 1, 2, 3]);
  });

  it('writes a week with the same hours every day as one run, and a break as two spans', () => {
    expect(formatOpeningHours(WEEKDAYS.map((day) => ({ day, ranges: NINE_TO_EIGHT })))).toBe(
      'Mon–Sun 9:00 AM – 8:00 PM',
    );
    expect(
      formatOpeningHours(
        week({
          Monday: [
            { from: '08:30', to: '12:00' },
            { from: '13:00', to: '17:45' },
          ],
        }),
      ),
    ).toBe('Mon 8:30 AM – 12:00 PM / 1:00 PM – 5:45 PM, Tue–Sun closed');
  });
});

describe('the opening hours for schema.org', () => {
  it('gives one entry per span with its weekdays, and none for a closed day', () => {
    const days = week({ Monday: NINE_TO_EIGHT, Tuesday: NINE_TO_EIGHT, Saturday: [{ from: '10:00', to: '18:00' }] });
    expect(openingHoursSpecification(days)).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['https://schema.org/Monday', 'https://schema.org/Tuesday'],
        opens: '09:00',
        closes: '20:00',
      },
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['https://schema.org/Saturday'],
        opens: '10:00',
        closes: '18:00',
      },
    ]);
  });
});
