// Schemas of the account forms and the procedures behind them.
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, TOKEN_MAX_LENGTH } from '@/shared/constants';
import { adminAccountSchema, customerProfileFields, userAccountSchema } from './account';
import {
  boundedText,
  currentPasswordField,
  emailField,
  givenPasswordField,
  imageDataField,
  newPasswordField,
  otpField,
  pickedFile,
  requiredText,
  whenFieldsValid,
} from './fields';

const loginEmail = emailField('Email is required', 'Enter a valid email');

/** Customer and admin login. */
export const loginSchema = z.object({
  email: loginEmail,
  password: givenPasswordField('Password is required'),
});
export type LoginInput = z.input<typeof loginSchema>;

export const sendOtpSchema = z.object({
  email: emailField('Please enter your email', 'Please enter a valid email address.'),
});

export const verifyOtpSchema = sendOtpSchema.extend({ otp: otpField });

const signupFields = customerProfileFields.extend({
  email: emailField('Email is required', 'Enter a valid email'),
  password: newPasswordField,
});

/** The sign-up form: the fields, the picked avatar and the e-mailed code. */
export const signupFormSchema = signupFields.extend({
  avatar: pickedFile('Profile picture is required'),
  otp: otpField,
});

/** What `register` receives: the fields and the avatar as base64. */
export const registerSchema = signupFields.extend({
  avatar: imageDataField,
});
export type RegisterInput = z.input<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email: loginEmail });

const passwordRequired = z.string('Password is required').min(1, 'Password is required').pipe(newPasswordField);

/** What `reset-password` receives: the token from the link and the new password. */
export const resetPasswordSchema = z.object({
  token: requiredText('The reset link is invalid or has expired.', TOKEN_MAX_LENGTH),
  password: passwordRequired,
});

/** The reset form: the new password typed twice (the token comes from the link). */
export const resetPasswordFormSchema = resetPasswordSchema
  .omit({ token: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
    when: whenFieldsValid('password', 'confirmPassword'),
  });

/** What `change-password` receives. */
export const changePasswordSchema = z.object({
  currentPassword: currentPasswordField,
  newPassword: z.string('New password is required').min(1, 'New password is required').pipe(newPasswordField),
});

/** The admin's Change Password tab: the new password typed twice. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: boundedText('Please confirm the new password', 'Password', PASSWORD_MAX_LENGTH) })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
    when: whenFieldsValid('newPassword', 'confirmPassword'),
  });

/** A customer's login or session refresh: the account. */
export const userLoginResultSchema = z.object({ user: userAccountSchema }).meta({ id: 'UserLoginResult' });

/** An admin's login or session refresh: the account. */
export const adminLoginResultSchema = z.object({ user: adminAccountSchema }).meta({ id: 'AdminLoginResult' });

/** Who is logged in on this browser: the customer's account, or null for a visitor. */
export const userSessionSchema = z.object({ user: userAccountSchema.nullable() });

export const logoutResultSchema = z.object({ loggedOut: z.literal(true) }).meta({ id: 'LogoutResult' });

/** A sign-up code was sent (or, for a registered address, a mail saying so). */
export const otpSentSchema = z.object({ email: z.string() });

export const otpVerifiedSchema = z.object({ email: z.string(), verified: z.literal(true) });

/** An answer that only says what happened (password reset, password change). */
export const messageResultSchema = z.object({ message: z.string() }).meta({ id: 'MessageResult' });
