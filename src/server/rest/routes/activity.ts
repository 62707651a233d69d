// Beyond the spec (README "Who changed what"): a booking's timeline, and the salon's activity log.
import type { RestRoute } from '@/server/rest/route';

export const activityRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/admin/bookings/:id/history',
    message: 'Booking history fetched successfully',
    procedure: 'admin.bookings.history',
    errors: [404],
  },
  {
    method: 'GET',
    path: '/admin/activity',
    message: 'Activity fetched successfully',
    procedure: 'admin.activity.list',
    errors: [400],
  },
];
