// A visit: one customer's appointment of one or more services in order, each with its own
// specialist or any; the booking form, the procedures behind it and what they answer.
import { z } from 'zod';
import {
  BOOKING_STATUSES,
  CHOICE_MAX_LENGTH,
  REPEAT_COUNT_MAX,
  REPEAT_WEEKS_MAX,
  VISIT_ITEMS_MAX,
} from '@/shared/constants';
import {
  adminCreateBookingSchema,
  bookingDateField,
  bookingFormSchema,
  createBookingSchema,
  timeSlotField,
  updateBookingStatusSchema,
} from './bookings';
import { blankToUndefined, calendarDayField, idField, requiredText } from './fields';

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

// ------------------------------------------------------------------ standing appointments

export const REPEAT_WEEKS_MESSAGE = `Repeat every 1 to ${REPEAT_WEEKS_MAX} weeks`;
export const REPEAT_COUNT_MESSAGE = `Repeat 2 to ${REPEAT_COUNT_MAX} times, the first included`;
export const REPEAT_END_MESSAGE = 'Say how many times it repeats or until when, not both';

/**
 * A standing appointment (README "Standing appointments"): the booking repeats every `everyWeeks`
 * weeks, `count` times in all (the first included) or until the day `until` (inclusive).
 */
export const repeatSchema = z
  .object({
    everyWeeks: z
      .number(REPEAT_WEEKS_MESSAGE)
      .int(REPEAT_WEEKS_MESSAGE)
      .min(1, REPEAT_WEEKS_MESSAGE)
      .max(REPEAT_WEEKS_MAX, REPEAT_WEEKS_MESSAGE),
    count: z
      .number(REPEAT_COUNT_MESSAGE)
      .int(REPEAT_COUNT_MESSAGE)
      .min(2, REPEAT_COUNT_MESSAGE)
      .max(REPEAT_COUNT_MAX, REPEAT_COUNT_MESSAGE)
      .optional(),
    until: z.preprocess(blankToUndefined, calendarDayField('Repeat until').optional()),
  })
  .refine((repeat) => (repeat.count === undefined) !== (repeat.until === undefined), {
    message: REPEAT_END_MESSAGE,
    path: ['count'],
  });
export type Repeat = z.output<typeof repeatSchema>;

export const OCCURRENCE_CHOICE_MESSAGE = 'Pick a time for this occurrence or skip it';

/** For an occurrence that did not fit in the preview: another time that day, or skip it. */
export const occurrenceChoiceSchema = z
  .object({
    bookingDate: calendarDayField('Occurrence date'),
    timeSlot: z.preprocess(blankToUndefined, timeSlotField.optional()),
    skip: z.boolean('Skip must be true or false').optional(),
  })
  .refine((choice) => (choice.timeSlot !== undefined) !== (choice.skip === true), {
    message: OCCURRENCE_CHOICE_MESSAGE,
    path: ['timeSlot'],
  });
export type OccurrenceChoice = z.output<typeof occurrenceChoiceSchema>;

