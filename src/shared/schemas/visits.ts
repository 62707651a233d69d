// A visit: one customer's appointment of one or more services in order, each with its own
// specialist or any; the booking form, the procedures behind it and what they answer.
import { z } from 'zod';
import { BOOKING_STATUSES, CHOICE_MAX_LENGTH, VISIT_ITEMS_MAX } from '@/shared/constants';
import {
  adminCreateBookingSchema,
  bookingDateField,
  bookingFormSchema,
  createBookingSchema,
  timeSlotField,
  updateBookingStatusSchema,
} from './bookings';
import { idField, requiredText } from './fields';

/** One service of a visit and who does it. */
export const visitItemChoiceSchema = z.object({
  /** The service's id or name. */
  service: requiredText('Select a service', CHOICE_MAX_LENGTH),
  /** The specialist's id or name, or `any`. */
  specialist: requiredText('Select a specialist', CHOICE_MAX_LENGTH),
});

/** `SERVICE:SPECIALIST,SERVICE:any` as a REST query gives the items; `/trpc` sends the list itself. */
const fromQueryText = (value: unknown): unknown =>
  typeof value === 'string'
    ? value
        .split(',')
        .filter((part) => part.trim() !== '')
        .map((part) => {
          const at = part.lastIndexOf(':');
          return at < 0
            ? { service: part, specialist: '' }
            : { service: part.slice(0, at), specialist: part.slice(at + 1) };
        })
    : value;

/** A visit's services in order, each with its specialist or `any`: a list, or REST's query text. */
export const visitItemsField = z.preprocess(
  fromQueryText,
  z
    .array(visitItemChoiceSchema, 'Add at least one service')
    .min(1, 'Add at least one service')
    .max(VISIT_ITEMS_MAX, `A visit can have at most ${VISIT_ITEMS_MAX} services`),
);

/** `public.visits.availableSlots` (`GET /users/visits/available-slots`). */
export const visitSlotsSchema = z.object({ bookingDate: bookingDateField, items: visitItemsField });
export type VisitSlotsInput = z.input<typeof visitSlotsSchema>;

/** `customer.visits.create` (`POST /users/visits`): the booking form's details and the items. */
export const createVisitSchema = createBookingSchema
  .pick({ firstName: true, lastName: true, email: true, phone: true })
  .extend({ bookingDate: bookingDateField, timeSlot: timeSlotField, items: visitItemsField });
export type CreateVisitInput = z.input<typeof createVisitSchema>;

/** `admin.visits.create` (`POST /admin/visits`): a phone booking of several services. */
export const adminCreateVisitSchema = adminCreateBookingSchema
  .omit({ service: true, specialist: true })
  .extend({ items: visitItemsField });
export type AdminCreateVisitInput = z.input<typeof adminCreateVisitSchema>;

/** `PATCH /users/visits/{id}`, `PATCH /admin/visits/{id}`: the whole visit to another day and time. */
export const moveVisitSchema = z.object({ id: idField, bookingDate: bookingDateField, timeSlot: timeSlotField });
export type MoveVisitInput = z.input<typeof moveVisitSchema>;

/** `customer.visits.moveSlots`: the times a whole visit can move to on a day (its own time is free). */
export const visitMoveSlotsSchema = z.object({ id: idField, bookingDate: bookingDateField });
export type VisitMoveSlotsInput = z.input<typeof visitMoveSlotsSchema>;

/** `PATCH /admin/visits/{id}/status`: one status for every item of the visit. */
export const updateVisitStatusSchema = updateBookingStatusSchema;
export type UpdateVisitStatusInput = z.input<typeof updateVisitStatusSchema>;

/** A visit as every caller sees it: its items in order, each also a booking with `visitId`. */
export const visitSchema = z
  .object({
    /** The visit's id (a booking of one service made on the spec's path: that booking's id). */
    _id: z.string(),
    /** `YYYY-MM-DD`, and `HH:MM` 24-hour of the first item's start and the last item's end (with processing). */
    bookingDate: z.string(),
    timeSlot: z.string(),
    endTime: z.string(),
    /** What the customer pays for all items, each as booked (with the discount of the day). */
    price: z.number(),
    items: z.array(
      z.object({
        /** The item's booking id. */
        _id: z.string(),
        service: z.object({ _id: z.string(), name: z.string() }),
        specialist: z.object({ _id: z.string(), name: z.string() }),
        timeSlot: z.string(),
        /** When the client is done with it: active and processing time. */
        endTime: z.string(),
        processingMinutes: z.number().int(),
        price: z.number(),
        status: z.enum(BOOKING_STATUSES),
      }),
    ),
  })
  .meta({ id: 'Visit' });
export type Visit = z.infer<typeof visitSchema>;

/**
 * The booking form of the public pages: the first service as the spec's booking form has it, and
 * the visit's further services (`extras`), each with its specialist or `any`.
 */
export const visitFormSchema = bookingFormSchema.extend({
  extras: z
    .array(visitItemChoiceSchema)
    .max(VISIT_ITEMS_MAX - 1, `A visit can have at most ${VISIT_ITEMS_MAX} services`),
});
export type VisitFormValues = z.input<typeof visitFormSchema>;

/** The calendar's "Book for a customer": the phone booking's fields and the visit's further services. */
export const adminVisitFormSchema = adminCreateBookingSchema.extend({ extras: visitFormSchema.shape.extras });
export type AdminVisitFormValues = z.input<typeof adminVisitFormSchema>;
