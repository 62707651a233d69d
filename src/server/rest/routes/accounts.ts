// Spec section 7, "Authentication and account", and GET /contact-info.
import type { RestRoute } from '@/server/rest/route';

export const accountRoutes: RestRoute[] = [
  { method: 'POST', path: '/otp/send-otp', message: 'OTP sent to your email!', procedure: 'public.auth.sendOtp', errors: [429] },
  { method: 'POST', path: '/otp/verify-otp', message: 'OTP Verified!', procedure: 'public.auth.verifyOtp', errors: [400] },
  { method: 'POST', path: '/users/register', status: 201, message: 'Registration successful', procedure: 'public.auth.register', errors: [400, 409, 429] },
  { method: 'POST', path: '/users/login', message: 'Login successful', procedure: 'public.auth.login', errors: [401, 429] },
  { method: 'POST', path: '/users/logout', message: 'Logged out', procedure: 'customer.account.logout' },
  { method: 'GET', path: '/users/me', message: 'Current user', procedure: 'customer.account.me' },
  // My account (issue 21), beside the spec's paths.
  { method: 'PATCH', path: '/users/me', message: 'Profile updated!', procedure: 'customer.account.updateProfile' },
  { method: 'POST', path: '/users/change-password', message: 'Password changed!', procedure: 'customer.account.changePassword', errors: [400, 429] },
  { method: 'GET', path: '/users/me/export', message: 'Your data', procedure: 'customer.account.exportData' },
  { method: 'GET', path: '/users/me/reminder-mails', message: 'Reminder e-mails', procedure: 'customer.account.reminderMails' },
  { method: 'PUT', path: '/users/me/reminder-mails', message: 'Reminder e-mails saved', procedure: 'customer.account.setReminderMails' },
  { method: 'DELETE', path: '/users/me', message: 'Your account has been deleted.', procedure: 'customer.account.deleteAccount', errors: [400, 429] },
  {
    method: 'POST',
    path: '/users/change-email/send-otp',
    message: 'OTP sent to your email!',
    procedure: 'customer.account.requestEmailChange',
    errors: [400, 409, 429],
  },
  { method: 'POST', path: '/users/change-email', message: 'Email changed!', procedure: 'customer.account.confirmEmailChange', errors: [400, 409, 429] },
  { method: 'POST', path: '/users/refresh-token', message: 'Session refreshed', procedure: 'customer.account.refresh' },
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
  { method: 'POST', path: '/admin/login', message: 'Login successful', procedure: 'public.adminAuth.login', errors: [401, 429] },
  // An API token has no session to end or renew: 400 from logout and refresh.
  { method: 'POST', path: '/admin/logout', message: 'Logged out', procedure: 'admin.account.logout', errors: [400] },
  { method: 'GET', path: '/admin/me', message: 'Current admin', procedure: 'admin.account.me' },
  { method: 'POST', path: '/admin/refresh-token', message: 'Session refreshed', procedure: 'admin.account.refresh', errors: [400] },
  { method: 'PATCH', path: '/admin/update', message: 'Profile updated!', procedure: 'admin.account.updateProfile', errors: [400] },
  { method: 'POST', path: '/admin/change-password', message: 'Password changed!', procedure: 'admin.account.changePassword', errors: [400, 429] },
  { method: 'GET', path: '/contact-info', message: 'Contact info', procedure: 'public.contact.info', errors: [404] },
];
