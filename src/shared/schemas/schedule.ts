// The salon's day (issue 17): weekly hours with breaks, time off, closures, the calendar, and the
// admin's bookings and reschedules. One schema per form and call; the server and the forms share them.
import { z } from 'zod';
import {
  CALENDAR_MAX_DAYS,
  CHOICE_MAX_LENGTH,
  ID_MAX_LENGTH,
  NAME_MAX_LENGTH,
  REASON_MAX_LENGTH,
  SCHEDULE_RANGES_PER_DAY_MAX,
  TIME_OFF_MAX_DAYS,
  WEEKDAYS,
} from '@/shared/constants';
import { isCalendarDay } from '@/shared/calendar-days';
import { bookingDateField, bookingSchema, timeSlotField } from './booking';
import {
  blankToUndefined,
  boundedText,
  calendarDayField,
  clockTimeField,
  dayInRange,
  emailField,
  idField,
  phoneField,
  requiredText,
  tooLongMessage,
  whenFieldsValid,
} from './fields';

const DAY_MS = 24 * 60 * 60 * 1000;

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
export const putScheduleSchema = z.object({
  id: idField,
  days: z
    .array(scheduleDaySchema, 'Days must be a list')
    .max(WEEKDAYS.length, 'Each weekday may appear once')
    .refine((days) => new Set(days.map((d) => d.day)).size === days.length, 'Each weekday may appear once'),
});
export type PutScheduleInput = z.input<typeof putScheduleSchema>;

/** A specialist's week: every weekday, its ranges, and whether they are its own (else the spec's range fills it). */
export const scheduleSchema = z
  .object({
    specialist: z.object({ _id: z.string(), name: z.string() }),
    days: z.array(z.object({ day: z.enum(WEEKDAYS), ranges: z.array(z.object({ from: z.string(), to: z.string() })), own: z.boolean() })),
  })
  .meta({ id: 'Schedule' });
export type Schedule = z.infer<typeof scheduleSchema>;

// ------------------------------------------------------------------ time off and closures

const reasonField = z.preprocess(
  blankToUndefined,
  z.string('Reason must be text').trim().max(REASON_MAX_LENGTH, tooLongMessage('Reason', REASON_MAX_LENGTH)).optional(),
);

const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)$/;

/** A salon wall-clock moment `YYYY-MM-DDTHH:MM` (seconds a picker adds are dropped). */
const localDateTimeField = (label: string) =>
  requiredText(`${label} is required`, CHOICE_MAX_LENGTH, `${label} must be a date and time such as 2026-12-24T09:00`)
    .transform((text) => text.slice(0, 16))
    .refine(
      (text) => {
        const match = LOCAL_DATE_TIME.exec(text);
        return match !== null && isCalendarDay(match[1] ?? '');
      },
      `${label} must be a date and time such as 2026-12-24T09:00`,
    )
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

/** `POST /admin/closures`: a whole day closed for everyone. */
export const createClosureSchema = z.object({ date: calendarDayField('Date'), reason: reasonField });
export type CreateClosureInput = z.input<typeof createClosureSchema>;

export const closureSchema = z
  .object({ _id: z.string(), date: z.string(), reason: z.string().nullable() })
  .meta({ id: 'Closure' });
export type Closure = z.infer<typeof closureSchema>;

/** A booking on the calendar: when it ends, and whether time off or a closure now overlaps it. */
export const calendarBookingSchema = bookingSchema
  .extend({
    /** `HH:MM`, salon time: the end of the service (the buffer after it is not shown). */
    endTime: z.string(),
    /** Pending or confirmed, and time off or a closure overlaps it: the admin should move or cancel it. */
    needsAttention: z.boolean(),
  })
  .meta({ id: 'CalendarBooking' });
export type CalendarBooking = z.infer<typeof calendarBookingSchema>;

/** What adding time off or a closure answers: it, and the open bookings it overlaps (none is cancelled). */
export const timeOffCreatedSchema = timeOffSchema.extend({ affectedBookings: z.array(bookingSchema) }).meta({ id: 'TimeOffCreated' });
export const closureCreatedSchema = closureSchema.extend({ affectedBookings: z.array(bookingSchema) }).meta({ id: 'ClosureCreated' });

// ------------------------------------------------------------------ the calendar

