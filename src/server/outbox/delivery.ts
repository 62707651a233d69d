// The delivery loop (README "Messages: mail, reminders and webhooks"): sends the outbox's due
// messages (mails through the mailer, webhooks by signed POST), retries failures with growing
// waits, and marks each row sent or failed.
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
import { and, eq, exists, inArray, isNotNull, lt, lte, min, or, sql, type SQL } from 'drizzle-orm';
import { unionAll, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { MessageKind } from '@/shared/schemas/messages';
import { pruneActivity } from '@/server/team/activity';
import { emptyWriteAheadLog, type Db, type DbOrTx } from '@/server/db/client';
import { bookings, messages, users, webhookEndpoints } from '@/server/db/schema';
import { connectionOf, preparedOnce } from '@/server/db/statements';
import {
  DEFAULT_RETRY_POLICY,
  MESSAGE_LOG_DAYS,
  retryWaitMs,
  staleReason,
  type RetryPolicy,
} from '@/server/domain/messages';
import type { Config } from '@/server/env';
import { forgetOutboxMailsTo, type Mailer } from '@/server/mail/mailer';
import { forgottenRecipient, type Outbox } from './enqueue';
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
  /** Its recipient deleted their account: the row keeps nothing of theirs once settled. */
  forgetRecipient: boolean;
}

type Outcome =
  | { id: string; ok: true; code: number | null }
  | { id: string; ok: false; attempts: number; error: string; code: number | null; permanent: boolean };

const DRAIN_ON_CLOSE_MS = 5_000;
const PRUNE_EVERY_MS = 60 * 60_000;
const MARK_ATTEMPTS = 8;

const closedDatabase = (error: unknown) =>
  error instanceof Error && /database connection is not open/i.test(error.message);

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

const p = (name: string) => sql.placeholder(name);
/** A placeholder in `set()`, which Drizzle types for values and SQL only: bound as given (instants in ms). */
const bound = (name: string) => sql`${p(name)}`;

/** The status conditions are written literally (not bound), so SQLite reads the partial indexes on them. */
const isPending = sql`${messages.status} = 'pending'`;
const isSending = sql`${messages.status} = 'sending'`;

/**
 * `column` is one of a JSON array of values bound as one parameter: the statement stays prepared
 * whatever the number of values (Drizzle's `inArray` binds one parameter per value).
 */
const inJsonArray = (column: SQLiteColumn, name: string) => sql`${column} IN (SELECT value FROM json_each(${p(name)}))`;

const byIdAndClaimant = and(eq(messages.id, p('id')), eq(messages.claimedBy, p('me')));

/** The loop's statements, prepared once per connection (db/statements.ts). */
const statementsOf = preparedOnce((db) => {
  // What is due, oldest first: each branch reads its own partial index (pending by due time,
  // sending by lease). SQLite allows no LIMIT on a member of a UNION: each is a subquery.
  const pendingDue = db
    .select({ id: messages.id, dueAt: messages.dueAt })
    .from(messages)
    .where(and(isPending, lte(messages.dueAt, p('now'))))
    .orderBy(messages.dueAt)
    .limit(p('limit'))
    .as('pending_due');
  const claimsRunOut = db
    .select({ id: messages.id, dueAt: messages.dueAt })
    .from(messages)
    .where(and(isSending, or(lte(messages.claimedUntil, p('now')), inJsonArray(messages.claimedBy, 'gone'))))
    .limit(p('limit'))
    .as('claims_run_out');
  const claimable = unionAll(db.select().from(pendingDue), db.select().from(claimsRunOut)).as('claimable');
  const firstDue = db.select({ id: claimable.id }).from(claimable).orderBy(claimable.dueAt).limit(p('limit'));
  // A failed row about a booking of a deleted account.
  const ofDeletedAccount = db
    .select({ one: sql`1` })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(and(eq(bookings.id, messages.bookingId), isNotNull(users.deletedAt)));
  const nextOf = (column: typeof messages.dueAt | typeof messages.claimedUntil, status: SQL) =>
    db
      .select({ at: min(column) })
      .from(messages)
      .where(status)
      .prepare();

  return {
    claimants: db
      .selectDistinct({ claimedBy: messages.claimedBy })
      .from(messages)
      .where(and(isSending, isNotNull(messages.claimedBy)))
      .prepare(),
    claim: db
      .update(messages)
      .set({
        status: 'sending',
        claimedBy: bound('me'),
        claimedUntil: bound('until'),
        attempts: sql`${messages.attempts} + 1`,
      })
      .where(inArray(messages.id, firstDue))
      .returning({
        id: messages.id,
        kind: sql<MessageKind>`${messages.kind}`,
        channel: messages.channel,
        recipient: messages.recipient,
        payload: messages.payload,
        attempts: messages.attempts,
        bookingId: messages.bookingId,
        endpointId: messages.endpointId,
        forgetRecipient: messages.forgetRecipient,
      })
      .prepare(),
    booking: db
      .select({
        status: bookings.status,
        startsAt: bookings.startsAt,
        reminderMailsOff: isNotNull(users.unsubscribedAt).mapWith(Boolean),
      })
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.userId))
      .where(eq(bookings.id, p('id')))
      .prepare(),
    secret: db
      .select({ secret: webhookEndpoints.secret })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, p('id')))
      .prepare(),
    // A row whose recipient deleted their account (forget_recipient) keeps no address of theirs
    // once settled: sent, failed or cancelled, its recipient is emptied (and a failed one's
    // content and the address in its error, since nobody will send it again). A failed row about
    // a booking of a deleted account (the salon's notice, a webhook) keeps no content either: it
    // holds the customer's name and contact details, and a failed row is never pruned.
    cancel: db
      .update(messages)
      .set({
        status: 'cancelled',
        payload: null,
        lastError: bound('reason'),
        claimedBy: null,
        claimedUntil: null,
        recipient: forgottenRecipient,
      })
      .where(eq(messages.id, p('id')))
      .prepare(),
    // claimed_by stays on a sent row: who sent it.
    sent: db
      .update(messages)
      .set({
        status: 'sent',
        payload: null,
        sentAt: bound('now'),
        lastError: null,
        claimedUntil: null,
        recipient: forgottenRecipient,
      })
      .where(and(inJsonArray(messages.id, 'ids'), eq(messages.claimedBy, p('me'))))
      .prepare(),
    sentWithCode: db
      .update(messages)
      .set({ lastCode: bound('code') })
      .where(byIdAndClaimant)
      .prepare(),
    retry: db
      .update(messages)
      .set({
        status: 'pending',
        dueAt: bound('due'),
        lastError: bound('error'),
        lastCode: bound('code'),
        claimedBy: null,
        claimedUntil: null,
      })
      .where(byIdAndClaimant)
      .prepare(),
    failed: db
      .update(messages)
      .set({
        status: 'failed',
        lastCode: bound('code'),
        claimedBy: null,
        claimedUntil: null,
        lastError: sql`CASE WHEN ${messages.forgetRecipient} THEN replace(${p('error')}, ${messages.recipient}, '') ELSE ${p('error')} END`,
        payload: sql`CASE WHEN ${messages.forgetRecipient} OR ${exists(ofDeletedAccount)} THEN NULL ELSE ${messages.payload} END`,
        recipient: forgottenRecipient,
      })
      .where(byIdAndClaimant)
      .prepare(),
    nextPending: nextOf(messages.dueAt, isPending),
    nextLease: nextOf(messages.claimedUntil, isSending),
    forgotten: db
      .select({ id: messages.id })
      .from(messages)
      .where(and(inJsonArray(messages.id, 'ids'), eq(messages.forgetRecipient, true)))
      .prepare(),
    prune: db
      .delete(messages)
      .where(and(inArray(messages.status, ['sent', 'cancelled']), lt(messages.createdAt, p('cutoff'))))
      .prepare(),
  };
});

