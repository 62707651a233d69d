// Sign-up with an e-mailed code, customer login, and password reset for customers and admins.
import { userAccountSchema } from '@/shared/schemas/account';
import {
  forgotPasswordSchema,
  loginSchema,
  messageResultSchema,
  otpSentSchema,
  otpVerifiedSchema,
  registerSchema,
  resetPasswordSchema,
  sendOtpSchema,
  userLoginResultSchema,
  userSessionSchema,
  verifyOtpSchema,
} from '@/shared/schemas/auth';
import { findUserAccount, type UserAccount } from '@/server/auth/accounts';
import { login } from '@/server/auth/login';
import { requestPasswordReset, RESET_REQUESTED_MESSAGE, resetPassword } from '@/server/auth/password-reset';
import { checkSignupCode, registerCustomer, sendSignupCode } from '@/server/auth/signup';
import { publicProcedure, router } from '@/server/trpc/init';

export const publicAuthRouter = router({
  /**
   * Who is logged in on this browser, without a 401 for visitors: the web client asks this on
   * every page load, so a visitor's console stays free of failed requests. (`customer.account.me`,
   * `GET /users/me`, answers 401 without a session, as the contract says.)
   */
  session: publicProcedure.output(userSessionSchema).query(({ ctx }): { user: UserAccount | null } => ({
    user: ctx.user ? findUserAccount(ctx.db, ctx.config, ctx.user.id) : null,
  })),

  /** E-mails a sign-up code; the answer is the same whether the address is registered or not. */
  sendOtp: publicProcedure.input(sendOtpSchema).output(otpSentSchema).mutation(({ ctx, input }) => {
    sendSignupCode(ctx, input.email);
    return { email: input.email };
  }),

  verifyOtp: publicProcedure.input(verifyOtpSchema).output(otpVerifiedSchema).mutation(({ ctx, input }) => {
    checkSignupCode(ctx, input.email, input.otp);
    return { email: input.email, verified: true };
  }),

  register: publicProcedure.input(registerSchema).output(userAccountSchema).mutation(({ ctx, input }) => registerCustomer(ctx, input)),

  login: publicProcedure.input(loginSchema).output(userLoginResultSchema).mutation(async ({ ctx, input }) => ({
    user: await login(ctx, 'user', input),
  })),

  /** Sends a reset link to the customer or admin with this e-mail; answers the same either way. */
  forgotPassword: publicProcedure.input(forgotPasswordSchema).output(messageResultSchema).mutation(({ ctx, input }) => {
    requestPasswordReset(ctx, input.email);
    return { message: RESET_REQUESTED_MESSAGE };
  }),

  /** Sets a new password from a reset link and ends every session of that account. */
  resetPassword: publicProcedure.input(resetPasswordSchema).output(messageResultSchema).mutation(async ({ ctx, input }) => {
    await resetPassword(ctx, input.token, input.password);
    return { message: 'Password reset successful! Please login.' };
  }),
});
