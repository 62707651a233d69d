// Beyond the spec: the private calendar feed addresses (server/team/calendar-feeds.ts). The owner lists
// the salon's and every specialist's; a specialist reads their own; either asks for a new one.
import type { RestRoute } from '@/server/rest/route';

export const calendarFeedRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/admin/calendar-feeds',
    message: 'Calendar feeds fetched successfully',
    procedure: 'admin.calendarFeeds.list',
  },
  {
    method: 'GET',
    path: '/admin/calendar-feeds/mine',
    message: 'Calendar feed fetched successfully',
    procedure: 'admin.calendarFeeds.mine',
    errors: [404],
  },
  {
    method: 'POST',
    path: '/admin/calendar-feeds/regenerate',
    message: 'New calendar feed address made',
    procedure: 'admin.calendarFeeds.regenerate',
    errors: [400, 404],
  },
];