function claim(tx: DbOrTx, me: string, now: number, leaseMs: number, limit: number): Claimed[] {
  const statements = statementsOf(tx);
  const claimants = statements.claimants.all().flatMap((row) => row.claimedBy ?? []);
  const gone = JSON.stringify(claimants.filter(claimantIsGone));
  return statements.claim.all({ me, until: now + leaseMs, now, gone, limit });
}

/** Rows whose reason to go out has passed (a reminder of a booking that began): cancelled, not sent. */
function dropStale(tx: DbOrTx, claimed: Claimed[], now: number): Claimed[] {
  const statements = statementsOf(tx);
  return claimed.filter((row) => {
    let reason: string | null = null;
    if (row.payload === null) reason = 'Its content is gone.';
    else if (row.bookingId && (row.kind === 'reminder' || row.kind === 'review-request')) {
      reason = staleReason(row.kind, statements.booking.get({ id: row.bookingId }), new Date(now));
    }
    if (reason === null) return true;
    statements.cancel.run({ reason, id: row.id });
    return false;
  });
}

function secretOf(tx: DbOrTx, endpointId: string | null): string | undefined {
  if (!endpointId) return undefined;
  return statementsOf(tx).secret.get({ id: endpointId })?.secret;
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

// Raw better-sqlite3 statements: Drizzle prepares no PRAGMA (its `db.run(sql...)` would build and
// prepare it again on every call).
const pragmasOf = preparedOnce((db) => {
  const connection = connectionOf(db);
  return {
    normal: connection.prepare('PRAGMA synchronous = NORMAL'),
    full: connection.prepare('PRAGMA synchronous = FULL'),
  };
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
  const statements = statementsOf(db);
  const times = [statements.nextPending.get()?.at, statements.nextLease.get()?.at].flatMap((time) =>
    time ? [time.getTime()] : [],
  );
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
        await mailer.send({ ...message, messageId: `<${row.id}@${mailHost}>`, keepNoCopy: row.forgetRecipient });
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
      log.warn(
        { id: row.id, kind: row.kind, to: row.recipient, attempts: row.attempts, err: message },
        permanent ? 'message failed' : 'message not sent yet; will retry',
      );
      return {
        id: row.id,
        ok: false,
        attempts: row.attempts,
        error: message.slice(0, 500),
        code: typeof statusCode === 'number' ? statusCode : null,
        permanent,
      };
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
    const copied = rows.filter((row) => row.channel === 'mail' && !row.forgetRecipient);
    if (copied.length === 0) return;
    const forgotten = new Set(
      statementsOf(db)
        .forgotten.all({ ids: JSON.stringify(copied.map((row) => row.id)) })
        .map((row) => row.id),
    );
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
        forgets: claimed.some((row) => row.forgetRecipient),
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
      bookkeeping(db, (tx) => {
        statementsOf(tx).prune.run({ cutoff });
        // The activity log's two years end here too, on the same few-times-a-day beat.
        pruneActivity(tx, now);
      });
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
