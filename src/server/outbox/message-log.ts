// Settings > Messages: what the outbox holds, newest first, and sending a failed
// message again.
import { count, desc, eq } from 'drizzle-orm';
import { MESSAGE_STATUSES, type MessagePage, type MessageStatus, type MessageView } from '@/shared/schemas/messages';
import type { Db } from '@/server/db/client';
import { messages } from '@/server/db/schema';
import type { Outbox } from './enqueue';
import { InvalidRequest, NotFound } from '@/server/errors';

const columns = {
  id: messages.id,
  kind: messages.kind,
  channel: messages.channel,
  recipient: messages.recipient,
  status: messages.status,
  attempts: messages.attempts,
  createdAt: messages.createdAt,
  dueAt: messages.dueAt,
  sentAt: messages.sentAt,
  lastError: messages.lastError,
  lastCode: messages.lastCode,
  bookingId: messages.bookingId,
  hasPayload: messages.payload,
};

/**
 * Where a webhook went, for someone who does not manage webhooks (only owners do): its host, not
 * the whole address, whose path or query may hold the receiver's secret.
 */
function webhookHostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'Webhook endpoint';
  }
}

/**
 * One page of messages, newest first, optionally of one status; with counts by status. A webhook's
 * address in full only when `fullWebhookAddresses` (the owner); its host otherwise.
 */
export function listMessages(
  db: Db,
  query: { page: number; limit: number; status?: MessageStatus | undefined },
  fullWebhookAddresses: boolean,
): MessagePage {
  const where = query.status ? eq(messages.status, query.status) : undefined;
  const rows = db
    .select(columns)
    .from(messages)
    .where(where)
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .all();
  const byStatus = new Map(
    db
      .select({ status: messages.status, n: count() })
      .from(messages)
      .groupBy(messages.status)
      .all()
      .map((row) => [row.status, row.n]),
  );
  const counts = Object.fromEntries(MESSAGE_STATUSES.map((status) => [status, byStatus.get(status) ?? 0])) as Record<
    MessageStatus,
    number
  >;
  return {
    messages: rows.map((row): MessageView => ({
      _id: row.id,
      kind: row.kind as MessageView['kind'],
      channel: row.channel,
      recipient: row.channel === 'webhook' && !fullWebhookAddresses ? webhookHostOf(row.recipient) : row.recipient,
      status: row.status,
      attempts: row.attempts,
      createdAt: row.createdAt.toISOString(),
      dueAt: row.dueAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
      lastError: row.lastError,
      lastCode: row.lastCode,
      bookingId: row.bookingId,
      resendable: row.status === 'failed' && row.hasPayload !== null,
    })),
    total: query.status ? (byStatus.get(query.status) ?? 0) : [...byStatus.values()].reduce((sum, n) => sum + n, 0),
    counts,
  };
}

/** A failed message goes out again now, with a fresh round of retries. */
export function resendMessage(deps: { db: Db; outbox: Outbox }, id: string): { _id: string } {
  deps.db.transaction((tx) => {
    const row = tx
      .select({ status: messages.status, payload: messages.payload })
      .from(messages)
      .where(eq(messages.id, id))
      .get();
    if (!row) throw new NotFound('Message not found');
    if (row.status !== 'failed' || row.payload === null) {
      throw new InvalidRequest('Only a failed message can be sent again.');
    }
    tx.update(messages).set({ status: 'pending', attempts: 0, dueAt: new Date() }).where(eq(messages.id, id)).run();
  });
  deps.outbox.wake();
  return { _id: id };
}
