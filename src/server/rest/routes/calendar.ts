// Beyond the spec (README "The salon's day"): the back office's calendar.
import type { RestRoute } from '@/server/rest/route';

export const calendarRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/admin/calendar',
    message: 'Calendar fetched successfully',
    procedure: 'admin.calendar.get',
    errors: [404],
  },
];
