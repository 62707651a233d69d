// A signed-in admin's own account: `admin.account`.
import type { RestRoute } from '@/server/rest/route';

export const adminAccountRoutes: RestRoute[] = [
  // An API token has no session to end or renew: 400 from logout and refresh.
  { method: 'POST', path: '/admin/logout', message: 'Logged out', procedure: 'admin.account.logout', errors: [400] },
  { method: 'GET', path: '/admin/me', message: 'Current admin', procedure: 'admin.account.me' },
  {
    method: 'POST',
    path: '/admin/refresh-token',
    message: 'Session refreshed',
    procedure: 'admin.account.refresh',
    errors: [400],
  },
  {
    method: 'PATCH',
    path: '/admin/update',
    message: 'Profile updated!',
    procedure: 'admin.account.updateProfile',
    errors: [400],
  },
  {
    method: 'POST',
    path: '/admin/change-password',
    message: 'Password changed!',
    procedure: 'admin.account.changePassword',
    errors: [400, 429],
  },
];
