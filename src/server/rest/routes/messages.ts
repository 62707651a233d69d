// Beyond the spec (README "Messages: mail, reminders and webhooks"): the outbox's messages.
import type { RestRoute } from '@/server/rest/route';

export const messageRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/admin/messages',
    message: 'Messages fetched successfully',
    procedure: 'admin.messages.list',
  },
  {
    method: 'POST',
    path: '/admin/messages/:id/resend',
    message: 'Message queued to be sent again',
    procedure: 'admin.messages.resend',
    errors: [400, 404],
  },
];
