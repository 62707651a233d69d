import { z } from 'zod';
import { specialistSchema } from '@/shared/schemas/specialists';
import { remembered } from '@/server/catalogue/cache';
import { listSpecialists } from '@/server/catalogue/specialists';
import { publicProcedure, router } from '@/server/trpc/init';

export const publicSpecialistsRouter = router({
  /** Specialists working here, with the services on offer they provide, oldest first. */
  list: publicProcedure.meta({ sharedAnswer: true }).output(z.array(specialistSchema)).query(({ ctx }) =>
    remembered(ctx.db, 'public.specialists.list', () => listSpecialists(ctx.db, ctx.config)),
  ),
});
