// Beyond the spec (issue 18): the outbox's messages, webhooks and the salon's notification switch.
import type { RestRoute } from '@/server/rest/route';

export const messageRoutes: RestRoute[] = [
  { method: 'GET', path: '/admin/messages', message: 'Messages fetched successfully', procedure: 'admin.messages.list' },
  { method: 'POST', path: '/admin/messages/:id/resend', message: 'Message queued to be sent again', procedure: 'admin.messages.resend', errors: [400, 404] },
  { method: 'GET', path: '/admin/webhooks', message: 'Webhooks fetched successfully', procedure: 'admin.webhooks.list' },
  { method: 'POST', path: '/admin/webhooks', status: 201, message: 'Webhook endpoint added', procedure: 'admin.webhooks.create', errors: [400] },
  { method: 'DELETE', path: '/admin/webhooks/:id', message: 'Webhook endpoint deleted', procedure: 'admin.webhooks.delete', errors: [404] },
  { method: 'POST', path: '/admin/webhooks/:id/test', message: 'Test event queued', procedure: 'admin.webhooks.test', errors: [404] },
  { method: 'GET', path: '/admin/notifications', message: 'Notification settings fetched successfully', procedure: 'admin.notifications.get' },
  { method: 'PUT', path: '/admin/notifications', message: 'Notification settings updated', procedure: 'admin.notifications.put' },
];
