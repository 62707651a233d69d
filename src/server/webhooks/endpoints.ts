// Settings > Webhooks: the endpoints the salon's events are posted to. The secret is
// answered once, at creation; deliveries go through the outbox like every message.
import { and, desc, eq, sql } from 'drizzle-orm';
import { WEBHOOK_ENDPOINTS_MAX, type WebhookEndpointView, type WebhookEvent } from '@/shared/schemas/webhooks';
import { rowCount, type Db } from '@/server/db/client';
import { newId } from '@/server/db/ids';
import { messages, webhookEndpoints } from '@/server/db/schema';
import type { Config } from '@/server/env';
import { enqueueWebhookTest, type Outbox } from '@/server/outbox/enqueue';
import { endpointRefusal, newWebhookSecret } from '@/server/outbox/webhook-post';
import { InvalidFields, InvalidRequest, NotFound } from '@/server/errors';

const notFound = () => new NotFound('Webhook endpoint not found');

function lastDeliveryOf(db: Db, endpointId: string): WebhookEndpointView['lastDelivery'] {
  const row = db
    .select({
      status: messages.status,
      code: messages.lastCode,
      error: messages.lastError,
      createdAt: messages.createdAt,
      sentAt: messages.sentAt,
    })
    .from(messages)
    .where(eq(messages.endpointId, endpointId))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1)
    .get();
  if (!row) return null;
  return { status: row.status, code: row.code, error: row.error, at: (row.sentAt ?? row.createdAt).toISOString() };
}

function toView(db: Db, row: typeof webhookEndpoints.$inferSelect): WebhookEndpointView {
  return {
    _id: row.id,
    url: row.url,
    events: JSON.parse(row.events) as WebhookEvent[],
    createdAt: row.createdAt.toISOString(),
    lastDelivery: lastDeliveryOf(db, row.id),
  };
}

/** Every endpoint, oldest first, with its latest delivery. */
export function listWebhooks(db: Db): WebhookEndpointView[] {
  return db
    .select()
    .from(webhookEndpoints)
    .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id)
    .all()
    .map((row) => toView(db, row));
}

/**
 * Adds an endpoint: HTTPS, on a public address, unless its host is in WEBHOOK_ALLOW_HOSTS (checked
 * again at each delivery). Answers it with its secret, which is not shown again.
 */
export async function createWebhook(
  deps: { db: Db; config: Pick<Config, 'webhookAllowHosts'> },
  input: { url: string; events: WebhookEvent[] },
): Promise<WebhookEndpointView & { secret: string }> {
  const refusal = await endpointRefusal(input.url, deps.config.webhookAllowHosts);
  if (refusal) throw new InvalidFields([{ path: 'url', message: refusal }]);
  const id = newId();
  const secret = newWebhookSecret();
  deps.db.transaction(
    (tx) => {
      if (rowCount(tx, webhookEndpoints) >= WEBHOOK_ENDPOINTS_MAX) {
        throw new InvalidRequest(`A salon can have at most ${String(WEBHOOK_ENDPOINTS_MAX)} webhook endpoints.`);
      }
      tx.insert(webhookEndpoints)
        .values({ id, url: input.url, events: JSON.stringify(input.events), secret })
        .run();
    },
    { behavior: 'immediate' },
  );
  const row = deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).get();
  if (!row) throw notFound();
  return { ...toView(deps.db, row), secret };
}

/** Removes an endpoint; its deliveries not yet sent are cancelled. */
export function deleteWebhook(db: Db, id: string): { _id: string } {
  db.transaction((tx) => {
    const removed = tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).run();
    if (removed.changes === 0) throw notFound();
    tx.update(messages)
      .set({ status: 'cancelled', payload: null, lastError: 'The endpoint was deleted.' })
      .where(and(eq(messages.endpointId, id), sql`${messages.status} = 'pending'`))
      .run();
  });
  return { _id: id };
}

/** Queues a `webhook.test` event to one endpoint and starts delivering it. */
export function sendTestEvent(deps: { db: Db; outbox: Outbox }, id: string): { _id: string; messageId: string } {
  const messageId = deps.db.transaction((tx) => {
    const endpoint = tx
      .select({ id: webhookEndpoints.id, url: webhookEndpoints.url })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id))
      .get();
    if (!endpoint) throw notFound();
    return enqueueWebhookTest(tx, endpoint);
  });
  deps.outbox.wake();
  return { _id: id, messageId };
}
