import { z } from 'zod';
import { byIdSchema, deletedSchema } from '@/shared/schemas/fields';
import { specialistWeekSchema } from '@/shared/schemas/schedules';
import {
  createSpecialistSchema,
  specialistSchema,
  specialistServiceTermsSchema,
  updateSpecialistSchema,
  updateSpecialistServicesSchema,
} from '@/shared/schemas/specialists';
import { replaceSpecialistServiceTerms, specialistServiceTerms } from '@/server/catalogue/specialist-services';
import { createSpecialist, deleteSpecialist, updateSpecialist } from '@/server/catalogue/specialists';
import { specialistWeeks } from '@/server/calendar/specialist-weeks';
import { router, staffProcedure } from '@/server/trpc/init';
import { MANAGERS } from '@/shared/roles';

export const adminSpecialistsRouter = router({
  /** The specialists screen: everyone's week with its breaks and their next time off (the list itself is public). */
  weeks: staffProcedure(MANAGERS)
    .output(z.array(specialistWeekSchema))
    .query(({ ctx }) => specialistWeeks(ctx.db, ctx.config.timezone)),

  create: staffProcedure(MANAGERS)
    .meta({ activity: { entity: 'specialist', action: 'created' } })
    .input(createSpecialistSchema)
    .output(specialistSchema)
    .mutation(({ ctx, input }) => createSpecialist(ctx, input)),

  /** Every field replaced; the image only when a new one is sent. */
  update: staffProcedure(MANAGERS)
    .meta({ activity: { entity: 'specialist', action: 'updated' } })
    .input(updateSpecialistSchema)
    .output(specialistSchema)
    .mutation(({ ctx, input }) => updateSpecialist(ctx, input)),

  /** The specialist leaves the public lists; their bookings stay readable (the row is kept). */
  delete: staffProcedure(MANAGERS)
    .meta({ activity: { entity: 'specialist', action: 'deleted' } })
    .input(byIdSchema)
    .output(deletedSchema)
    .mutation(({ ctx, input }) => deleteSpecialist(ctx.db, input.id)),

  /** The services they offer, each with the service's price and length and their own (null: the service's). */
  services: staffProcedure(MANAGERS)
    .input(byIdSchema)
    .output(specialistServiceTermsSchema)
    .query(({ ctx, input }) => specialistServiceTerms(ctx.db, input.id)),

  /** Sets exactly the services they offer, each at their own price and length or the service's. */
  updateServices: staffProcedure(MANAGERS)
    .meta({ activity: { entity: 'specialist', action: 'updated', detail: 'Changed services and prices' } })
    .input(updateSpecialistServicesSchema)
    .output(specialistServiceTermsSchema)
    .mutation(({ ctx, input }) => replaceSpecialistServiceTerms(ctx.db, input)),
});
