import { byIdSchema } from '@/shared/schemas/fields';
import { createVisitSchema, moveVisitSchema, visitSchema } from '@/shared/schemas/visits';
import { cancelCustomerVisit, createVisit, moveVisit } from '@/server/bookings/commands';
import { customerProcedure, router } from '@/server/trpc/init';

export const customerVisitsRouter = router({
  /**
   * Books a visit of one or more services in order for the signed-in customer: every item or none
   * (race-free: bookings/commands.ts); its items pending.
   */
  create: customerProcedure
    .input(createVisitSchema)
    .output(visitSchema)
    .mutation(({ ctx, input }) => createVisit(ctx, ctx.user.id, input)),

  /** Moves one of the customer's own visits, every item together, up to the cut-off before it starts. */
  move: customerProcedure
    .input(moveVisitSchema)
    .output(visitSchema)
    .mutation(({ ctx, input }) => moveVisit(ctx, { kind: 'customer', userId: ctx.user.id }, input)),

  /** Cancels every item of one of the customer's own visits, up to the cut-off before it starts. */
  cancel: customerProcedure
    .input(byIdSchema)
    .output(visitSchema)
    .mutation(({ ctx, input }) => cancelCustomerVisit(ctx, ctx.user.id, input.id)),
});
