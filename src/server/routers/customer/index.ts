import { router } from '../../trpc/init';

/** Procedures for logged-in customers; each feature adds its sub-router here (customerProcedure). */
export const customerRouter = router({});
