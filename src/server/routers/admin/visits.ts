import { availableSlotListSchema } from '@/shared/schemas/bookings';
import {
  adminCreateVisitSchema,
  moveVisitSchema,
  updateVisitStatusSchema,
  visitMoveSlotsSchema,
  visitSchema,
} from '@/shared/schemas/visits';
import { visitMoveSlots } from '@/server/bookings/reschedule-slots';
import { createSalonVisit, moveVisit, updateVisitStatus } from '@/server/bookings/commands';
import { router, staffProcedure } from '@/server/trpc/init';
import { FRONT_DESK } from '@/shared/roles';

export const adminVisitsRouter = router({
  /** Books a visit of several services for a customer who phoned or walked in (race-free); its items pending. */
  create: staffProcedure(FRONT_DESK)
    .meta({ activity: 'booking' })
    .input(adminCreateVisitSchema)
    .output(visitSchema)
    .mutation(({ ctx, input }) => createSalonVisit(ctx, input)),

  /** Sets one status for every item of a visit (one mail to the customer for the whole visit). */
  updateStatus: staffProcedure(FRONT_DESK)
    .meta({ activity: 'booking' })
    .input(updateVisitStatusSchema)
    .output(visitSchema)
    .mutation(({ ctx, input }) => updateVisitStatus(ctx, input.id, input)),

  /** The times a whole visit can move to on a day (its own time counts as free). */
  moveSlots: staffProcedure(FRONT_DESK)
    .input(visitMoveSlotsSchema)
    .output(availableSlotListSchema)
    .query(({ ctx, input }) => visitMoveSlots(ctx.db, ctx.config, { kind: 'admin' }, input)),

  /** Moves a whole visit to another day and time, every item together, checked as a new one. */
  move: staffProcedure(FRONT_DESK)
    .meta({ activity: 'booking' })
    .input(moveVisitSchema)
    .output(visitSchema)
    .mutation(({ ctx, input }) => moveVisit(ctx, { kind: 'admin' }, input)),
});
