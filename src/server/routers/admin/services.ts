import { byIdSchema, deletedSchema } from '@/shared/schemas/fields';
import { createServiceSchema, serviceSchema, updateServiceSchema } from '@/shared/schemas/services';
import { createService, deleteService, updateService } from '@/server/catalogue/services';
import { router, staffProcedure } from '@/server/trpc/init';
import { MANAGERS } from '@/shared/roles';
import { importServicesProcedure } from './service-import';

export const adminServicesRouter = router({
  import: importServicesProcedure,
  create: staffProcedure(MANAGERS)
    .meta({ activity: { entity: 'service', action: 'created' } })
    .input(createServiceSchema)
    .output(serviceSchema)
    .mutation(({ ctx, input }) => createService(ctx, input)),

  /** Every field replaced; the image only when a new one is sent. */
  update: staffProcedure(MANAGERS)
    .meta({ activity: { entity: 'service', action: 'updated' } })
    .input(updateServiceSchema)
    .output(serviceSchema)
    .mutation(({ ctx, input }) => updateService(ctx, input)),

  /** Takes the service off offer; its bookings and reviews stay readable. */
  delete: staffProcedure(MANAGERS)
    .meta({ activity: { entity: 'service', action: 'deleted' } })
    .input(byIdSchema)
    .output(deletedSchema)
    .mutation(({ ctx, input }) => deleteService(ctx.db, input.id)),
});
