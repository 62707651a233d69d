import { byIdSchema, deletedSchema } from '@/shared/schemas/fields';
import { createSpecialistSchema, specialistSchema, updateSpecialistSchema } from '@/shared/schemas/specialists';
import { createSpecialist, deleteSpecialist, updateSpecialist } from '@/server/catalogue/specialists';
import { adminProcedure, router } from '@/server/trpc/init';

export const adminSpecialistsRouter = router({
  create: adminProcedure
    .input(createSpecialistSchema)
    .output(specialistSchema)
    .mutation(({ ctx, input }) => createSpecialist(ctx, input)),

  /** Every field replaced; the image only when a new one is sent. */
  update: adminProcedure
    .input(updateSpecialistSchema)
    .output(specialistSchema)
    .mutation(({ ctx, input }) => updateSpecialist(ctx, input)),

  /** The specialist leaves the public lists; their bookings stay readable (the row is kept). */
  delete: adminProcedure
    .input(byIdSchema)
    .output(deletedSchema)
    .mutation(({ ctx, input }) => deleteSpecialist(ctx.db, input.id)),
});
