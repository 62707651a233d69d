import { TRPCError } from '@trpc/server';
import { findUserAccount, type UserAccount } from '../../auth/accounts';
import { extendSession, invalidateSession } from '../../auth/sessions';
import type { Context } from '../../trpc/context';
import { customerProcedure, router } from '../../trpc/init';

const accountOf = (ctx: Pick<Context, 'db' | 'config'>, id: string): UserAccount => {
  const account = findUserAccount(ctx.db, ctx.config, id);
  if (!account) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please login first' });
  return account;
};

export const customerAccountRouter = router({
  me: customerProcedure.query(({ ctx }) => accountOf(ctx, ctx.user.id)),

  /** Renews the session in use (a full lifetime again) and sets its cookie anew. */
  refresh: customerProcedure.mutation(({ ctx }) => {
    const expiresAt = extendSession(ctx.db, ctx.user.sessionId);
    ctx.cookies.set('user', ctx.user.sessionToken, expiresAt);
    return { user: accountOf(ctx, ctx.user.id) };
  }),

  logout: customerProcedure.mutation(({ ctx }) => {
    invalidateSession(ctx.db, ctx.user.sessionId);
    ctx.cookies.clear('user');
    return { loggedOut: true };
  }),
});
