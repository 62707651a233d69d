// Settings > Webhooks: the endpoints the salon's events are posted to.
import { z } from 'zod';
import { byIdSchema, deletedSchema } from '@/shared/schemas/fields';
import {
  createdWebhookSchema,
  createWebhookSchema,
  webhookEndpointSchema,
  webhookTestSentSchema,
} from '@/shared/schemas/webhooks';
import { createWebhook, deleteWebhook, listWebhooks, sendTestEvent } from '@/server/webhooks/endpoints';
import { router, staffProcedure } from '@/server/trpc/init';
import { OWNER_ONLY } from '@/shared/roles';

export const adminWebhooksRouter = router({
  list: staffProcedure(OWNER_ONLY)
    .output(z.array(webhookEndpointSchema))
    .query(({ ctx }) => listWebhooks(ctx.db)),
  /** Adds an endpoint; the answer holds its signing secret, shown this once only. */
  create: staffProcedure(OWNER_ONLY)
    .meta({ activity: { entity: 'settings', action: 'created', label: 'Webhook' } })
    .input(createWebhookSchema)
    .output(createdWebhookSchema)
    .mutation(({ ctx, input }) => createWebhook(ctx, input)),
  delete: staffProcedure(OWNER_ONLY)
    .meta({ activity: { entity: 'settings', action: 'deleted', label: 'Webhook' } })
    .input(byIdSchema)
    .output(deletedSchema)
    .mutation(({ ctx, input }) => deleteWebhook(ctx.db, input.id)),
  /** Posts a `webhook.test` event to the endpoint through the outbox. */
  test: staffProcedure(OWNER_ONLY)
    .meta({ activity: 'none' })
    .input(byIdSchema)
    .output(webhookTestSentSchema)
    .mutation(({ ctx, input }) => sendTestEvent(ctx, input.id)),
});
