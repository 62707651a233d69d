import { z } from 'zod';
import { specialistSchema } from '../../../shared/schemas/specialist';
import { listSpecialists } from '../../catalogue/specialists';
import { publicProcedure, router } from '../../trpc/init';

export const publicSpecialistsRouter = router({
  /** Specialists working here, with the services on offer they provide, oldest first. */
  list: publicProcedure.output(z.array(specialistSchema)).query(({ ctx }) => listSpecialists(ctx.db, ctx.config)),
});
