// The back office's calendar (README "The salon's day"): bookings, time off, closures and working
// hours for a span of salon days, and the bookings that need attention. The server and the client
// share these.
import { z } from 'zod';
import { CALENDAR_MAX_DAYS, ID_MAX_LENGTH } from '@/shared/constants';
import { adminBookingSchema } from './bookings';
import { closureSchema } from './closures';
import { blankToUndefined, calendarDayField, requiredText, whenFieldsValid } from './fields';
import { timeOffSchema } from './time-off';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A booking on the calendar: when it ends, and whether time off or a closure now overlaps it. */
export const calendarBookingSchema = adminBookingSchema
  .extend({
    /** `HH:MM`, salon time: the end of the service (the buffer after it is not shown). */
    endTime: z.string(),
    /** Pending or confirmed, and time off or a closure overlaps it: the admin should move or cancel it. */
    needsAttention: z.boolean(),
    /**
     * Minutes after `endTime` during which the client stays (colour developing) and the specialist is
     * free for someone else: drawn lighter. Optional only so a booking written by hand type-checks.
     */
    processingMinutes: z.number().int().optional(),
  })
  .meta({ id: 'CalendarBooking' });
export type CalendarBooking = z.infer<typeof calendarBookingSchema>;

/** `GET /admin/calendar?from=&to=[&specialistId=]`: at most CALENDAR_MAX_DAYS days. */
export const calendarQuerySchema = z
  .object(
    {
      from: calendarDayField('From'),
      to: calendarDayField('To'),
      specialistId: z.preprocess(blankToUndefined, requiredText('Specialist is not valid', ID_MAX_LENGTH).optional()),
    },
    'Choose the days to show: from and to.',
  )
  .refine((value) => value.from <= value.to, {
    message: 'To must not be before From',
    path: ['to'],
    when: whenFieldsValid('from', 'to'),
  })
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
     * By account id, the customers of these bookings who have the salon's private notes (only admins:
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
