import { availableSlotListSchema } from '@/shared/schemas/bookings';
import {
  adminCreateVisitSchema,
  createVisitAnswerSchema,
  moveVisitSchema,
  updateVisitStatusSchema,
  visitMoveSlotsSchema,
  visitSchema,
} from '@/shared/schemas/visits';
import { visitMoveSlots } from '@/server/bookings/reschedule-slots';
import { createSalonVisitOrSeries, moveVisitScoped, updateVisitStatusScoped } from '@/server/bookings/series';
import { router, staffProcedure } from '@/server/trpc/init';
import { FRONT_DESK } from '@/shared/roles';

export const adminVisitsRouter = router({
  /**
   * Books a visit of several services for a customer who phoned or walked in (race-free); with
   * `repeat`, a standing appointment (bookings/series.ts): previewed, or booked.
   */
  create: staffProcedure(FRONT_DESK)
    .meta({ activity: 'booking' })
    .input(adminCreateVisitSchema)
    .output(createVisitAnswerSchema)
    .mutation(({ ctx, input }) => createSalonVisitOrSeries(ctx, input)),

  /**
   * Sets one status for every item of a visit (one mail to the customer for the whole visit); a
   * cancellation with `scope: "following"` cancels the later occurrences of its series too.
   */
  updateStatus: staffProcedure(FRONT_DESK)
    .meta({ activity: 'booking' })
    .input(updateVisitStatusSchema)
    .output(visitSchema)
    .mutation(({ ctx, input }) => updateVisitStatusScoped(ctx, input.id, input)),

  /** The times a whole visit can move to on a day (its own time counts as free). */
  moveSlots: staffProcedure(FRONT_DESK)
    .input(visitMoveSlotsSchema)
    .output(availableSlotListSchema)
    .query(({ ctx, input }) => visitMoveSlots(ctx.db, ctx.config, { kind: 'admin' }, input)),

  /**
   * Moves a whole visit to another day and time, every item together, checked as a new one;
   * `scope: "following"` moves the later occurrences of its series alike.
   */
  move: staffProcedure(FRONT_DESK)
    .meta({ activity: 'booking' })
    .input(moveVisitSchema)
    .output(visitSchema)
    .mutation(({ ctx, input }) => moveVisitScoped(ctx, { kind: 'admin' }, input)),
});
