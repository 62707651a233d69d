// A specialist's weekly hours with breaks (README "The salon's day"). The server and the forms share
// these; the salon's opening hours reuse the range.
import { z } from 'zod';
import { SCHEDULE_RANGES_PER_DAY_MAX, WEEKDAYS } from '@/shared/constants';
import { clockTimeField, idField, whenFieldsValid } from './fields';
import { timeOffSchema } from './time-off';

// ------------------------------------------------------------------ weekly hours

/** One working range of a day, `HH:MM` to `HH:MM`, salon time. */
export const timeRangeSchema = z
  .object({ from: clockTimeField('From'), to: clockTimeField('To') })
  .refine((range) => range.from < range.to, {
    message: 'A range must end after it starts',
    path: ['to'],
    when: whenFieldsValid('from', 'to'),
  });
export type TimeRange = z.output<typeof timeRangeSchema>;

const weekdayField = z.enum(WEEKDAYS, 'Days must be weekday names, Monday to Sunday');

/** A weekday's own hours; `ranges: []` is a day off. Ranges are kept in order and must not overlap. */
const scheduleDaySchema = z
  .object({
    day: weekdayField,
    ranges: z
      .array(timeRangeSchema, 'Ranges must be a list')
      .max(SCHEDULE_RANGES_PER_DAY_MAX, `A day has at most ${String(SCHEDULE_RANGES_PER_DAY_MAX)} ranges`)
      .transform((ranges) => [...ranges].sort((a, b) => a.from.localeCompare(b.from))),
  })
  .refine((day) => day.ranges.every((range, i) => i === 0 || (day.ranges[i - 1]?.to ?? '') <= range.from), {
    message: 'The ranges of a day must not overlap',
    path: ['ranges'],
  });

/** `PUT /admin/specialists/{id}/schedule`: the weekdays with hours of their own; the others fall back. */
export const updateScheduleSchema = z.object({
  id: idField,
  days: z
    .array(scheduleDaySchema, 'Days must be a list')
    .max(WEEKDAYS.length, 'Each weekday may appear once')
    .refine((days) => new Set(days.map((d) => d.day)).size === days.length, 'Each weekday may appear once'),
});
export type UpdateScheduleInput = z.input<typeof updateScheduleSchema>;

/** A specialist's week: every weekday, its ranges, and whether they are its own (else the spec's range fills it). */
export const scheduleSchema = z
  .object({
    specialist: z.object({ _id: z.string(), name: z.string() }),
    days: z.array(
      z.object({
        day: z.enum(WEEKDAYS),
        ranges: z.array(z.object({ from: z.string(), to: z.string() })),
        own: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'Schedule' });
export type Schedule = z.infer<typeof scheduleSchema>;

// ------------------------------------------------------------------ the specialists screen

/** How many entries of a specialist's time off ahead the specialists screen lists; the rest are counted. */
export const TIME_OFF_AHEAD_SHOWN = 3;

/** `admin.specialists.weeks`: each live specialist's week (breaks included) and their next time off. */
export const specialistWeekSchema = z
  .object({
    specialist: z.object({ _id: z.string(), name: z.string() }),
    days: scheduleSchema.shape.days,
    /** From today on, earliest first: the first TIME_OFF_AHEAD_SHOWN. */
    timeOff: z.array(timeOffSchema),
    /** How many more there are after those. */
    moreTimeOff: z.number().int(),
  })
  .meta({ id: 'SpecialistWeek' });
export type SpecialistWeek = z.infer<typeof specialistWeekSchema>;
