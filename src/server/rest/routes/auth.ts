// Sign-up with an e-mailed code, login and the password reset: the spec's paths over `public.auth`.
import type { RestRoute } from '@/server/rest/route';

export const authRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/otp/send-otp',
    message: 'OTP sent to your email!',
    procedure: 'public.auth.sendOtp',
    errors: [429],
  },
  {
    method: 'POST',
    path: '/otp/verify-otp',
    message: 'OTP Verified!',
    procedure: 'public.auth.verifyOtp',
    errors: [400],
  },
  {
    method: 'POST',
    path: '/users/register',
    status: 201,
    message: 'Registration successful',
    procedure: 'public.auth.register',
    errors: [400, 409, 429],
  },
  {
    method: 'POST',
    path: '/users/login',
    message: 'Login successful',
    procedure: 'public.auth.login',
    errors: [401, 429],
  },
  {
    method: 'POST',
    path: '/users/forgot-password',
    message: 'Password reset link sent! Please check your email.',
    procedure: 'public.auth.forgotPassword',
    errors: [429],
  },
  {
    method: 'POST',
    path: '/users/reset-password',
    message: 'Password reset successful! Please login.',
    procedure: 'public.auth.resetPassword',
    errors: [400, 429],
  },
];
