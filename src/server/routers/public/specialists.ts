import { listSpecialists } from '../../catalogue/specialists';
import { publicProcedure, router } from '../../trpc/init';

export const publicSpecialistsRouter = router({
  /** Specialists working here, with the services on offer they provide, oldest first. */
  list: publicProcedure.query(({ ctx }) => listSpecialists(ctx.db, ctx.config)),
});
