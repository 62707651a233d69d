// Settings > API tokens: an admin's named tokens for scripts (docs/decisions/0012-api-tokens.md).
import { TRPCError } from '@trpc/server';
import {
  apiTokenListSchema,
  createApiTokenSchema,
  createdApiTokenSchema,
  revokeApiTokenSchema,
  revokedApiTokenSchema,
} from '@/shared/schemas/api-tokens';
import { createApiToken, listApiTokens, revokeApiToken } from '@/server/auth/api-tokens';
import { router, staffProcedure } from '@/server/trpc/init';
import { OWNER_ONLY } from '@/shared/roles';

export const adminApiTokensRouter = router({
  /** The signed-in admin's own tokens, newest first; never their secrets. */
  list: staffProcedure(OWNER_ONLY)
    .output(apiTokenListSchema)
    .query(({ ctx }) => listApiTokens(ctx.db, ctx.admin.id)),

  /**
   * A new token; its secret is in this answer only. Made from a browser session only, so a
   * leaked token cannot mint more tokens that outlive its revocation.
   */
  create: staffProcedure(OWNER_ONLY)
    .meta({ activity: { entity: 'settings', action: 'created', label: 'API token' } })
    .input(createApiTokenSchema)
    .output(createdApiTokenSchema)
    .mutation(({ ctx, input }) => {
      if (ctx.admin.via === 'token') {
        throw new TRPCError({
          code: 'FORBIDDEN',
          message: 'API tokens can only be created from a signed-in browser session, not with a token.',
        });
      }
      return createApiToken(ctx.db, { adminId: ctx.admin.id, name: input.name });
    }),

  /** Deletes one of the admin's own tokens: requests with it get 401 from now on. */
  revoke: staffProcedure(OWNER_ONLY)
    .meta({ activity: { entity: 'settings', action: 'deleted', label: 'API token' } })
    .input(revokeApiTokenSchema)
    .output(revokedApiTokenSchema)
    .mutation(({ ctx, input }) => {
      if (!revokeApiToken(ctx.db, ctx.admin.id, input.id)) {
        throw new TRPCError({ code: 'NOT_FOUND', message: 'API token not found' });
      }
      return { _id: input.id };
    }),
});
