import { listServices } from '../../catalogue/services';
import { publicProcedure, router } from '../../trpc/init';

export const publicServicesRouter = router({
  /** Every service on offer (removed ones excluded), oldest first. */
  list: publicProcedure.query(({ ctx }) => listServices(ctx.db, ctx.config)),
});
