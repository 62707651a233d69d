// The root router (as create-t3-app's root.ts): every procedure, by role. The REST adapter's helpers
// to reach a procedure by its dotted path live in rest/procedures.ts.
import { createCallerFactory, router } from '@/server/trpc/init';
import { adminRouter } from './admin';
import { customerRouter } from './customer';
import { publicRouter } from './public';

export const appRouter = router({
  public: publicRouter,
  customer: customerRouter,
  admin: adminRouter,
});

/** The type a TypeScript script or the web client imports to call procedures with full types. */
export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
