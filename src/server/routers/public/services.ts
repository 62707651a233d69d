import { z } from 'zod';
import { serviceSchema } from '@/shared/schemas/services';
import { remembered } from '@/server/catalogue/cache';
import { listServices } from '@/server/catalogue/services';
import { publicProcedure, router } from '@/server/trpc/init';

export const publicServicesRouter = router({
  /** Every service on offer (removed ones excluded), oldest first. */
  list: publicProcedure.meta({ sharedAnswer: true }).output(z.array(serviceSchema)).query(({ ctx }) =>
    remembered(ctx.db, 'public.services.list', () => listServices(ctx.db, ctx.config)),
  ),
});
