import { adminRouter } from '../routers/admin';
import { customerRouter } from '../routers/customer';
import { publicRouter } from '../routers/public';
import { createCallerFactory, router } from './init';

export const appRouter = router({
  public: publicRouter,
  customer: customerRouter,
  admin: adminRouter,
});

/** The type a TypeScript script or the web client imports to call procedures with full types. */
export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
