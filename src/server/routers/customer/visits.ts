import { availableSlotListSchema } from '@/shared/schemas/bookings';
import {
  cancelVisitSchema,
  createVisitAnswerSchema,
  createVisitSchema,
  moveVisitSchema,
  visitMoveSlotsSchema,
  visitSchema,
} from '@/shared/schemas/visits';
import { cancelCustomerVisitScoped, createCustomerVisit, moveVisitScoped } from '@/server/bookings/series';
import { visitMoveSlots } from '@/server/bookings/reschedule-slots';
import { customerProcedure, router } from '@/server/trpc/init';

export const customerVisitsRouter = router({
  /**
   * Books a visit of one or more services in order for the signed-in customer: every item or none
   * (race-free: bookings/commands.ts); its items pending. With `repeat`, a standing appointment
   * (bookings/series.ts): previewed, or booked with the occurrences that fit.
   */
  create: customerProcedure
    .input(createVisitSchema)
    .output(createVisitAnswerSchema)
    .mutation(({ ctx, input }) => createCustomerVisit(ctx, ctx.user.id, input)),

  /**
   * Moves one of the customer's own visits, every item together, up to the cut-off before it
   * starts; `scope: "following"` moves the later occurrences of its series alike.
   */
  move: customerProcedure
    .input(moveVisitSchema)
    .output(visitSchema)
    .mutation(({ ctx, input }) => moveVisitScoped(ctx, { kind: 'customer', userId: ctx.user.id }, input)),

  /** The times one of the customer's own visits can move to on a day (its own time counts as free). */
  moveSlots: customerProcedure
    .input(visitMoveSlotsSchema)
    .output(availableSlotListSchema)
    .query(({ ctx, input }) => visitMoveSlots(ctx.db, ctx.config, { kind: 'customer', userId: ctx.user.id }, input)),

  /**
   * Cancels every item of one of the customer's own visits, up to the cut-off before it starts;
   * `scope: "following"` cancels the later open occurrences of its series too.
   */
  cancel: customerProcedure
    .input(cancelVisitSchema)
    .output(visitSchema)
    .mutation(({ ctx, input }) => cancelCustomerVisitScoped(ctx, ctx.user.id, input)),
});
