// Sign-up with an e-mailed code, customer login, and password reset for customers and admins.
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { userAccountSchema } from '../../../shared/schemas/account';
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
} from '../../../shared/schemas/auth';
import { findUserAccount, type UserAccount } from '../../auth/accounts';
import { login } from '../../auth/login';
import { consumeVerifiedEmail, issueOtp, otpSendWait, verifyOtp } from '../../auth/otp';
import { hashPassword } from '../../auth/passwords';
import { minutesText } from '../../auth/rate-limit';
import { consumeResetToken, issueResetToken } from '../../auth/reset-tokens';
import { invalidateAccountSessions } from '../../auth/sessions';
import { newId } from '../../db/ids';
import { admins, users } from '../../db/schema';
import { decodeBase64Image, removeStoredImage, storeImage } from '../../files/images';
import { accountExistsMail, otpMail, passwordResetMail } from '../../mail/templates';
import { publicProcedure, router } from '../../trpc/init';

const OTP_REFUSALS = {
  wrong: 'Invalid OTP.',
  expired: 'This code has expired. Please request a new one.',
  locked: 'Too many wrong codes. Please request a new one.',
  none: 'No code is pending for this email. Please request a new one.',
} as const;

export const authRouter = router({
  /**
   * Who is logged in on this browser, without a 401 for visitors: the web client asks this on
   * every page load, so a visitor's console stays free of failed requests. (`customer.account.me`,
   * `GET /users/me`, answers 401 without a session, as the contract says.)
   */
  session: publicProcedure.output(userSessionSchema).query(({ ctx }): { user: UserAccount | null } => ({
    user: ctx.user ? findUserAccount(ctx.db, ctx.config, ctx.user.id) : null,
  })),

  /**
   * E-mails a sign-up code. For an address that already has an account the mail says so instead,
   * and the answer is the same: this call never tells a stranger who is registered.
   */
  sendOtp: publicProcedure.input(sendOtpSchema).output(otpSentSchema).mutation(async ({ ctx, input }) => {
    const wait = otpSendWait(ctx.db, input.email);
    if (wait > 0) {
      throw new TRPCError({
        code: 'TOO_MANY_REQUESTS',
        message: `Too many codes were sent to this email. Please try again in ${minutesText(wait)}.`,
      });
    }
    const code = issueOtp(ctx.db, input.email);
    const taken = ctx.db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).get();
    const mail = taken ? accountExistsMail(`${ctx.config.publicUrl}/login`) : otpMail(code);
    await ctx.mailer.send({ to: input.email, ...mail });
    return { email: input.email };
  }),

  verifyOtp: publicProcedure.input(verifyOtpSchema).output(otpVerifiedSchema).mutation(({ ctx, input }) => {
    const result = verifyOtp(ctx.db, input.email, input.otp);
    if (result !== 'verified') throw new TRPCError({ code: 'BAD_REQUEST', message: OTP_REFUSALS[result] });
    return { email: input.email, verified: true };
  }),

  register: publicProcedure.input(registerSchema).output(userAccountSchema).mutation(async ({ ctx, input }): Promise<UserAccount> => {
    const taken = ctx.db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).get();
    if (taken) throw new TRPCError({ code: 'CONFLICT', message: 'This email is already registered. Please log in.' });
    const avatarUrl = await storeImage(decodeBase64Image(input.avatar), ctx.config.uploadsDir);
    const passwordHash = await hashPassword(input.password);
    const id = newId();
    try {
      ctx.db.transaction(
        (tx) => {
          if (!consumeVerifiedEmail(tx, input.email)) {
            throw new TRPCError({ code: 'BAD_REQUEST', message: 'Please verify your email with OTP before signing up.' });
          }
          const again = tx.select({ id: users.id }).from(users).where(eq(users.email, input.email)).get();
          if (again) throw new TRPCError({ code: 'CONFLICT', message: 'This email is already registered. Please log in.' });
          tx.insert(users)
            .values({ id, fullName: input.fullName, email: input.email, phone: input.phone, avatarUrl, passwordHash })
            .run();
        },
        { behavior: 'immediate' },
      );
    } catch (error) {
      await removeStoredImage(avatarUrl, ctx.config.uploadsDir);
      throw error;
    }
    const account = findUserAccount(ctx.db, ctx.config, id);
    if (!account) throw new Error('registered account vanished');
    return account;
  }),

  login: publicProcedure.input(loginSchema).output(userLoginResultSchema).mutation(async ({ ctx, input }) => ({
    user: await login(ctx, 'user', input),
  })),

  /** Sends a reset link to the customer or admin with this e-mail; answers the same either way. */
  forgotPassword: publicProcedure.input(forgotPasswordSchema).output(messageResultSchema).mutation(async ({ ctx, input }) => {
    const wait = ctx.limits.resetPerAddress.retryAfter(ctx.ip);
    if (wait > 0) {
      throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: `Too many requests. Please try again in ${minutesText(wait)}.` });
    }
    ctx.limits.resetPerAddress.hit(ctx.ip);
    const answer = { message: 'If an account exists for this email, a reset link is on its way.' };
    if (ctx.limits.resetPerAccount.retryAfter(input.email) > 0) return answer;
    ctx.limits.resetPerAccount.hit(input.email);
    const owners = [
      ...ctx.db
        .select({ id: users.id, fullName: users.fullName })
        .from(users)
        .where(eq(users.email, input.email))
        .all()
        .map((row) => ({ ...row, kind: 'user' as const })),
      ...ctx.db
        .select({ id: admins.id, fullName: admins.fullName })
        .from(admins)
        .where(eq(admins.email, input.email))
        .all()
        .map((row) => ({ ...row, kind: 'admin' as const })),
    ];
    for (const owner of owners) {
      const token = issueResetToken(ctx.db, owner.kind, owner.id);
      const link = `${ctx.config.publicUrl}/reset-password/${token}`;
      await ctx.mailer.send({ to: input.email, ...passwordResetMail(link, owner.fullName) });
    }
    return answer;
  }),

  /** Sets a new password from a reset link and ends every session of that account. */
  resetPassword: publicProcedure.input(resetPasswordSchema).output(messageResultSchema).mutation(async ({ ctx, input }) => {
    const passwordHash = await hashPassword(input.password);
    const owner = consumeResetToken(ctx.db, input.token);
    if (!owner) throw new TRPCError({ code: 'BAD_REQUEST', message: 'The reset link is invalid or has expired.' });
    const table = owner.kind === 'user' ? users : admins;
    ctx.db.update(table).set({ passwordHash }).where(eq(table.id, owner.accountId)).run();
    invalidateAccountSessions(ctx.db, owner.kind, owner.accountId);
    return { message: 'Password reset successful! Please login.' };
  }),
});
