// The delivery loop (issue 18): sends the outbox's due messages (mails through the mailer, webhooks
// by signed POST), retries failures with growing waits, and marks each row sent or failed.
//
// A row is claimed before it is sent (status `sending`, the claimant's name and a lease), in one
// IMMEDIATE transaction, so two server processes on one database never send it twice. A claim
// whose process has died is taken over at once (the claimant's pid is checked on this machine);
// one of a live process only when its lease runs out. A crash after the SMTP server accepted a
// mail but before the row was marked sent sends it once more on the next start, with the same
// Message-ID. The claims and marks join the bookings' group commit (db/write-batch.ts), so they
// add no disk flush of their own while bookings stream in.
import { randomBytes } from 'node:crypto';
import { threadId } from 'node:worker_threads';
import type { MessageKind } from '@/shared/schemas/messages';
import type { BookingStatus } from '@/shared/constants';
import { emptyWriteAheadLog, type Db, type DbOrTx } from '@/server/db/client';
import { connectionOf, preparedOnce } from '@/server/db/statements';
import { DEFAULT_RETRY_POLICY, MESSAGE_LOG_DAYS, retryWaitMs, staleReason, type RetryPolicy } from '@/server/domain/messages';
import type { Config } from '@/server/env';
import { forgetOutboxMailsTo, type Mailer } from '@/server/mail/mailer';
import type { Outbox } from './enqueue';
import { composeMail, type MailJob } from './mail-jobs';
import { PermanentFailure, postWebhook } from './webhook-post';

type Log = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export interface DeliveryOptions {
  db: Db;
  config: Pick<Config, 'webhookAllowHosts' | 'publicUrl' | 'outboxDir'>;
  mailer: Mailer;
  log: Log;
  retry?: RetryPolicy;
  /** The longest wait between two looks at the outbox (rows of other processes, expired claims). */
  pollMs?: number;
  /** How long a claim holds against other processes while its process lives. */
  leaseMs?: number;
  /** Messages claimed and sent at once. */
  batchSize?: number;
  webhookTimeoutMs?: number;
}

export interface Delivery extends Outbox {
  /** Stops polling; sends what is due (for a few seconds at most) and waits for sends in flight. */
  close(): Promise<void>;
  /** Resolves once a round finds nothing due (tests). */
  settled(): Promise<void>;
}

interface Claimed {
  id: string;
  kind: MessageKind;
  channel: 'mail' | 'webhook';
  recipient: string;
  payload: string | null;
  attempts: number;
  bookingId: string | null;
  endpointId: string | null;
  /** 1: its recipient deleted their account; the row keeps nothing of theirs once settled. */
  forgetRecipient: 0 | 1;
}

type Outcome = { id: string; ok: true; code: number | null } | { id: string; ok: false; attempts: number; error: string; code: number | null; permanent: boolean };

const DRAIN_ON_CLOSE_MS = 5_000;
const PRUNE_EVERY_MS = 60 * 60_000;
const MARK_ATTEMPTS = 8;

const closedDatabase = (error: unknown) => error instanceof Error && /database connection is not open/i.test(error.message);

/** Delivery loops alive in this thread, by claimant name: a claim of this thread not here is a dead one's. */
const liveClaimants = new Set<string>();

