// initTRPC is called here and only here.
import { initTRPC, TRPCError } from '@trpc/server';
import type { ActivityAction, ActivityEntity, StaffRole } from '@/shared/constants';
import { roleRefusal } from '@/shared/roles';
import { customerActor, staffActor } from '@/server/team/actor';
import { recordingChange } from '@/server/team/activity-middleware';
import { CROSS_SITE_REFUSED } from '@/server/auth/same-origin';
import { SalonError } from '@/server/errors';
import type { Context } from './context';
import { toPublicError, toTRPCError } from './errors';

/** What a procedure may say about itself, besides its schemas. */
export interface ProcedureMeta {
  /**
   * Its answer is the same for every visitor and changes only with the catalogue: an anonymous
   * request is answered from the cache (rest/shared-answers.ts). Only for procedures without input.
   */
  sharedAnswer?: true;
  /** The staff roles a back-office procedure is open to (shared/roles.ts); required of every one. */
  roles?: readonly StaffRole[];
  /** What the activity log records of a back-office change; required of every back-office mutation. */
  activity?: ActivityMeta;
}

/**
 * A back-office change the activity log records (server/team/activity-middleware.ts) once it succeeded:
 * of what kind, and, for the salon's one-of-a-kind settings, what to call it. `booking`: the booking
 * commands record it themselves, in the change's own transaction; `none`: it changes nothing the
 * log keeps (a test webhook, a message sent again); `till`: the till's own rows keep who did it (a
 * sale's taker, a refund's, a void's, a cash-up's: server/sales/), and a sale is never edited.
 */
export type ActivityMeta =
  { entity: ActivityEntity; action: ActivityAction; label?: string; detail?: string } | 'booking' | 'none' | 'till';

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    // Stack traces never leave the server; the log has them with the request id.
    isDev: false,
    errorFormatter({ shape, error }) {
      const publicError = toPublicError(error);
      return {
        ...shape,
        message: publicError.message,
        data: { ...shape.data, fieldErrors: publicError.errors },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * The one place where the salon's errors (server/errors.ts), thrown by the feature modules, become
 * tRPC's: every procedure passes here first, so /trpc and /api/v1 answer them alike.
 */
const inSalonWords = t.procedure.use(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof SalonError)
    return { ...result, error: toTRPCError(result.error.cause) };
  return result;
});

/**
 * Every procedure: a state change (mutation) sent by another site's page is refused, whichever
 * way it came in (/trpc or /api/v1).
 */
export const publicProcedure = inSalonWords.use(({ ctx, type, next }) => {
  if (type === 'mutation' && ctx.foreignSite) {
    throw new TRPCError({ code: 'FORBIDDEN', message: CROSS_SITE_REFUSED });
  }
  return next();
});

/** A logged-in customer: `ctx.user` is non-null after it. */
export const customerProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please login first' });
  return next({ ctx: { ...ctx, user: ctx.user, actor: customerActor(ctx.user) } });
});

/**
 * A logged-in member of staff whose role the procedure is open to: `ctx.admin` is non-null after
 * it. A customer, a role the procedure does not name, and a procedure that names none get FORBIDDEN
 * (before the input is read). Build back-office procedures with `staffProcedure`.
 */
const adminProcedure = publicProcedure.use(async ({ ctx, type, meta, getRawInput, next }) => {
  if (!ctx.admin) {
    throw ctx.user
      ? new TRPCError({ code: 'FORBIDDEN', message: 'Admins only' })
      : new TRPCError({ code: 'UNAUTHORIZED', message: 'Please login as an admin' });
  }
  const refusal = roleRefusal(ctx.admin.role ?? 'specialist', meta?.roles ?? []);
  if (refusal) throw new TRPCError({ code: 'FORBIDDEN', message: refusal });
  const admin = ctx.admin;
  const actor = staffActor(admin);
  const run = () => next({ ctx: { ...ctx, admin, actor } });
  const activity = meta?.activity;
  try {
    if (type !== 'mutation' || typeof activity !== 'object') return await run();
    // Who changed what: recorded once the change succeeded (server/team/activity-middleware.ts).
    return await recordingChange(ctx.db, actor, activity, await getRawInput(), run);
  } finally {
    // The public catalogue is cached (catalogue/cache.ts); whatever an admin changed, it is
    // read afresh by the next request.
    if (type === 'mutation') ctx.forgetCatalogue();
  }
});

/** A back-office procedure open to `roles` (one of the groups of shared/roles.ts). */
export const staffProcedure = (roles: readonly StaffRole[]) => adminProcedure.meta({ roles });
