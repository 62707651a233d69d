import { userAccountSchema } from '../../../shared/schemas/account';
import { userLoginResultSchema } from '../../../shared/schemas/auth';
import { findUserAccount } from '../../auth/accounts';
import { customerProcedure, router } from '../../trpc/init';
import { sessionAccount } from '../session-account';

const { procedures } = sessionAccount({
  kind: 'user',
  procedure: customerProcedure,
  findAccount: findUserAccount,
  accountSchema: userAccountSchema,
  loginResultSchema: userLoginResultSchema,
  unauthorized: 'Please login first',
});

export const customerAccountRouter = router(procedures);
