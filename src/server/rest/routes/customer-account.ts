// A signed-in customer's own account: `customer.account` (My account: README "Accounts").
import type { RestRoute } from '@/server/rest/route';

export const customerAccountRoutes: RestRoute[] = [
  { method: 'POST', path: '/users/logout', message: 'Logged out', procedure: 'customer.account.logout' },
  { method: 'GET', path: '/users/me', message: 'Current user', procedure: 'customer.account.me' },
  // My account (README "Accounts"), beside the spec's paths.
  { method: 'PATCH', path: '/users/me', message: 'Profile updated!', procedure: 'customer.account.updateProfile' },
  {
    method: 'POST',
    path: '/users/change-password',
    message: 'Password changed!',
    procedure: 'customer.account.changePassword',
    errors: [400, 429],
  },
  { method: 'GET', path: '/users/me/export', message: 'Your data', procedure: 'customer.account.exportData' },
  {
    method: 'GET',
    path: '/users/me/reminder-mails',
    message: 'Reminder e-mails',
    procedure: 'customer.account.reminderMails',
  },
  {
    method: 'PUT',
    path: '/users/me/reminder-mails',
    message: 'Reminder e-mails saved',
    procedure: 'customer.account.updateReminderMails',
  },
  { method: 'GET', path: '/users/me/nudges', message: 'Nudges to rebook', procedure: 'customer.account.nudges' },
  {
    method: 'PUT',
    path: '/users/me/nudges',
    message: 'Nudges to rebook saved',
    procedure: 'customer.account.updateNudges',
  },
  {
    method: 'DELETE',
    path: '/users/me',
    message: 'Your account has been deleted.',
    procedure: 'customer.account.deleteAccount',
    errors: [400, 429],
  },
  {
    method: 'POST',
    path: '/users/change-email/send-otp',
    message: 'OTP sent to your email!',
    procedure: 'customer.account.requestEmailChange',
    errors: [400, 409, 429],
  },
  {
    method: 'POST',
    path: '/users/change-email',
    message: 'Email changed!',
    procedure: 'customer.account.confirmEmailChange',
    errors: [400, 409, 429],
  },
  { method: 'POST', path: '/users/refresh-token', message: 'Session refreshed', procedure: 'customer.account.refresh' },
];
