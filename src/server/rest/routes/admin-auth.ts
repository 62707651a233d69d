// The back office's login: `public.adminAuth`.
import type { RestRoute } from '@/server/rest/route';

export const adminAuthRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/admin/login',
    message: 'Login successful',
    procedure: 'public.adminAuth.login',
    errors: [401, 429],
  },
];
