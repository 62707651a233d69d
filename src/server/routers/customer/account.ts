import {
  customerDataExportSchema,
  customerProfileSchema,
  deleteAccountSchema,
  emailChangeConfirmSchema,
  emailChangeRequestSchema,
  nudgesSchema,
  reminderMailsSchema,
  userAccountSchema,
} from '@/shared/schemas/account';
import { changePasswordSchema, messageResultSchema, otpSentSchema, userLoginResultSchema } from '@/shared/schemas/auth';
import { ACCOUNT_DELETED_MESSAGE, deleteCustomerAccount } from '@/server/auth/account-deletion';
import { findUserAccount } from '@/server/auth/accounts';
import { exportCustomerData } from '@/server/auth/customer-data';
import { confirmEmailChange, requestEmailChange } from '@/server/auth/email-change';
import { changePassword, updateCustomerProfile } from '@/server/auth/profile';
import { reminderMailsOf, updateReminderMails } from '@/server/customers/reminder-mails';
import { nudgesOf, updateNudges } from '@/server/nudges/preferences';
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
  updateProfile: customerProcedure
    .input(customerProfileSchema)
    .output(userAccountSchema)
    .mutation(async ({ ctx, input }) => {
      await updateCustomerProfile(ctx, ctx.user.id, input);
      return accountOf(ctx, ctx.user.id);
    }),

  /** Download my data: the profile, every booking and every review of the customer, as JSON. */
  exportData: customerProcedure
    .output(customerDataExportSchema)
    .query(({ ctx }) => exportCustomerData(ctx.db, ctx.config, ctx.user.id)),

  /** Checks the current password; the customer's other sessions end, this one stays. */
  changePassword: customerProcedure
    .input(changePasswordSchema)
    .output(messageResultSchema)
    .mutation(async ({ ctx, input }) => {
      await changePassword(ctx, 'user', ctx.user, input);
      return { message: 'Password changed!' };
    }),

  /** Change e-mail, first step: a code to the new address (sign-up's limits and messages). */
  requestEmailChange: customerProcedure
    .input(emailChangeRequestSchema)
    .output(otpSentSchema)
    .mutation(({ ctx, input }) => {
      requestEmailChange(ctx, ctx.user.id, input.email);
      return { email: input.email };
    }),

  /** Change e-mail, second step: with the current password and the right code the account moves; its other sessions end. */
  confirmEmailChange: customerProcedure
    .input(emailChangeConfirmSchema)
    .output(userAccountSchema)
    .mutation(async ({ ctx, input }) => {
      await confirmEmailChange(ctx, ctx.user, input);
      return accountOf(ctx, ctx.user.id);
    }),

  /** Whether the customer gets appointment reminders and review requests by e-mail. */
  reminderMails: customerProcedure.output(reminderMailsSchema).query(({ ctx }) => reminderMailsOf(ctx.db, ctx.user.id)),

  /** My account's switch for reminders and review requests (also turned off by the link in them). */
  updateReminderMails: customerProcedure
    .input(reminderMailsSchema)
    .output(reminderMailsSchema)
    .mutation(({ ctx, input }) => updateReminderMails(ctx, ctx.user.id, input.reminderMails)),

  /** Whether the customer gets the nudges to rebook by e-mail (README "Nudges to rebook"). */
  nudges: customerProcedure.output(nudgesSchema).query(({ ctx }) => nudgesOf(ctx.db, ctx.user.id)),

  /** My account's switch for the nudges to rebook (also turned off by the link in a nudge); reminders are apart. */
  updateNudges: customerProcedure
    .input(nudgesSchema)
    .output(nudgesSchema)
    .mutation(({ ctx, input }) => updateNudges(ctx.db, ctx.user.id, input.nudges)),

  /** Deletes the account (the password confirms it) and logs this browser out. */
  deleteAccount: customerProcedure
    .input(deleteAccountSchema)
    .output(messageResultSchema)
    .mutation(async ({ ctx, input }) => {
      await deleteCustomerAccount(ctx, ctx.user.id, input.password);
      ctx.cookies.clear('user');
      return { message: ACCOUNT_DELETED_MESSAGE };
    }),
});
