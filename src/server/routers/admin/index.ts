import { router } from '../../trpc/init';

/** Back-office procedures; each feature adds its sub-router here (adminProcedure). */
export const adminRouter = router({});
