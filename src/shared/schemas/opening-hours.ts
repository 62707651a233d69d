// The salon's opening hours (README "The salon's day"): per weekday the span the doors are open,
// `[]` closed. The same shape as a specialist's weekly hours (a list of `{from, to}` per weekday),
// so one slot rule reads both; the salon has one span a day (a lunch break is a specialist's
// matter).
import { z } from 'zod';
import { OPENING_RANGES_PER_DAY_MAX, WEEKDAYS } from '@/shared/constants';
import { bookingSchema } from './bookings';
import { timeRangeSchema } from './schedules';

const openingDaySchema = z.object({
  day: z.enum(WEEKDAYS, 'Days must be weekday names, Monday to Sunday'),
  ranges: z
    .array(timeRangeSchema, 'Ranges must be a list')
    .max(OPENING_RANGES_PER_DAY_MAX, 'A day has one opening time and one closing time'),
});

/** `PUT /admin/opening-hours`: all seven weekdays, each once; `ranges: []` is closed that day. */
export const updateOpeningHoursSchema = z.object({
  days: z
    .array(openingDaySchema, 'Days must be a list')
    .length(WEEKDAYS.length, 'Give the hours of all seven weekdays')
    .refine((days) => new Set(days.map((d) => d.day)).size === days.length, 'Each weekday may appear once'),
});
export type UpdateOpeningHoursInput = z.input<typeof updateOpeningHoursSchema>;

/** The salon's week, Monday first: every weekday and its opening span (none: closed). */
export const openingHoursSchema = z
  .object({
    days: z.array(z.object({ day: z.enum(WEEKDAYS), ranges: z.array(z.object({ from: z.string(), to: z.string() })) })),
  })
  .meta({ id: 'OpeningHours' });
export type OpeningHours = z.infer<typeof openingHoursSchema>;
export type OpeningDay = OpeningHours['days'][number];

/**
 * What Settings shows: the week, and whether the admin has saved it (before that, each weekday
 * spans its specialists' hours, so nothing that could be booked before is shut out).
 */
export const openingHoursSettingsSchema = openingHoursSchema
  .extend({ saved: z.boolean() })
  .meta({ id: 'OpeningHoursSettings' });
export type OpeningHoursSettings = z.infer<typeof openingHoursSettingsSchema>;

/** What saving answers: the week, and the open bookings ahead now outside it (none is cancelled). */
export const openingHoursSavedSchema = openingHoursSettingsSchema
  .extend({ affectedBookings: z.array(bookingSchema) })
  .meta({ id: 'OpeningHoursSaved' });
export type OpeningHoursSaved = z.infer<typeof openingHoursSavedSchema>;
