import { adminLoginResultSchema, loginSchema } from '@/shared/schemas/auth';
import { login } from '@/server/auth/login';
import { publicProcedure, router } from '@/server/trpc/init';

export const publicAdminAuthRouter = router({
  login: publicProcedure.input(loginSchema).output(adminLoginResultSchema).mutation(async ({ ctx, input }) => ({
    user: await login(ctx, 'admin', input),
  })),
});
