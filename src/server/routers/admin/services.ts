import { eq } from 'drizzle-orm';
import type { ServiceCategory } from '../../../shared/constants';
import { byIdSchema, deletedSchema } from '../../../shared/schemas/fields';
import { createServiceSchema, serviceSchema, updateServiceSchema } from '../../../shared/schemas/service';
import { getService } from '../../catalogue/services';
import { createNamedRecord, SERVICE_RECORDS, softDelete, updateNamedRecord } from '../../catalogue/soft-deleted';
import { newId } from '../../db/ids';
import { services } from '../../db/schema';
import { adminProcedure, router } from '../../trpc/init';
import { importServicesProcedure } from './service-import';

interface ServiceFields {
  name: string;
  category: ServiceCategory;
  price: number;
  duration: number;
  description: string;
  bufferMinutes?: number | undefined;
}

/** The stored columns; a buffer left out is not written (0 on create, kept on update). */
const columnsOf = (input: ServiceFields) => ({
  name: input.name,
  category: input.category,
  price: input.price,
  durationMinutes: input.duration,
  description: input.description,
  ...(input.bufferMinutes === undefined ? {} : { bufferMinutes: input.bufferMinutes }),
});

export const adminServicesRouter = router({
  import: importServicesProcedure,
  create: adminProcedure.input(createServiceSchema).output(serviceSchema).mutation(async ({ ctx, input }) => {
    const id = newId();
    await createNamedRecord(ctx.db, ctx.config.uploadsDir, SERVICE_RECORDS, input, (tx, imageUrl) => {
      tx.insert(services).values({ id, ...columnsOf(input), imageUrl }).run();
    });
    return getService(ctx.db, ctx.config, id);
  }),

  /** Every field replaced; the image only when a new one is sent. */
  update: adminProcedure.input(updateServiceSchema).output(serviceSchema).mutation(async ({ ctx, input }) => {
    await updateNamedRecord(ctx.db, ctx.config.uploadsDir, SERVICE_RECORDS, input, (tx, imageUrl) => {
      tx.update(services)
        .set({ ...columnsOf(input), ...(imageUrl === undefined ? {} : { imageUrl }) })
        .where(eq(services.id, input.id))
        .run();
    });
    return getService(ctx.db, ctx.config, input.id);
  }),

  /**
   * Takes the service off offer: it leaves the public lists and every specialist's expertise,
   * while bookings and reviews of it stay readable (the row and its image are kept).
   */
  delete: adminProcedure.input(byIdSchema).output(deletedSchema).mutation(({ ctx, input }) => softDelete(ctx.db, SERVICE_RECORDS, input.id)),
});
