// Beyond the spec (README "Messages: mail, reminders and webhooks"): the salon's webhook endpoints.
import type { RestRoute } from '@/server/rest/route';

export const webhookRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/admin/webhooks',
    message: 'Webhooks fetched successfully',
    procedure: 'admin.webhooks.list',
  },
  {
    method: 'POST',
    path: '/admin/webhooks',
    status: 201,
    message: 'Webhook endpoint added',
    procedure: 'admin.webhooks.create',
    errors: [400],
  },
  {
    method: 'DELETE',
    path: '/admin/webhooks/:id',
    message: 'Webhook endpoint deleted',
    procedure: 'admin.webhooks.delete',
    errors: [404],
  },
  {
    method: 'POST',
    path: '/admin/webhooks/:id/test',
    message: 'Test event queued',
    procedure: 'admin.webhooks.test',
    errors: [404],
  },
];
