// The customer book (README "The customer book"): the back office's list of customers, one
// customer's record, and the salon's private notes on them.
import { z } from 'zod';
import { CHOICE_MAX_LENGTH, CUSTOMER_NOTES_MAX_LENGTH, CUSTOMERS_PAGE_SIZE_MAX } from '@/shared/constants';
import { customerBookingSchema } from './bookings';
import { blankToUndefined, idField, tooLongMessage, wholeNumberFromText } from './fields';
import { reviewSchema } from './reviews';

/** What is searched for in the customers' names, e-mails and phones. */
const customerSearchText = z.string('Search must be text').trim().max(CHOICE_MAX_LENGTH, 'Search is too long');

/** The calendar's "book for a customer" quick search: up to CUSTOMER_SEARCH_LIMIT customers. */
export const customerSearchSchema = z.object({ search: customerSearchText });
export const customerSearchResultSchema = z.array(
  z.object({ _id: z.string(), fullName: z.string(), email: z.string(), phone: z.string(), hasPassword: z.boolean() }),
);
export type CustomerSearchResult = z.infer<typeof customerSearchResultSchema>;

/** `GET /admin/customers?search=&page=&limit=`: a search over name, e-mail and phone, and a page. */
export const customerListQuerySchema = z.object({
  search: z.preprocess(blankToUndefined, customerSearchText.optional()),
  page: wholeNumberFromText('Page', 1, 1_000_000),
  limit: wholeNumberFromText('Limit', 1, CUSTOMERS_PAGE_SIZE_MAX),
});
export type CustomerListQuery = z.input<typeof customerListQuerySchema>;

const avatarSchema = z.object({ url: z.string() }).nullable();

/** A row of the customer book. */
export const customerSummarySchema = z
  .object({
    _id: z.string(),
    fullName: z.string(),
    email: z.string(),
    phone: z.string(),
    avatar: avatarSchema,
    /** False for a customer the salon booked by phone who has not signed up. */
    signedUp: z.boolean(),
    /** ISO date-time the account was made. */
    createdAt: z.string(),
    /** Every booking of theirs, any status. */
    bookings: z.number().int(),
    /** `YYYY-MM-DD` of their latest visit that was not cancelled and has begun, or null. */
    lastVisit: z.string().nullable(),
    /** What their completed bookings cost, in dollars; null for a role that does not see takings (reception). */
    totalSpent: z.number().nullable(),
    noShows: z.number().int(),
  })
  .meta({ id: 'CustomerSummary' });
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const customerPageSchema = z
  .object({
    customers: z.array(customerSummarySchema),
    /** Customers matching the search, on every page. */
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  })
  .meta({ id: 'CustomerPage' });
export type CustomerPage = z.infer<typeof customerPageSchema>;

/** The REST list's `meta`: the figures of the page beside the list. */
export const customerPageMetaSchema = customerPageSchema.omit({ customers: true });

/** One customer's record: their details, bookings (upcoming first, then past, newest first), reviews and notes. */
export const customerRecordSchema = customerSummarySchema
  .extend({
    notes: z.string(),
    bookings: z.array(customerBookingSchema),
    reviews: z.array(reviewSchema),
  })
  .meta({ id: 'CustomerRecord' });
export type CustomerRecord = z.infer<typeof customerRecordSchema>;

/** The notes form on a customer's record (and `PATCH /admin/customers/{id}`). */
export const customerNotesFields = z.object({
  notes: z
    .string('Notes must be text')
    .trim()
    .max(CUSTOMER_NOTES_MAX_LENGTH, tooLongMessage('Notes', CUSTOMER_NOTES_MAX_LENGTH)),
});
export const updateCustomerNotesSchema = customerNotesFields.extend({ id: idField });
export type UpdateCustomerNotesInput = z.input<typeof updateCustomerNotesSchema>;
