// A specialist's time off (README "The salon's day"): a span from minutes to weeks, salon time. The
// server and the forms share these.
import { z } from 'zod';
import { CHOICE_MAX_LENGTH, TIME_OFF_MAX_DAYS } from '@/shared/constants';
import { isCalendarDay } from '@/shared/calendar-days';
import { bookingSchema } from './bookings';
import { dayInRange, idField, reasonField, requiredText, whenFieldsValid } from './fields';

const DAY_MS = 24 * 60 * 60 * 1000;

const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)$/;

/** A salon wall-clock moment `YYYY-MM-DDTHH:MM` (seconds a picker adds are dropped). */
const localDateTimeField = (label: string) =>
  requiredText(`${label} is required`, CHOICE_MAX_LENGTH, `${label} must be a date and time such as 2026-12-24T09:00`)
    .transform((text) => text.slice(0, 16))
    .refine((text) => {
      const match = LOCAL_DATE_TIME.exec(text);
      return match !== null && isCalendarDay(match[1] ?? '');
    }, `${label} must be a date and time such as 2026-12-24T09:00`)
    .pipe(dayInRange(label));

/** Minutes between two local date-times as written (the zone does not matter for a bound this coarse). */
const spanMs = (from: string, to: string) => Date.parse(`${to}:00Z`) - Date.parse(`${from}:00Z`);

/** `POST /admin/specialists/{id}/time-off`: a span from minutes to weeks, salon time. */
export const createTimeOffSchema = z
  .object({
    id: idField,
    startsAt: localDateTimeField('Start'),
    endsAt: localDateTimeField('End'),
    reason: reasonField,
  })
  .refine((value) => value.startsAt < value.endsAt, {
    message: 'Time off must end after it starts',
    path: ['endsAt'],
    when: whenFieldsValid('startsAt', 'endsAt'),
  })
  .refine((value) => spanMs(value.startsAt, value.endsAt) <= TIME_OFF_MAX_DAYS * DAY_MS, {
    message: `Time off may span at most ${String(TIME_OFF_MAX_DAYS)} days`,
    path: ['endsAt'],
    when: whenFieldsValid('startsAt', 'endsAt'),
  });
export type CreateTimeOffInput = z.input<typeof createTimeOffSchema>;

export const timeOffSchema = z
  .object({
    _id: z.string(),
    specialist: z.object({ _id: z.string(), name: z.string() }),
    /** `YYYY-MM-DDTHH:MM`, salon time. */
    startsAt: z.string(),
    endsAt: z.string(),
    reason: z.string().nullable(),
  })
  .meta({ id: 'TimeOff' });
export type TimeOff = z.infer<typeof timeOffSchema>;

/** `DELETE /admin/specialists/{id}/time-off/{timeOffId}`. */
export const deleteTimeOffSchema = z.object({ id: idField, timeOffId: idField });

/** What adding time off answers: it, and the open bookings it overlaps (none is cancelled). */
export const timeOffCreatedSchema = timeOffSchema
  .extend({ affectedBookings: z.array(bookingSchema) })
  .meta({ id: 'TimeOffCreated' });
