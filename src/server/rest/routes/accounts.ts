// Spec section 7, "Authentication and account", and GET /contact-info.
import type { RestRoute } from '../route';

export const accountRoutes: RestRoute[] = [
  { method: 'POST', path: '/otp/send-otp', message: 'OTP sent to your email!', call: (c, { body }) => c.public.auth.sendOtp(body as never) },
  { method: 'POST', path: '/otp/verify-otp', message: 'OTP Verified!', call: (c, { body }) => c.public.auth.verifyOtp(body as never) },
  { method: 'POST', path: '/users/register', status: 201, message: 'Registration successful', call: (c, { body }) => c.public.auth.register(body as never) },
  { method: 'POST', path: '/users/login', message: 'Login successful', call: (c, { body }) => c.public.auth.login(body as never) },
  { method: 'POST', path: '/users/logout', message: 'Logged out', call: (c) => c.customer.account.logout() },
  { method: 'GET', path: '/users/me', message: 'Current user', call: (c) => c.customer.account.me() },
  { method: 'POST', path: '/users/refresh-token', message: 'Session refreshed', call: (c) => c.customer.account.refresh() },
  {
    method: 'POST',
    path: '/users/forgot-password',
    message: 'Password reset link sent! Please check your email.',
    call: (c, { body }) => c.public.auth.forgotPassword(body as never),
  },
  {
    method: 'POST',
    path: '/users/reset-password',
    message: 'Password reset successful! Please login.',
    call: (c, { body }) => c.public.auth.resetPassword(body as never),
  },
  { method: 'POST', path: '/admin/login', message: 'Login successful', call: (c, { body }) => c.public.adminAuth.login(body as never) },
  { method: 'POST', path: '/admin/logout', message: 'Logged out', call: (c) => c.admin.account.logout() },
  { method: 'GET', path: '/admin/me', message: 'Current admin', call: (c) => c.admin.account.me() },
  { method: 'POST', path: '/admin/refresh-token', message: 'Session refreshed', call: (c) => c.admin.account.refresh() },
  { method: 'PATCH', path: '/admin/update', message: 'Profile updated!', call: (c, { body }) => c.admin.account.updateProfile(body as never) },
  {
    method: 'POST',
    path: '/admin/change-password',
    message: 'Password changed!',
    call: (c, { body }) => c.admin.account.changePassword(body as never),
  },
  { method: 'GET', path: '/contact-info', message: 'Contact info', call: (c) => c.public.contact.info() },
];
