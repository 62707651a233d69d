import { z } from 'zod';
import { byIdSchema, deletedSchema } from '@/shared/schemas/fields';
import { closureCreatedSchema, closureSchema, createClosureSchema } from '@/shared/schemas/closures';
import { createClosure, deleteClosure, listClosures } from '@/server/calendar/closures';
import { todayIn } from '@/server/domain/calendar';
import { adminProcedure, router } from '@/server/trpc/init';

/** The salon's closed days. */
export const adminClosuresRouter = router({
  /** Closed days from today on. */
  list: adminProcedure
    .output(z.array(closureSchema))
    .query(({ ctx }) => listClosures(ctx.db, { from: todayIn(ctx.config.timezone) })),

  /** Closes the salon for a day; the answer lists the open bookings on it (none is cancelled). */
  create: adminProcedure
    .input(createClosureSchema)
    .output(closureCreatedSchema)
    .mutation(({ ctx, input }) => createClosure(ctx.db, input)),

  delete: adminProcedure
    .input(byIdSchema)
    .output(deletedSchema)
    .mutation(({ ctx, input }) => deleteClosure(ctx.db, input.id)),
});
