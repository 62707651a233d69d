import { customerDataExportSchema, customerProfileSchema, userAccountSchema } from '@/shared/schemas/account';
import { changePasswordSchema, messageResultSchema, userLoginResultSchema } from '@/shared/schemas/auth';
import { findUserAccount } from '@/server/auth/accounts';
import { exportCustomerData } from '@/server/auth/customer-data';
import { changePassword, updateCustomerProfile } from '@/server/auth/profile';
import { customerProcedure, router } from '@/server/trpc/init';
import { sessionAccount } from '@/server/routers/session-account';

const { accountOf, procedures } = sessionAccount({
  kind: 'user',
  procedure: customerProcedure,
  findAccount: findUserAccount,
  accountSchema: userAccountSchema,
  loginResultSchema: userLoginResultSchema,
  unauthorized: 'Please login first',
});

export const customerAccountRouter = router({
  ...procedures,

  /** My account: name, phone and picture, with the sign-up's rules and messages. */
  updateProfile: customerProcedure.input(customerProfileSchema).output(userAccountSchema).mutation(async ({ ctx, input }) => {
    await updateCustomerProfile(ctx, ctx.user.id, input);
    return accountOf(ctx, ctx.user.id);
  }),

  /** Download my data: the profile, every booking and every review of the customer, as JSON. */
  exportData: customerProcedure.output(customerDataExportSchema).query(({ ctx }) => exportCustomerData(ctx.db, ctx.config, ctx.user.id)),

  /** Checks the current password; the customer's other sessions end, this one stays. */
  changePassword: customerProcedure.input(changePasswordSchema).output(messageResultSchema).mutation(async ({ ctx, input }) => {
    await changePassword(ctx.db, 'user', ctx.user, input);
    return { message: 'Password changed!' };
  }),
});
