// The booking form, the procedures behind it, and the back office's
// appointments list.
import { z } from 'zod';
import {
  BOOKING_STATUSES,
  BOOKINGS_PAGE_SIZE_MAX,
  CHOICE_MAX_LENGTH,
  ID_MAX_LENGTH,
  NAME_MAX_LENGTH,
} from '@/shared/constants';
import { isDateInput } from '@/shared/calendar-days';
import {
  blankToUndefined,
  boundedText,
  dayInRange,
  emailField,
  idField,
  phoneField,
  requiredText,
  wholeNumberFromText,
} from './fields';

/** A booking as every caller sees it, over `/trpc` and `/api/v1` alike. */
export const bookingSchema = z
  .object({
    _id: z.string(),
    /** The account that booked. */
    user: z.object({ _id: z.string(), fullName: z.string(), email: z.string(), phone: z.string() }),
    /** What was booked, as it was when booked: a later rename, price change or removal does not show here. */
    service: z.object({ _id: z.string(), name: z.string(), price: z.number(), duration: z.number().int() }),
    specialist: z.object({ _id: z.string(), name: z.string() }),
    /** The customer's details as given with the booking. */
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    /** `YYYY-MM-DD` and `HH:MM` (24-hour) in the salon's time zone. */
    bookingDate: z.string(),
    timeSlot: z.string(),
    status: z.enum(BOOKING_STATUSES),
    /**
     * What the customer pays: `service.price` less the discount that ran for the service's
     * category on the appointment's day (`discountPercentage`, null when none), as booked.
     */
    price: z.number(),
    discountPercentage: z.number().int().nullable(),
    /** ISO date-time the booking was made. */
    createdAt: z.string(),
    /**
     * The visit this booking is an item of (several services in one appointment: `/users/visits`);
     * null for a booking of one service. Optional only so a booking written by hand still type-checks.
     */
    visitId: z.string().nullable().optional(),
    /**
     * The standing appointment this booking is an occurrence of (README "Standing appointments");
     * null for one that does not repeat. Optional only so a booking written by hand still type-checks.
     */
    seriesId: z.string().nullable().optional(),
  })
  .meta({ id: 'Booking' });
export type Booking = z.infer<typeof bookingSchema>;

/** A booking as the back office sees it (the appointments list, the calendar, the day's lists). */
export const adminBookingSchema = bookingSchema
  .extend({
    /**
     * The sale that paid its visit at the till (README "The till"): its id and receipt number;
     * null while the visit is unpaid. Optional only so a booking written by hand still type-checks.
     */
    sale: z.object({ _id: z.string(), number: z.number().int() }).nullable().optional(),
  })
  .meta({ id: 'AdminBooking' });
export type AdminBooking = z.infer<typeof adminBookingSchema>;

/** A customer's own booking, with what their "My appointments" list needs to know. */
export const customerBookingSchema = bookingSchema
  .extend({
    /** It is pending or confirmed and starts later than now (a cancelled one never is). */
    upcoming: z.boolean(),
    /** Pending or confirmed and more than BOOKING_CANCEL_CUTOFF_MINUTES away: the customer may cancel it. */
    cancellable: z.boolean(),
    /** The customer may move it to another free time (the same cut-off as cancelling). */
    reschedulable: z.boolean(),
  })
  .meta({ id: 'CustomerBooking' });
export type CustomerBooking = z.infer<typeof customerBookingSchema>;

/** `H:MM` or `HH:MM`, 24-hour; seconds a browser may add are dropped. */
const CLOCK_TIME = /^([01]?\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/;

/** A calendar day `YYYY-MM-DD`; a full ISO date-time is accepted and read in the salon's zone. */
export const bookingDateField = requiredText('Please select a date')
  .pipe(z.string().refine(isDateInput, 'Please select a date'))
  .pipe(dayInRange('Date'));

export const timeSlotField = requiredText('Please select a time slot')
  .pipe(z.string().regex(CLOCK_TIME, 'Please select a time slot'))
  .transform((time) => {
    const [, hours = '', minutes = ''] = CLOCK_TIME.exec(time) ?? [];
    return `${hours.padStart(2, '0')}:${minutes}`;
  });

const identityFields = {
  firstName: boundedText('First name is required', 'First name', NAME_MAX_LENGTH),
  lastName: boundedText('Last name is required', 'Last name', NAME_MAX_LENGTH),
  email: emailField('Email is required', 'Invalid email address'),
  phone: phoneField('Invalid phone number'),
};

const choiceFields = {
  bookingDate: bookingDateField,
  timeSlot: timeSlotField,
  /** The service's name: the REST booking payload names it, not its id. */
  service: requiredText('Select a service'),
  /** The specialist's name: the REST booking payload names them, not their id. */
  specialist: requiredText('Select a specialist'),
};

/** The booking form on the contact, service and appointment pages: every field required. */
export const bookingFormSchema = z.object({ ...identityFields, ...choiceFields });
export type BookingFormValues = z.input<typeof bookingFormSchema>;

/** Blank (or missing) reads as not given; a given value must still be valid. */
const optionalField = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/**
 * What `customer.bookings.create` (`POST /users/appointment`) receives: the form's values. The
 * customer is logged in, so the e-mail and phone stored are the account's (given ones are only
 * checked), and a first or last name left out is taken from the account's full name.
 */
export const createBookingSchema = z.object({
  firstName: optionalField(identityFields.firstName),
  lastName: optionalField(identityFields.lastName),
  email: optionalField(identityFields.email),
  phone: optionalField(identityFields.phone),
  ...choiceFields,
});
export type CreateBookingInput = z.input<typeof createBookingSchema>;

/** `public.bookings.availableSlots` (`GET /users/appointment/available-slots`). */
export const availableSlotsSchema = z.object({
  specialistId: requiredText('Select a specialist', ID_MAX_LENGTH),
  bookingDate: bookingDateField,
  serviceName: requiredText('Select a service'),
});
export type AvailableSlotsInput = z.input<typeof availableSlotsSchema>;

/** The free start times, `HH:MM` in the salon's time zone, earliest first. */
export const availableSlotListSchema = z.array(z.string());

const STATUS_MESSAGE = 'Status must be pending, confirmed, cancelled, completed or no-show';

/** A status in any letter case ("Pending" as the filter shows it). */
const statusField = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
  z.enum(BOOKING_STATUSES, STATUS_MESSAGE),
);