/** `GET /admin/calendar?from=&to=[&specialistId=]`: at most CALENDAR_MAX_DAYS days. */
export const calendarQuerySchema = z
  .object({
    from: calendarDayField('From'),
    to: calendarDayField('To'),
    specialistId: z.preprocess(blankToUndefined, requiredText('Specialist is not valid', ID_MAX_LENGTH).optional()),
  })
  .refine((value) => value.from <= value.to, { message: 'To must not be before From', path: ['to'], when: whenFieldsValid('from', 'to') })
  .refine((value) => Date.parse(value.to) - Date.parse(value.from) < CALENDAR_MAX_DAYS * DAY_MS, {
    message: `The calendar shows at most ${String(CALENDAR_MAX_DAYS)} days at once`,
    path: ['to'],
    when: whenFieldsValid('from', 'to'),
  });
export type CalendarQuery = z.input<typeof calendarQuerySchema>;

export const calendarSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    /** The salon's wall clock now, `YYYY-MM-DDTHH:MM`: the calendar's "now" line and "today". */
    now: z.string(),
    /** The slot grid in minutes (SLOT_STEP_MINUTES): times a booking can start at. */
    stepMinutes: z.number().int(),
    /** The specialists shown, each with their working ranges on every day of the period. */
    specialists: z.array(
      z.object({
        _id: z.string(),
        name: z.string(),
        days: z.array(z.object({ date: z.string(), ranges: z.array(z.object({ from: z.string(), to: z.string() })) })),
      }),
    ),
    bookings: z.array(calendarBookingSchema),
    /**
     * By account id, the customers of these bookings who have the salon's private notes (issue 21:
     * the calendar is the back office's alone) or who deleted their account (no record to open).
     * Customers with neither are left out.
     */
    customers: z.record(z.string(), z.object({ notes: z.string(), deleted: z.boolean() })),
    timeOff: z.array(timeOffSchema),
    closures: z.array(closureSchema),
  })
  .meta({ id: 'Calendar' });
export type Calendar = z.infer<typeof calendarSchema>;

/** The dashboard's list of bookings to move or cancel (time off or a closure overlaps them). */
export const needsAttentionSchema = z.array(calendarBookingSchema);

// ------------------------------------------------------------------ booking for a customer, moving a booking


/**
 * `POST /admin/bookings`: the salon books for a customer who phoned or walked in: an existing one
 * (`customerId`), or by name and phone (an e-mail is optional; given, it joins the account with it).
 */
export const adminCreateBookingSchema = z.object({
  customerId: z.preprocess(blankToUndefined, requiredText('Customer is not valid', ID_MAX_LENGTH).optional()),
  firstName: boundedText('First name is required', 'First name', NAME_MAX_LENGTH),
  lastName: boundedText('Last name is required', 'Last name', NAME_MAX_LENGTH),
  phone: phoneField('Invalid phone number'),
  email: z.preprocess(blankToUndefined, emailField('Email is required', 'Invalid email address').optional()),
  bookingDate: bookingDateField,
  timeSlot: timeSlotField,
  /** The service's name, as in `POST /users/appointment`. */
  service: requiredText('Select a service'),
  /** The specialist's name or id, or `any`. */
  specialist: requiredText('Select a specialist'),
});
export type AdminCreateBookingInput = z.input<typeof adminCreateBookingSchema>;

/** `PATCH /admin/bookings/{id}`: a new day, time or specialist (name or id); what is left out stays. */
export const adminRescheduleSchema = z
  .object({
    id: idField,
    bookingDate: z.preprocess(blankToUndefined, bookingDateField.optional()),
    timeSlot: z.preprocess(blankToUndefined, timeSlotField.optional()),
    specialist: z.preprocess(blankToUndefined, requiredText('Select a specialist').optional()),
  })
  .refine((value) => value.bookingDate !== undefined || value.timeSlot !== undefined || value.specialist !== undefined, {
    message: 'Give a new date, time or specialist',
    path: ['bookingDate'],
  });
export type AdminRescheduleInput = z.input<typeof adminRescheduleSchema>;

/** `PATCH /users/appointment/{id}`: the customer moves their booking (same service). */
export const customerRescheduleSchema = z.object({
  id: idField,
  bookingDate: bookingDateField,
  timeSlot: timeSlotField,
  /** Another specialist's name or id, or `any`; left out, the same specialist. */
  specialist: z.preprocess(blankToUndefined, requiredText('Select a specialist').optional()),
});
export type CustomerRescheduleInput = z.input<typeof customerRescheduleSchema>;

/**
 * The free times a booking can move to (`customer.bookings.rescheduleSlots`,
 * `admin.bookings.rescheduleSlots`): like the booking form's, but the booking's own time is free.
 */
export const rescheduleSlotsSchema = z.object({
  id: idField,
  /** A specialist's id, or `any`. */
  specialistId: requiredText('Select a specialist', ID_MAX_LENGTH),
  bookingDate: bookingDateField,
});
export type RescheduleSlotsInput = z.input<typeof rescheduleSlotsSchema>;