/** Whether the process (or, in this process, the loop) that made a claim has gone. */
function claimantIsGone(claimant: string): boolean {
  const [pidText, threadText] = claimant.split(':');
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return true;
  if (pid === process.pid) return Number(threadText) === threadId && !liveClaimants.has(claimant);
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** A settling row's recipient: emptied when its recipient deleted their account (issue 21). */
const FORGOTTEN_RECIPIENT = `CASE WHEN forget_recipient THEN '' ELSE recipient END`;

/** The loop's statements, prepared once per connection (db/statements.ts). */
const statementsOf = preparedOnce((db) => {
  const connection = connectionOf(db);
  return {
    claimants: connection.prepare<[], string>(`SELECT DISTINCT claimed_by FROM messages WHERE status = 'sending' AND claimed_by IS NOT NULL`).pluck(),
    // Each branch reads its own partial index (pending by due time, sending by lease).
    claim: connection.prepare<{ me: string; until: number; now: number; gone: string; limit: number }, Claimed>(`
      UPDATE messages SET status = 'sending', claimed_by = :me, claimed_until = :until, attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM (
          SELECT * FROM (SELECT id, due_at FROM messages WHERE status = 'pending' AND due_at <= :now ORDER BY due_at LIMIT :limit)
          UNION ALL
          SELECT * FROM (SELECT id, due_at FROM messages WHERE status = 'sending'
            AND (claimed_until <= :now OR claimed_by IN (SELECT value FROM json_each(:gone))) LIMIT :limit))
        ORDER BY due_at LIMIT :limit)
      RETURNING id, kind, channel, recipient, payload, attempts, booking_id AS bookingId, endpoint_id AS endpointId, forget_recipient AS forgetRecipient`),
    booking: connection.prepare<[string], { status: BookingStatus; startsAt: number; reminderMailsOff: 0 | 1 }>(
      `SELECT b.status, b.starts_at AS startsAt, u.unsubscribed_at IS NOT NULL AS reminderMailsOff FROM bookings b JOIN users u ON u.id = b.user_id WHERE b.id = ?`,
    ),
    secret: connection.prepare<[string], string>(`SELECT secret FROM webhook_endpoints WHERE id = ?`).pluck(),
    // A row whose recipient deleted their account (forget_recipient) keeps no address of theirs
    // once settled: sent, failed or cancelled, its recipient is emptied (and a failed one's
    // content and the address in its error, since nobody will send it again). A failed row about
    // a booking of a deleted account (the salon's notice, a webhook) keeps no content either: it
    // holds the customer's name and contact details, and a failed row is never pruned.
    cancel: connection.prepare<[string | null, string]>(
      `UPDATE messages SET status = 'cancelled', payload = NULL, last_error = ?, claimed_by = NULL, claimed_until = NULL,
         recipient = ${FORGOTTEN_RECIPIENT} WHERE id = ?`,
    ),
    // claimed_by stays on a sent row: who sent it.
    sent: connection.prepare<{ ids: string; me: string; now: number }>(
      `UPDATE messages SET status = 'sent', payload = NULL, sent_at = :now, last_error = NULL, claimed_until = NULL,
         recipient = ${FORGOTTEN_RECIPIENT}
       WHERE id IN (SELECT value FROM json_each(:ids)) AND claimed_by = :me`,
    ),
    sentWithCode: connection.prepare<{ id: string; me: string; code: number }>(`UPDATE messages SET last_code = :code WHERE id = :id AND claimed_by = :me`),
    retry: connection.prepare<{ id: string; me: string; due: number; error: string; code: number | null }>(
      `UPDATE messages SET status = 'pending', due_at = :due, last_error = :error, last_code = :code, claimed_by = NULL, claimed_until = NULL
       WHERE id = :id AND claimed_by = :me`,
    ),
    failed: connection.prepare<{ id: string; me: string; error: string; code: number | null }>(
      `UPDATE messages SET status = 'failed', last_code = :code, claimed_by = NULL, claimed_until = NULL,
         last_error = CASE WHEN forget_recipient THEN replace(:error, recipient, '') ELSE :error END,
         payload = CASE WHEN forget_recipient OR EXISTS (SELECT 1 FROM bookings b JOIN users u ON u.id = b.user_id
           WHERE b.id = messages.booking_id AND u.deleted_at IS NOT NULL) THEN NULL ELSE payload END,
         recipient = ${FORGOTTEN_RECIPIENT}
       WHERE id = :id AND claimed_by = :me`,
    ),
    nextDue: connection.prepare<[], { due: number | null; lease: number | null }>(`SELECT
      (SELECT min(due_at) FROM messages WHERE status = 'pending') AS due,
      (SELECT min(claimed_until) FROM messages WHERE status = 'sending') AS lease`),
    forgotten: connection.prepare<[string], string>(`SELECT id FROM messages WHERE id IN (SELECT value FROM json_each(?)) AND forget_recipient`).pluck(),
    prune: connection.prepare<[number]>(`DELETE FROM messages WHERE status IN ('sent', 'cancelled') AND created_at < ?`),
  };
});

function claim(tx: DbOrTx, me: string, now: number, leaseMs: number, limit: number): Claimed[] {
  const statements = statementsOf(tx);
  const gone = JSON.stringify(statements.claimants.all().filter(claimantIsGone));
  return statements.claim.all({ me, until: now + leaseMs, now, gone, limit });
}

/** Rows whose reason to go out has passed (a reminder of a booking that began): cancelled, not sent. */
function dropStale(tx: DbOrTx, claimed: Claimed[], now: number): Claimed[] {
  const statements = statementsOf(tx);
  return claimed.filter((row) => {
    let reason: string | null = null;
    if (row.payload === null) reason = 'Its content is gone.';
    else if (row.bookingId && (row.kind === 'reminder' || row.kind === 'review-request')) {
      const booking = statements.booking.get(row.bookingId);
      reason = staleReason(
        row.kind,
        booking && { status: booking.status, startsAt: new Date(booking.startsAt), reminderMailsOff: booking.reminderMailsOff === 1 },
        new Date(now),
      );
    }
    if (reason === null) return true;
    statements.cancel.run(reason, row.id);
    return false;
  });
}

function secretOf(tx: DbOrTx, endpointId: string | null): string | undefined {
  if (!endpointId) return undefined;
  return statementsOf(tx).secret.get(endpointId);
}

function mark(tx: DbOrTx, me: string, outcomes: Outcome[], retry: RetryPolicy, now: number): void {
  const statements = statementsOf(tx);
  const sent = outcomes.filter((outcome) => outcome.ok);
  if (sent.length > 0) statements.sent.run({ ids: JSON.stringify(sent.map((outcome) => outcome.id)), me, now });
  for (const outcome of outcomes) {
    if (outcome.ok) {
      if (outcome.code !== null) statements.sentWithCode.run({ id: outcome.id, me, code: outcome.code });
      continue;
    }
    const wait = outcome.permanent ? null : retryWaitMs(retry, outcome.attempts);
    if (wait === null) statements.failed.run({ id: outcome.id, me, error: outcome.error, code: outcome.code });
    else statements.retry.run({ id: outcome.id, me, due: now + wait, error: outcome.error, code: outcome.code });
  }
}

const pragmasOf = preparedOnce((db) => {
  const connection = connectionOf(db);
  return { normal: connection.prepare('PRAGMA synchronous = NORMAL'), full: connection.prepare('PRAGMA synchronous = FULL') };
});

/**
 * The loop's own writes (claims, marks, pruning), in an IMMEDIATE transaction that does not wait
 * for the disk: the connection's `synchronous` is NORMAL for it and FULL again at once (nothing
 * else runs in between: the connection is this thread's and the call is synchronous). The next
 * booking's commit flushes it with its own. A power cut may undo a claim or a mark, never a
 * booking or a message: the message is then sent again, as after a crash (decision 0019).
 */
function bookkeeping<T>(db: Db, work: (tx: DbOrTx) => T): T {
  const pragmas = pragmasOf(db);
  pragmas.normal.run();
  try {
    return db.transaction(work, { behavior: 'immediate' });
  } finally {
    pragmas.full.run();
  }
}

/** When the next row falls due, or a claim of another process runs out; null when nothing waits. */
function nextDue(db: Db): number | null {
  const row = statementsOf(db).nextDue.get();
  const times = [row?.due ?? null, row?.lease ?? null].filter((time): time is number => time !== null);
  return times.length === 0 ? null : Math.min(...times);
}

/** Starts the loop; it looks at once (messages due while the server was down go out now). */
export function startDelivery(options: DeliveryOptions): Delivery {
  const { db, config, mailer, log } = options;
  const retry = options.retry ?? DEFAULT_RETRY_POLICY;
  const pollMs = options.pollMs ?? 10_000;
  const leaseMs = options.leaseMs ?? 120_000;
  const batchSize = options.batchSize ?? 32;
  const me = `${String(process.pid)}:${String(threadId)}:${randomBytes(6).toString('hex')}`;
  const mailHost = new URL(config.publicUrl).hostname || 'salon';
  liveClaimants.add(me);

  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let lastPrune = 0;
  let settledWaiters: (() => void)[] = [];

  const send = async (row: Claimed, secret: string | undefined): Promise<Outcome> => {
    try {
      if (row.channel === 'mail') {
        const message = composeMail(row.recipient, JSON.parse(row.payload ?? 'null') as MailJob);
        await mailer.send({ ...message, messageId: `<${row.id}@${mailHost}>`, keepNoCopy: row.forgetRecipient === 1 });
        return { id: row.id, ok: true, code: null };
      }
      if (secret === undefined) throw new PermanentFailure('The endpoint was deleted.');
      const code = await postWebhook({
        url: row.recipient,
        id: row.id,
        secret,
        body: row.payload ?? '',
        allowHosts: config.webhookAllowHosts,
        timeoutMs: options.webhookTimeoutMs,
      });
      return { id: row.id, ok: true, code };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const responseCode = (error as { responseCode?: unknown }).responseCode;
      const statusCode = (error as { statusCode?: unknown }).statusCode;
      // An SMTP 5xx (no such mailbox, refused) will not change by trying again.
      const permanent = error instanceof PermanentFailure || (typeof responseCode === 'number' && responseCode >= 500);
      log.warn({ id: row.id, kind: row.kind, to: row.recipient, attempts: row.attempts, err: message }, permanent ? 'message failed' : 'message not sent yet; will retry');
      return { id: row.id, ok: false, attempts: row.attempts, error: message.slice(0, 500), code: typeof statusCode === 'number' ? statusCode : null, permanent };
    }
  };

  /**
   * Notes what became of the sends. Tried again when the database is busy (another process
   * writing for longer than the busy timeout): an unnoted send would go out again once its claim
   * ran out.
   */
  const markSoon = async (outcomes: Outcome[]): Promise<void> => {
    for (let attempt = 1; ; attempt++) {
      try {
        bookkeeping(db, (tx) => {
          mark(tx, me, outcomes, retry, Date.now());
        });
        return;
      } catch (error) {
        if (attempt >= MARK_ATTEMPTS || closedDatabase(error)) throw error;
        log.warn({ err: error, attempt }, 'could not note sent messages yet; trying again');
        await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
      }
    }
  };

  /**
   * A mail claimed before its recipient deleted their account was sent (and, without SMTP, copied
   * to the outbox folder) while the deletion removed their copies: this copy goes too.
   */
  const forgetCopiesSentMeanwhile = (rows: Claimed[]): void => {
    const copied = rows.filter((row) => row.channel === 'mail' && row.forgetRecipient === 0);
    if (copied.length === 0) return;
    const forgotten = new Set(statementsOf(db).forgotten.all(JSON.stringify(copied.map((row) => row.id))));
    const mailboxes = copied.filter((row) => forgotten.has(row.id)).map((row) => ({ address: row.recipient }));
    if (mailboxes.length > 0) forgetOutboxMailsTo(config.outboxDir, mailboxes);
  };

  /** One round: claim what is due, send it, mark it. Answers how many were claimed. */
  const round = async (): Promise<number> => {
    const now = Date.now();
    const { rows, secrets, forgets } = bookkeeping(db, (tx) => {
      const claimed = claim(tx, me, now, leaseMs, batchSize);
      const due = dropStale(tx, claimed, now);
      return {
        rows: due,
        secrets: due.map((row) => (row.channel === 'webhook' ? secretOf(tx, row.endpointId) : undefined)),
        forgets: claimed.some((row) => row.forgetRecipient === 1),
      };
    });
    if (rows.length > 0) {
      const outcomes = await Promise.all(rows.map((row, index) => send(row, secrets[index])));
      await markSoon(outcomes);
      forgetCopiesSentMeanwhile(rows);
    }
    // A deleted customer's address was just emptied from settled rows: not left in the log's old frames either.
    if (forgets) emptyWriteAheadLog(connectionOf(db));
    if (now - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = now;
      const cutoff = now - MESSAGE_LOG_DAYS * 86_400_000;
      bookkeeping(db, (tx) => statementsOf(tx).prune.run(cutoff));
    }
    return rows.length;
  };

  const schedule = (ms: number) => {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(run, ms);
    timer.unref();
  };

  const run = () => {
    if (running || closed) return;
    again = false;
    running = round().catch((error: unknown) => {
      log.error({ err: error }, 'message delivery failed');
      return 0;
    });
    void running.then((claimed) => {
      running = undefined;
      if (closed) return;
      if (claimed > 0 || again) {
        schedule(0);
        return;
      }
      for (const resolve of settledWaiters) resolve();
      settledWaiters = [];
      let next: number | null = null;
      try {
        next = nextDue(db);
      } catch {
        // The database is closing.
      }
      schedule(next === null ? pollMs : Math.max(0, Math.min(pollMs, next - Date.now() + 5)));
    });
  };

  schedule(0);

  return {
    wake() {
      if (closed) return;
      if (running) again = true;
      else schedule(0);
    },
    settled() {
      return new Promise<void>((resolve) => {
        settledWaiters.push(resolve);
        if (!running) schedule(0);
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      clearTimeout(timer);
      await running;
      const deadline = Date.now() + DRAIN_ON_CLOSE_MS;
      try {
        while (Date.now() < deadline && (await round()) > 0) {
          // Sends what is due before the server stops.
        }
      } catch (error) {
        log.error({ err: error }, 'message delivery failed while closing');
      }
      liveClaimants.delete(me);
      for (const resolve of settledWaiters) resolve();
      settledWaiters = [];
    },
  };
}