/**
 * The back office's appointments list: a search over the customer's name and the service's name,
 * a status ("all", or none, for every status), a calendar day, and a page. `limit` alone gives the
 * most recent bookings (the dashboard's five); `all` gives every match in one page.
 */
export const adminBookingListSchema = z
  .object({
    search: z.preprocess(blankToUndefined, z.string().trim().max(100, 'Search is too long').optional()),
    status: z.preprocess(
      (value) =>
        typeof value === 'string' && value.trim().toLowerCase() === 'all' ? undefined : blankToUndefined(value),
      statusField.optional(),
    ),
    date: z.preprocess(
      blankToUndefined,
      z
        .string()
        .refine(
          (text) => text.length <= CHOICE_MAX_LENGTH && isDateInput(text),
          'Date must be a date such as 2026-12-31',
        )
        .pipe(dayInRange('Date'))
        .optional(),
    ),
    page: wholeNumberFromText('Page', 1, Number.MAX_SAFE_INTEGER),
    pageSize: wholeNumberFromText('Page size', 1, BOOKINGS_PAGE_SIZE_MAX),
    limit: wholeNumberFromText('Limit', 1, BOOKINGS_PAGE_SIZE_MAX),
    all: z.boolean().optional(),
  })
  .optional();
export type AdminBookingListInput = z.input<typeof adminBookingListSchema>;

/** One page of the back office's list, with the number of matches and the counts for the summary cards. */
export const adminBookingPageSchema = z
  .object({
    bookings: z.array(adminBookingSchema),
    /** Bookings matching the search and filters, on every page. */
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Every booking by status, whatever the search and filters. */
    counts: z.object({
      total: z.number().int(),
      pending: z.number().int(),
      confirmed: z.number().int(),
      cancelled: z.number().int(),
      completed: z.number().int(),
      'no-show': z.number().int(),
    }),
  })
  .meta({ id: 'AdminBookingPage' });
export type AdminBookingPage = z.infer<typeof adminBookingPageSchema>;

/**
 * The status dropdown of the appointments table: any status at any time (no-show once begun).
 * `expectedStatus` (beyond the spec): the status the caller saw; a booking that has another by now
 * is refused with 409 and not changed, so a Confirm tapped on a pending booking cannot reopen one
 * cancelled meanwhile.
 */
export const updateBookingStatusSchema = z.object({
  id: idField,
  status: statusField,
  expectedStatus: statusField.optional(),
});
export type UpdateBookingStatusInput = z.input<typeof updateBookingStatusSchema>;

/** The dashboard's and the admin pages' counts. */
export const adminStatsSchema = z
  .object({
    totalBookings: z.number().int(),
    totalServices: z.number().int(),
    totalUsers: z.number().int(),
    totalReviews: z.number().int(),
    totalSpecialists: z.number().int(),
    totalCategories: z.number().int(),
    totalDiscounts: z.number().int(),
    activeDiscounts: z.number().int(),
  })
  .meta({ id: 'AdminStats' });
export type AdminStats = z.infer<typeof adminStatsSchema>;

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
  /** The salon's own booking is confirmed unless it chooses pending (to confirm later). */
  status: z.enum(['confirmed', 'pending'], { error: 'Status is confirmed or pending' }).default('confirmed'),
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
  .refine(
    (value) => value.bookingDate !== undefined || value.timeSlot !== undefined || value.specialist !== undefined,
    {
      message: 'Give a new date, time or specialist',
      path: ['bookingDate'],
    },
  );
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
