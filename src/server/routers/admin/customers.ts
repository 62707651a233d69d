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
import { figuresFor, getCustomerRecord, listCustomers, updateCustomerNotes } from '@/server/customers/customer-book';
import { searchCustomers } from '@/server/customers/walk-in';
import { router, staffProcedure } from '@/server/trpc/init';
import { FRONT_DESK } from '@/shared/roles';

export const adminCustomersRouter = router({
  /** Up to 10 customers whose name, e-mail or phone contains the text: "book for a customer". */
  search: staffProcedure(FRONT_DESK)
    .input(customerSearchSchema)
    .output(customerSearchResultSchema)
    .query(({ ctx, input }) => searchCustomers(ctx.db, input.search)),
  /** A page of the customer book, by name, with the number of matches. */
  list: staffProcedure(FRONT_DESK)
    .input(customerListQuerySchema)
    .output(customerPageSchema)
    .query(({ ctx, input }) => {
      const page = listCustomers(ctx.db, ctx.config, input);
      return { ...page, customers: page.customers.map((customer) => figuresFor(ctx.admin.role, customer)) };
    }),
  /** One customer's record: details, bookings, reviews, total spent (not for reception), no-shows and notes. */
  get: staffProcedure(FRONT_DESK)
    .input(byIdSchema)
    .output(customerRecordSchema)
    .query(({ ctx, input }) => figuresFor(ctx.admin.role, getCustomerRecord(ctx.db, ctx.config, input.id))),
  /** The salon's private notes on the customer. */
  updateNotes: staffProcedure(FRONT_DESK)
    .meta({ activity: { entity: 'customer', action: 'updated' } })
    .input(updateCustomerNotesSchema)
    .output(customerRecordSchema)
    .mutation(({ ctx, input }) => figuresFor(ctx.admin.role, updateCustomerNotes(ctx.db, ctx.config, input))),
});
