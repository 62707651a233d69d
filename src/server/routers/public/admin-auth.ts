import { adminLoginResultSchema, loginSchema } from '../../../shared/schemas/auth';
import { login } from '../../auth/login';
import { publicProcedure, router } from '../../trpc/init';

export const adminAuthRouter = router({
  login: publicProcedure.input(loginSchema).output(adminLoginResultSchema).mutation(async ({ ctx, input }) => ({
    user: await login(ctx, 'admin', input),
  })),
});
