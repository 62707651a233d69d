import { z } from 'zod';
import { byIdSchema, deletedSchema } from '@/shared/schemas/fields';
import { closureCreatedSchema, closureSchema, createClosureSchema } from '@/shared/schemas/closures';
import { createClosure, deleteClosure, listClosures } from '@/server/calendar/closures';
import { todayIn } from '@/server/domain/calendar';
import { router, staffProcedure } from '@/server/trpc/init';
import { MANAGERS } from '@/shared/roles';

/** The salon's closed days. */
export const adminClosuresRouter = router({
  /** Closed days from today on. */
  list: staffProcedure(MANAGERS)
    .output(z.array(closureSchema))
    .query(({ ctx }) => listClosures(ctx.db, { from: todayIn(ctx.config.timezone) })),

  /** Closes the salon for a day; the answer lists the open bookings on it (none is cancelled). */
  create: staffProcedure(MANAGERS)
    .meta({ activity: { entity: 'closure', action: 'created' } })
    .input(createClosureSchema)
    .output(closureCreatedSchema)
    .mutation(({ ctx, input }) => createClosure(ctx.db, input)),

  delete: staffProcedure(MANAGERS)
    .meta({ activity: { entity: 'closure', action: 'deleted' } })
    .input(byIdSchema)
    .output(deletedSchema)
    .mutation(({ ctx, input }) => deleteClosure(ctx.db, input.id)),
});
