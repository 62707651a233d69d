// Beyond the spec (README "The salon's day"): a specialist's time off.
import type { RestRoute } from '@/server/rest/route';

export const timeOffRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/admin/specialists/:id/time-off',
    message: 'Time off fetched successfully',
    procedure: 'admin.timeOff.list',
    errors: [404],
  },
  {
    method: 'POST',
    path: '/admin/specialists/:id/time-off',
    status: 201,
    message: 'Time off added',
    procedure: 'admin.timeOff.create',
    errors: [400, 404],
  },
  {
    method: 'DELETE',
    path: '/admin/specialists/:id/time-off/:timeOffId',
    message: 'Time off deleted',
    procedure: 'admin.timeOff.delete',
    errors: [404],
  },
];
