import { adminCreateVisitSchema, moveVisitSchema, visitSchema } from '@/shared/schemas/visits';
import { createSalonVisit, moveVisit } from '@/server/bookings/commands';
import { adminProcedure, router } from '@/server/trpc/init';

export const adminVisitsRouter = router({
  /** Books a visit of several services for a customer who phoned or walked in (race-free); its items pending. */
  create: adminProcedure
    .input(adminCreateVisitSchema)
    .output(visitSchema)
    .mutation(({ ctx, input }) => createSalonVisit(ctx, input)),

  /** Moves a whole visit to another day and time, every item together, checked as a new one. */
  move: adminProcedure
    .input(moveVisitSchema)
    .output(visitSchema)
    .mutation(({ ctx, input }) => moveVisit(ctx, { kind: 'admin' }, input)),
});
