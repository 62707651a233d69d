// Writing messages into the outbox: always inside the transaction of the change that causes them,
// so a change and its messages are saved together or not at all. The delivery loop
// (delivery.ts) sends them; `Outbox.wake` tells it, after the commit, that there is work.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { MessageKind } from '@/shared/schemas/messages';
import type { WebhookEvent } from '@/shared/schemas/webhooks';
import type { DbOrTx } from '@/server/db/client';
import { newId } from '@/server/db/ids';
import { messages, webhookEndpoints } from '@/server/db/schema';
import { preparedOnce } from '@/server/db/statements';
import { kindOfMail, type MailJob } from './mail-jobs';

/** What a write tells the delivery loop once its transaction is committed. */
export interface Outbox {
  /** There may be messages due now: start delivering without waiting for the next poll. */
  wake(): void;
}

/** An outbox nobody delivers from (scripts, tests of other things): rows wait for the server. */
export const idleOutbox: Outbox = { wake: () => undefined };

const p = (name: string) => sql.placeholder(name);

const statementsOf = preparedOnce((db) => ({
  insert: db
    .insert(messages)
    .values({
      id: p('id'),
      kind: p('kind'),
      channel: p('channel'),
      recipient: p('recipient'),
      payload: p('payload'),
      dueAt: p('dueAt'),
      bookingId: p('bookingId'),
      endpointId: p('endpointId'),
      dedupeKey: p('dedupeKey'),
      createdAt: p('now'),
    })
    .onConflictDoNothing()
    .prepare(),
  endpoints: db
    .select({ id: webhookEndpoints.id, url: webhookEndpoints.url, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .prepare(),
}));

interface Row {
  kind: MessageKind;
  channel: 'mail' | 'webhook';
  recipient: string;
  payload: string;
  dueAt?: Date | undefined;
  bookingId?: string | undefined;
  endpointId?: string | undefined;
  dedupeKey?: string | undefined;
}

/** A settling row's recipient: '' when the recipient deleted their account (`forget_recipient`). */
export const forgottenRecipient = sql<string>`CASE WHEN ${messages.forgetRecipient} THEN '' ELSE ${messages.recipient} END`;

function insertMessage(tx: DbOrTx, row: Row): string {
  const now = new Date();
  const id = newId();
  statementsOf(tx).insert.run({
    id,
    kind: row.kind,
    channel: row.channel,
    recipient: row.recipient,
    payload: row.payload,
    dueAt: row.dueAt ?? now,
    bookingId: row.bookingId ?? null,
    endpointId: row.endpointId ?? null,
    dedupeKey: row.dedupeKey ?? null,
    now,
  });
  return id;
}

/**
 * A mail to `to`, due now or at `dueAt`. No row for an empty address (a customer the salon
 * booked by phone without an e-mail hears nothing by mail). A `dedupeKey` already used writes none.
 */
export function enqueueMail(
  tx: DbOrTx,
  to: string,
  job: MailJob,
  options: { dueAt?: Date; bookingId?: string; dedupeKey?: string } = {},
): void {
  if (to === '') return;
  insertMessage(tx, {
    kind: kindOfMail(job),
    channel: 'mail',
    recipient: to,
    payload: JSON.stringify(job),
    ...options,
  });
}

/** The body every delivery of an event carries (Standard Webhooks: type, timestamp, data). */
export interface WebhookBody {
  type: WebhookEvent | 'webhook.test';
  timestamp: string;
  data: unknown;
}

/** The endpoints subscribed to `type`, read inside the caller's transaction. */
export function subscribedEndpoints(tx: DbOrTx, type: WebhookEvent): { id: string; url: string }[] {
  return statementsOf(tx)
    .endpoints.all()
    .filter((endpoint) => (JSON.parse(endpoint.events) as string[]).includes(type));
}

/**
 * One delivery per endpoint subscribed to `type`. `data` is built only when some endpoint wants
 * the event, so a salon without webhooks pays nothing for them.
 */
export function enqueueWebhookEvent(tx: DbOrTx, type: WebhookEvent, data: () => unknown, bookingId?: string): void {
  const endpoints = subscribedEndpoints(tx, type);
  if (endpoints.length === 0) return;
  const body: WebhookBody = { type, timestamp: new Date().toISOString(), data: data() };
  const payload = JSON.stringify(body);
  for (const endpoint of endpoints) {
    insertMessage(tx, {
      kind: 'webhook',
      channel: 'webhook',
      recipient: endpoint.url,
      payload,
      endpointId: endpoint.id,
      bookingId,
    });
  }
}

/** A test delivery to one endpoint (Settings > Webhooks > Send test event); answers the message id. */
export function enqueueWebhookTest(tx: DbOrTx, endpoint: { id: string; url: string }): string {
  const body: WebhookBody = {
    type: 'webhook.test',
    timestamp: new Date().toISOString(),
    data: { message: 'A test event from the salon.' },
  };
  return insertMessage(tx, {
    kind: 'webhook',
    channel: 'webhook',
    recipient: endpoint.url,
    payload: JSON.stringify(body),
    endpointId: endpoint.id,
  });
}

/**
 * Messages about a booking that have not gone out yet and no longer should (a reminder of a moved
 * or cancelled booking): cancelled, their content dropped (and the address of a recipient who
 * deleted their account, as the delivery loop does when it settles one).
 */
export function cancelWaitingMessages(tx: DbOrTx, bookingId: string, kinds: MessageKind[], reason: string): void {
  tx.update(messages)
    .set({ status: 'cancelled', payload: null, lastError: reason, recipient: forgottenRecipient })
    .where(and(eq(messages.bookingId, bookingId), eq(messages.status, 'pending'), inArray(messages.kind, kinds)))
    .run();
}
