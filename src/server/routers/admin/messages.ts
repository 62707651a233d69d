// Issue 18: Settings > Messages, Settings > Webhooks and the salon's notification switch.
import { z } from 'zod';
import {
  createdWebhookSchema,
  createWebhookSchema,
  messageListQuerySchema,
  messagePageSchema,
  notificationSettingsSchema,
  notificationSettingsViewSchema,
  webhookEndpointSchema,
  webhookTestSentSchema,
} from '@/shared/schemas/messages';
import { byIdSchema, deletedSchema } from '@/shared/schemas/fields';
import { listMessages, resendMessage } from '@/server/outbox/message-log';
import { createWebhook, deleteWebhook, listWebhooks, sendTestEvent } from '@/server/outbox/webhooks';
import { notificationSettingsView, saveNotificationSettings } from '@/server/salon/settings';
import { adminProcedure, router } from '@/server/trpc/init';

export const adminMessagesRouter = router({
  /** The outbox, newest first: kind, recipient, status, attempts, last error. */
  list: adminProcedure.input(messageListQuerySchema).output(messagePageSchema).query(({ ctx, input }) => listMessages(ctx.db, input)),
  /** Sends a failed message again. */
  resend: adminProcedure.input(byIdSchema).output(z.object({ _id: z.string() })).mutation(({ ctx, input }) => resendMessage(ctx, input.id)),
});

export const adminWebhooksRouter = router({
  list: adminProcedure.output(z.array(webhookEndpointSchema)).query(({ ctx }) => listWebhooks(ctx.db)),
  /** Adds an endpoint; the answer holds its signing secret, shown this once only. */
  create: adminProcedure.input(createWebhookSchema).output(createdWebhookSchema).mutation(({ ctx, input }) => createWebhook(ctx, input)),
  delete: adminProcedure.input(byIdSchema).output(deletedSchema).mutation(({ ctx, input }) => deleteWebhook(ctx.db, input.id)),
  /** Posts a `webhook.test` event to the endpoint through the outbox. */
  test: adminProcedure.input(byIdSchema).output(webhookTestSentSchema).mutation(({ ctx, input }) => sendTestEvent(ctx, input.id)),
});

export const adminNotificationsRouter = router({
  get: adminProcedure.output(notificationSettingsViewSchema).query(({ ctx }) => notificationSettingsView(ctx.db, ctx.config)),
  put: adminProcedure
    .input(notificationSettingsSchema)
    .output(notificationSettingsViewSchema)
    .mutation(({ ctx, input }) => {
      saveNotificationSettings(ctx.db, input);
      return notificationSettingsView(ctx.db, ctx.config);
    }),
});
