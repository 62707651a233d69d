import type { AnyTRPCProcedure } from '@trpc/server';
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

/** The procedure at a dotted path (`admin.services.create`), for the REST adapter and the API document. */
export function procedureAt(path: string): AnyTRPCProcedure | undefined {
  // At run time the router keeps its procedures flat, by dotted path.
  return (appRouter._def.procedures as unknown as Record<string, AnyTRPCProcedure | undefined>)[path];
}

/** Calls the procedure at a dotted path through the caller (with its middleware, as /trpc would). */
export function callProcedure(caller: ReturnType<typeof createCaller>, path: string, input: unknown): Promise<unknown> {
  let target: unknown = caller;
  for (const key of path.split('.')) target = (target as Record<string, unknown>)[key];
  return (target as (input: unknown) => Promise<unknown>)(input);
}
