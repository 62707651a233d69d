import { router } from '../../trpc/init';
import { adminAccountRouter } from './account';

/** Back-office procedures; each feature adds its sub-router here (adminProcedure). */
export const adminRouter = router({
  account: adminAccountRouter,
});
