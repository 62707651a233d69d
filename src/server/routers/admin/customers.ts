// The customer book, and the quick search the calendar books a customer from.
import { byIdSchema } from '@/shared/schemas/fields';
import {
  customerListQuerySchema,
  customerPageSchema,
  customerRecordSchema,
  customerSearchResultSchema,
  customerSearchSchema,
  updateCustomerNotesSchema,
} from '@/shared/schemas/customers';
import { getCustomerRecord, listCustomers, updateCustomerNotes } from '@/server/customers/customer-book';
import { searchCustomers } from '@/server/customers/walk-in';
import { adminProcedure, router } from '@/server/trpc/init';

export const adminCustomersRouter = router({
  /** Up to 10 customers whose name, e-mail or phone contains the text: "book for a customer". */
  search: adminProcedure
    .input(customerSearchSchema)
    .output(customerSearchResultSchema)
    .query(({ ctx, input }) => searchCustomers(ctx.db, input.search)),
  /** A page of the customer book, by name, with the number of matches. */
  list: adminProcedure
    .input(customerListQuerySchema)
    .output(customerPageSchema)
    .query(({ ctx, input }) => listCustomers(ctx.db, ctx.config, input)),
  /** One customer's record: details, bookings, reviews, total spent, no-shows and notes. */
  get: adminProcedure
    .input(byIdSchema)
    .output(customerRecordSchema)
    .query(({ ctx, input }) => getCustomerRecord(ctx.db, ctx.config, input.id)),
  /** The salon's private notes on the customer. */
  updateNotes: adminProcedure
    .input(updateCustomerNotesSchema)
    .output(customerRecordSchema)
    .mutation(({ ctx, input }) => updateCustomerNotes(ctx.db, ctx.config, input)),
});
