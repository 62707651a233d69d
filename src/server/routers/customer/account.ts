import { userAccountSchema } from '@/shared/schemas/account';
import { userLoginResultSchema } from '@/shared/schemas/auth';
import { findUserAccount } from '@/server/auth/accounts';
import { customerProcedure, router } from '@/server/trpc/init';
import { sessionAccount } from '@/server/routers/session-account';

const { procedures } = sessionAccount({
  kind: 'user',
  procedure: customerProcedure,
  findAccount: findUserAccount,
  accountSchema: userAccountSchema,
  loginResultSchema: userLoginResultSchema,
  unauthorized: 'Please login first',
});

export const customerAccountRouter = router(procedures);
