// Reaching a procedure by its dotted path (`admin.services.create`): what the REST adapter, the
// shared answers (/trpc and /api/v1) and the API document need; the root router knows nothing of
// paths as strings.
import type { AnyTRPCProcedure } from '@trpc/server';
import type { StaffRole } from '@/shared/constants';
import { appRouter, type createCaller } from '@/server/routers';

/** The procedure at a dotted path, for the REST adapter, the shared answers and the API document. */
export function procedureAt(path: string): AnyTRPCProcedure | undefined {
  // At run time the router keeps its procedures flat, by dotted path.
  return (appRouter._def.procedures as unknown as Record<string, AnyTRPCProcedure | undefined>)[path];
}

/** The staff roles a back-office procedure is open to (its `roles`); none for any other procedure. */
export function rolesOf(path: string): readonly StaffRole[] {
  const meta = procedureAt(path)?._def.meta as { roles?: readonly StaffRole[] } | undefined;
  return meta?.roles ?? [];
}

/** Calls the procedure at a dotted path through the caller (with its middleware, as /trpc would). */
export function callProcedure(caller: ReturnType<typeof createCaller>, path: string, input: unknown): Promise<unknown> {
  let target: unknown = caller;
  for (const key of path.split('.')) target = (target as Record<string, unknown>)[key];
  return (target as (input: unknown) => Promise<unknown>)(input);
}
