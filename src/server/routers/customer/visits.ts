import { byIdSchema } from '@/shared/schemas/fields';
import { availableSlotListSchema } from '@/shared/schemas/bookings';
import { createVisitSchema, moveVisitSchema, visitMoveSlotsSchema, visitSchema } from '@/shared/schemas/visits';
import { cancelCustomerVisit, createVisit, moveVisit } from '@/server/bookings/commands';
import { visitMoveSlots } from '@/server/bookings/reschedule-slots';
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

  /** The times one of the customer's own visits can move to on a day (its own time counts as free). */
  moveSlots: customerProcedure
    .input(visitMoveSlotsSchema)
    .output(availableSlotListSchema)
    .query(({ ctx, input }) => visitMoveSlots(ctx.db, ctx.config, { kind: 'customer', userId: ctx.user.id }, input)),

  /** Cancels every item of one of the customer's own visits, up to the cut-off before it starts. */
  cancel: customerProcedure
    .input(byIdSchema)
    .output(visitSchema)
    .mutation(({ ctx, input }) => cancelCustomerVisit(ctx, ctx.user.id, input.id)),
});
