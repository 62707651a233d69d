import { adminLoginResultSchema, loginSchema, messageResultSchema } from '@/shared/schemas/auth';
import { acceptInviteSchema } from '@/shared/schemas/team';
import { login } from '@/server/auth/login';
import { acceptInvitation } from '@/server/team/team';
import { publicProcedure, router } from '@/server/trpc/init';

export const publicAdminAuthRouter = router({
  login: publicProcedure.input(loginSchema).output(adminLoginResultSchema).mutation(async ({ ctx, input }) => ({
    user: await login(ctx, 'admin', input),
  })),

  /** An invited member of staff chooses their password (no session: they sign in afterwards). */
  acceptInvite: publicProcedure
    .input(acceptInviteSchema)
    .output(messageResultSchema)
    .mutation(async ({ ctx, input }) => {
      await acceptInvitation(ctx, input.token, input.password);
      return { message: 'Your password is set. You can now sign in.' };
    }),
});
