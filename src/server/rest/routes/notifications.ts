// Beyond the spec (README "Messages: mail, reminders and webhooks"): the salon's notification switch.
import type { RestRoute } from '@/server/rest/route';

export const notificationRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/admin/notifications',
    message: 'Notification settings fetched successfully',
    procedure: 'admin.notifications.get',
  },
  {
    method: 'PUT',
    path: '/admin/notifications',
    message: 'Notification settings updated',
    procedure: 'admin.notifications.update',
  },
];