/** A day `days` after `day` (`YYYY-MM-DD`), on UTC midnights where every day is 24 hours. */
const daysAfter = (day: string, days: number): string =>
  new Date(Date.parse(`${day.slice(0, 10)}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * What a visit's creation adds for a standing appointment: `repeat`; `preview` to only check
 * (nothing is written); `occurrences`, the choices made after a preview (a time or a skip for the
 * occurrences that did not fit; given, every other occurrence must fit as it is, or nothing is booked).
 */
const seriesFields = {
  repeat: repeatSchema.optional(),
  preview: z.boolean('Preview must be true or false').optional(),
  occurrences: z
    .array(occurrenceChoiceSchema, 'Occurrences must be a list')
    .max(REPEAT_COUNT_MAX, `At most ${REPEAT_COUNT_MAX} occurrences`)
    .optional(),
};

/** The checks across fields of a repeating booking: its end within 2 to REPEAT_COUNT_MAX occurrences. */
function checkSeries(
  value: { bookingDate: string; repeat?: Repeat | undefined; preview?: boolean | undefined; occurrences?: unknown },
  ctx: z.RefinementCtx,
): void {
  const { repeat } = value;
  if (!repeat) {
    if (value.preview === true || value.occurrences !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['repeat'], message: 'Say how the booking repeats' });
    }
    return;
  }
  if (repeat.until === undefined || !/^\d{4}-\d{2}-\d{2}/.test(value.bookingDate)) return;
  const second = daysAfter(value.bookingDate, 7 * repeat.everyWeeks);
  const last = daysAfter(value.bookingDate, 7 * repeat.everyWeeks * (REPEAT_COUNT_MAX - 1));
  if (repeat.until < second) {
    ctx.addIssue({
      code: 'custom',
      path: ['repeat', 'until'],
      message: `Repeat until ${second} or later: it must come at least twice`,
    });
  } else if (repeat.until > last) {
    ctx.addIssue({
      code: 'custom',
      path: ['repeat', 'until'],
      message: `Repeat until ${last} at the latest: at most ${REPEAT_COUNT_MAX} times`,
    });
  }
}

/** `customer.visits.create` (`POST /users/visits`): the booking form's details and the items. */
export const createVisitSchema = createBookingSchema
  .pick({ firstName: true, lastName: true, email: true, phone: true })
  .extend({ bookingDate: bookingDateField, timeSlot: timeSlotField, items: visitItemsField, ...seriesFields })
  .superRefine(checkSeries);
export type CreateVisitInput = z.input<typeof createVisitSchema>;

/** `admin.visits.create` (`POST /admin/visits`): a phone booking of several services. */
export const adminCreateVisitSchema = adminCreateBookingSchema
  .omit({ service: true, specialist: true })
  .extend({ items: visitItemsField, ...seriesFields })
  .superRefine(checkSeries);
export type AdminCreateVisitInput = z.input<typeof adminCreateVisitSchema>;

/** Which occurrences of a standing appointment a move or cancel takes: this one, or this and the later open ones. */
export const seriesScopeField = z
  .enum(['one', 'following'], { error: 'Scope is one or following' })
  .optional()
  .default('one');
export type SeriesScope = z.output<typeof seriesScopeField>;

/** `PATCH /users/visits/{id}`, `PATCH /admin/visits/{id}`: the whole visit to another day and time. */
export const moveVisitSchema = z.object({
  id: idField,
  bookingDate: bookingDateField,
  timeSlot: timeSlotField,
  scope: seriesScopeField,
});
export type MoveVisitInput = z.input<typeof moveVisitSchema>;

/** `PATCH /users/visits/{id}/cancel`: this visit, or this and the later open occurrences of its series. */
export const cancelVisitSchema = z.object({ id: idField, scope: seriesScopeField });
export type CancelVisitInput = z.input<typeof cancelVisitSchema>;

/** `customer.visits.moveSlots`: the times a whole visit can move to on a day (its own time is free). */
export const visitMoveSlotsSchema = z.object({ id: idField, bookingDate: bookingDateField });
export type VisitMoveSlotsInput = z.input<typeof visitMoveSlotsSchema>;

/**
 * `PATCH /admin/visits/{id}/status`: one status for every item of the visit; a cancellation with
 * `scope: "following"` cancels the later open occurrences of its series too.
 */
export const updateVisitStatusSchema = updateBookingStatusSchema
  .extend({ scope: seriesScopeField })
  .refine((input) => input.scope === 'one' || input.status === 'cancelled', {
    message: 'Only a cancellation takes the following occurrences too',
    path: ['scope'],
  });
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

/** An occurrence that does not fit where the series puts it: why, and the free times nearest to it that day. */
export const seriesMissSchema = z
  .object({
    bookingDate: z.string(),
    /** The time it was wanted at (the series' time, or the time picked for it). */
    timeSlot: z.string(),
    reason: z.string(),
    /** Up to six free `HH:MM` times that day, nearest to `timeSlot` first (none: nothing free that day). */
    nearest: z.array(z.string()),
  })
  .meta({ id: 'SeriesMiss' });
export type SeriesMiss = z.infer<typeof seriesMissSchema>;

const seriesSummaryFields = {
  everyWeeks: z.number().int(),
  count: z.number().int().nullable(),
  until: z.string().nullable(),
  /** Occurrences that did not fit and were not booked. */
  notFitting: z.array(seriesMissSchema),
  /** Days skipped by choice. */
  skipped: z.array(z.string()),
};

/** A standing appointment as booked: the occurrences booked (each a visit) and those that were not. */
export const bookedSeriesSchema = z
  .object({
    _id: z.string(),
    ...seriesSummaryFields,
    booked: z.array(z.object({ _id: z.string(), bookingDate: z.string(), timeSlot: z.string() })),
  })
  .meta({ id: 'BookedSeries' });
export type BookedSeries = z.infer<typeof bookedSeriesSchema>;

/**
 * What booking a visit answers: the visit; with `repeat`, the first occurrence booked and its
 * `series` (a request without `repeat` answers exactly the visit, as before).
 */
export const bookedVisitSchema = visitSchema
  .extend({ series: bookedSeriesSchema.optional() })
  .meta({ id: 'BookedVisit' });
export type BookedVisit = z.infer<typeof bookedVisitSchema>;

/** `preview: true`: what would be booked, and what does not fit; nothing is written. */
export const seriesPreviewSchema = z
  .object({
    preview: z.literal(true),
    series: z.object({
      ...seriesSummaryFields,
      fitting: z.array(z.object({ bookingDate: z.string(), timeSlot: z.string() })),
    }),
  })
  .meta({ id: 'SeriesPreview' });
export type SeriesPreview = z.infer<typeof seriesPreviewSchema>;

/** The answer of `customer.visits.create` and `admin.visits.create`: a preview, or the visit booked. */
export const createVisitAnswerSchema = z.union([seriesPreviewSchema, bookedVisitSchema]);
export type CreateVisitAnswer = z.infer<typeof createVisitAnswerSchema>;

/** Whether a visit's creation answered a preview (nothing booked). */
export const isSeriesPreview = (answer: CreateVisitAnswer): answer is SeriesPreview => 'preview' in answer;

/**
 * The booking form of the public pages: the first service as the spec's booking form has it, and
 * the visit's further services (`extras`), each with its specialist or `any`.
 */
export const visitFormSchema = bookingFormSchema
  .extend({
    extras: z
      .array(visitItemChoiceSchema)
      .max(VISIT_ITEMS_MAX - 1, `A visit can have at most ${VISIT_ITEMS_MAX} services`),
    /** Set while "Repeat" is on: how the booking repeats (a standing appointment). */
    repeat: seriesFields.repeat,
  })
  .superRefine(checkSeries);
export type VisitFormValues = z.input<typeof visitFormSchema>;

/** The calendar's "Book for a customer": the phone booking's fields, the visit's further services, "Repeat". */
export const adminVisitFormSchema = adminCreateBookingSchema
  .extend({ extras: visitFormSchema.shape.extras, repeat: seriesFields.repeat })
  .superRefine(checkSeries);
export type AdminVisitFormValues = z.input<typeof adminVisitFormSchema>;
