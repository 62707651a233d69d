import { importServicesResultSchema, importServicesSchema } from '@/shared/schemas/services';
import { importServices } from '@/server/catalogue/service-import';
import { staffProcedure } from '@/server/trpc/init';
import { MANAGERS } from '@/shared/roles';

/**
 * `admin.services.import`: creates or updates services from rows of a spreadsheet, all or nothing
 * (catalogue/service-import.ts); every complaint carries its row's line: `line 4.price`.
 */
export const importServicesProcedure = staffProcedure(MANAGERS)
  .meta({ activity: { entity: 'service', action: 'created', label: 'Services from a CSV file', detail: 'Imported' } })
  .input(importServicesSchema)
  .output(importServicesResultSchema)
  .mutation(({ ctx, input }) => importServices(ctx, input.rows));
