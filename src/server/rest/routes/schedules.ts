// Beyond the spec (README "The salon's day"): a specialist's weekly hours.
import type { RestRoute } from '@/server/rest/route';

export const scheduleRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/admin/specialists/:id/schedule',
    message: 'Schedule fetched successfully',
    procedure: 'admin.schedules.get',
    errors: [404],
  },
  {
    method: 'PUT',
    path: '/admin/specialists/:id/schedule',
    message: 'Schedule updated',
    procedure: 'admin.schedules.update',
    errors: [404],
  },
];
