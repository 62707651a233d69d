import { TRPCError, type TRPCProcedureBuilder, type TRPCUnsetMarker } from '@trpc/server';
import type { z } from 'zod';
import { logoutResultSchema } from '@/shared/schemas/auth';
import type { DbOrTx } from '@/server/db/client';
import type { Config } from '@/server/env';
import { extendSession, invalidateSession, type SessionKind } from '@/server/auth/sessions';
import type { Context, SignedIn, SignedInBySession } from '@/server/trpc/context';

/** `customerProcedure` or `adminProcedure`, which make sure the session of their kind is there. */
type SessionProcedure = TRPCProcedureBuilder<
  Context,
  object,
  object,
  TRPCUnsetMarker,
  TRPCUnsetMarker,
  TRPCUnsetMarker,
  TRPCUnsetMarker,
  false
>;

interface SessionAccountOptions<Account> {
  kind: SessionKind;
  procedure: SessionProcedure;
  /** The account as the client sees it; null when it no longer exists. */
  findAccount: (db: DbOrTx, config: Pick<Config, 'publicUrl'>, id: string) => Account | null;
  /** The account's shape (`me`), and the shape of a login or refresh answer, `{ user }`. */
  accountSchema: z.ZodType<Account>;
  loginResultSchema: z.ZodType<{ user: Account }>;
  /** The UNAUTHORIZED message when the session's account is gone. */
  unauthorized: string;
}

/**
 * What a customer's and an admin's account routers share: `accountOf` (the account, or
 * UNAUTHORIZED) and the `me`, `refresh` and `logout` procedures of the session of this kind.
 */
export function sessionAccount<Account>({
  kind,
  procedure,
  findAccount,
  accountSchema,
  loginResultSchema,
  unauthorized,
}: SessionAccountOptions<Account>) {
  const accountOf = (ctx: Pick<Context, 'db' | 'config'>, id: string): Account => {
    const account = findAccount(ctx.db, ctx.config, id);
    if (!account) throw new TRPCError({ code: 'UNAUTHORIZED', message: unauthorized });
    return account;
  };

  /** The session in use; `procedure` has already refused a call without one. */
  const sessionOf = (ctx: Context): SignedIn => {
    const session = ctx[kind];
    if (!session) throw new TRPCError({ code: 'UNAUTHORIZED', message: unauthorized });
    return session;
  };

  /**
   * The session cookie in use, for refresh and logout. A call made with an API token has none:
   * it is refused (400) rather than renewing nothing or putting the token into a cookie.
   */
  const cookieSessionOf = (ctx: Context, refusal: string): SignedInBySession => {
    const session = sessionOf(ctx);
    if (session.via === 'token') throw new TRPCError({ code: 'BAD_REQUEST', message: refusal });
    return session;
  };

  const procedures = {
    me: procedure.output(accountSchema).query(({ ctx }) => accountOf(ctx, sessionOf(ctx).id)),

    /** Renews the session in use (a full lifetime again) and sets its cookie anew. */
    refresh: procedure.output(loginResultSchema).mutation(({ ctx }) => {
      const session = cookieSessionOf(ctx, 'API tokens have no session to refresh.');
      const expiresAt = extendSession(ctx.db, session.sessionId);
      ctx.cookies.set(kind, session.sessionToken, expiresAt);
      return { user: accountOf(ctx, session.id) };
    }),

    logout: procedure.output(logoutResultSchema).mutation(({ ctx }) => {
      const session = cookieSessionOf(
        ctx,
        'API tokens have no session to log out of. Revoke the token in Settings instead.',
      );
      invalidateSession(ctx.db, session.sessionId);
      ctx.cookies.clear(kind);
      return { loggedOut: true };
    }),
  };

  return { accountOf, procedures };
}
