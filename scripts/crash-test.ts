// `npm run test:crash` (README "Guarantees"): the production server is killed with SIGKILL in the
// middle of a stream of bookings and restarted on the same data folder; every booking it had
// answered 201 must still be there, none twice, and the database file must be sound. Then a
// SIGTERM with requests in flight: each gets its whole answer, the process exits 0, and the
// bookings it made are there after the next start. Every booking answered 201 gets its
// confirmation e-mail, delivered to a real SMTP server from the durable outbox, exactly
// once (one Message-ID), the kill notwithstanding. Exits 1 with the reason on any failure.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { DEMO_CUSTOMER } from '@/server/setup/seed';
import { SLOT_TAKEN_MESSAGE } from '@/server/bookings/commands';
import type { Booking, CustomerBooking } from '@/shared/schemas/bookings';
import { startSmtpServer, type TestSmtpServer } from '@/server/test/smtp';
import { holdRequest } from './crash/held-request';
import { HttpSession } from './crash/http-session';
import { startServerProcess, type ServerProcess } from './crash/server-process';
import { bookingForm, planFreeSlots, slotKey, type PlannedSlot } from './crash/slot-plan';
import { freePort } from '@/server/free-port';

/** Bookings sent at once while streaming, as a few browsers would. */
const IN_FLIGHT = 6;
/** The kill comes after this many 201s plus a random number up to KILL_SPREAD. */
const KILL_AFTER_AT_LEAST = 200;
const KILL_SPREAD = 200;
/** Requests in flight at the SIGTERM: distinct slots, and a few asking again for one of them. */
const GRACEFUL_DISTINCT = 25;
const GRACEFUL_REPEATS = 5;

class CrashTestFailure extends Error {
  override name = 'CrashTestFailure';
}

function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new CrashTestFailure(message);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const servers = new Set<ServerProcess>();
let dataDir = '';
let port = 0;
let smtp: TestSmtpServer | undefined;
const SERVER_ENV = { NODE_ENV: 'production', SEED_DEMO: '1', SALON_TIMEZONE: 'UTC' };
/** How long the confirmations may take to arrive after a restart. */
const MAIL_WAIT_MS = 60_000;

async function start(): Promise<ServerProcess> {
  const server = await startServerProcess({ dataDir, port, env: { ...SERVER_ENV, SMTP_URL: smtp?.url ?? '' } });
  servers.add(server);
  void server.exited.then(() => servers.delete(server));
  return server;
}

/** The file as a fresh process finds it: the integrity check, and no two live bookings of one specialist overlapping. */
function inspectDatabase(): { integrity: string; overlaps: number } {
  const sqlite = new Database(join(dataDir, 'salon.db'));
  try {
    const integrity = (sqlite.pragma('integrity_check') as { integrity_check: string }[])
      .map((row) => row.integrity_check)
      .join('; ');
    const { overlaps } = sqlite
      .prepare(
        `SELECT count(*) AS overlaps FROM bookings a JOIN bookings b
           ON a.specialist_id = b.specialist_id AND a.id < b.id
          AND a.starts_at < b.ends_at AND b.starts_at < a.ends_at
        WHERE a.status <> 'cancelled' AND b.status <> 'cancelled'`,
      )
      .get() as { overlaps: number };
    return { integrity, overlaps };
  } finally {
    sqlite.close();
  }
}

/** The confirmations the SMTP server received, by booking id (the calendar invitation's UID): Message-IDs and copies. */
function confirmationsByBooking(): Map<string, { messageIds: Set<string>; copies: number }> {
  const found = new Map<string, { messageIds: Set<string>; copies: number }>();
  for (const mail of smtp?.messages ?? []) {
    if (!mail.subject?.startsWith('Booking received')) continue;
    const invite =
      mail.attachments.find((attachment) => attachment.filename === 'booking.ics')?.content.toString('utf8') ?? '';
    const id = /UID:([0-9a-f]{24})@salon/.exec(invite)?.[1];
    if (!id) continue;
    const entry = found.get(id) ?? { messageIds: new Set<string>(), copies: 0 };
    entry.messageIds.add(mail.messageId ?? '');
    entry.copies += 1;
    found.set(id, entry);
  }
  return found;
}

/**
 * Waits until every booking in `ids` has its confirmation, then checks each came with one
 * Message-ID; answers how many came twice (a send the kill cut off before it was marked sent).
 */
async function confirmationsArrive(ids: string[], what: string): Promise<{ waitedMs: number; resent: number }> {
  const started = Date.now();
  let missing = ids;
  while (Date.now() - started < MAIL_WAIT_MS) {
    const received = confirmationsByBooking();
    missing = ids.filter((id) => !received.has(id));
    if (missing.length === 0) break;
    await sleep(200);
  }
  check(
    missing.length === 0,
    `${missing.length} of the ${ids.length} ${what} have no confirmation e-mail ${MAIL_WAIT_MS / 1000} s after the restart`,
  );
  const waitedMs = Date.now() - started;
  // Anything still in flight has had its chance to arrive twice.
  await sleep(1000);
  const received = confirmationsByBooking();
  const twoIds = ids.filter((id) => (received.get(id)?.messageIds.size ?? 0) !== 1);
  check(
    twoIds.length === 0,
    `${twoIds.length} ${what} got confirmations with different Message-IDs (two messages, not one resent)`,
  );
  const resent = ids.filter((id) => (received.get(id)?.copies ?? 0) > 1);
  check(
    resent.length <= 32,
    `${resent.length} ${what} got their confirmation twice; at most the 32 in flight at the kill (one delivery batch) may`,
  );
  return { waitedMs, resent: resent.length };
}

async function customerBookings(session: HttpSession): Promise<CustomerBooking[]> {
  const answer = await session.rest<CustomerBooking[]>('GET', '/users/appointment');
  check(answer.status === 200, `the customer's bookings answered ${answer.status}: ${answer.body.message}`);
  return answer.body.data;
}

interface StreamResult {
  sent: number;
  created: Map<string, PlannedSlot>;
  /** Requests that had no answer when the server died. */
  lost: PlannedSlot[];
  killAfter: number;
}

/** Books the planned slots, IN_FLIGHT at a time, and SIGKILLs the server after some hundreds of 201s. */
async function streamUntilKilled(
  server: ServerProcess,
  session: HttpSession,
  plan: PlannedSlot[],
): Promise<StreamResult> {
  const killAfter = KILL_AFTER_AT_LEAST + Math.floor(Math.random() * KILL_SPREAD);
  const created = new Map<string, PlannedSlot>();
  const lost: PlannedSlot[] = [];
  let next = 0;
  let killed = false;
  const killSoon = () => {
    if (killed) return;
    killed = true;
    // A random moment, so the kill may fall anywhere in a request's life (parsing, commit, answer).
    setTimeout(() => {
      server.kill('SIGKILL');
    }, Math.random() * 15);
  };
  // Each worker keeps sending until its request meets the dead server, so at most IN_FLIGHT go unanswered.
  const worker = async () => {
    while (next < plan.length) {
      const slot = plan[next++];
      if (!slot) return;
      let status: number;
      let body: { data: Booking; message: string };
      try {
        ({ status, body } = await session.rest<Booking>('POST', '/users/appointment', bookingForm(slot)));
      } catch (error) {
        check(killed, `a booking failed before the kill: ${error instanceof Error ? error.message : String(error)}`);
        lost.push(slot);
        return;
      }
      check(status === 201, `booking ${slotKey(slot)} answered ${status}: ${body.message}`);
      check(
        body.data.bookingDate === slot.bookingDate && body.data.timeSlot === slot.timeSlot,
        `booking ${slotKey(slot)} answered another slot`,
      );
      created.set(body.data._id, slot);
      if (created.size >= killAfter) killSoon();
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  check(killed, `the plan of ${plan.length} slots ran out before ${killAfter} bookings`);
  const exit = await server.exited;
  check(
    exit.signal === 'SIGKILL',
    `the server ended with ${exit.signal ?? `code ${String(exit.code)}`}, not by the SIGKILL`,
  );
  return { sent: next, created, lost, killAfter };
}

async function crashPhase(): Promise<{ session: HttpSession; nextSlots: PlannedSlot[] }> {
  let server = await start();
  const session = await new HttpSession(server.url).loginCustomer(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  const before = new Set((await customerBookings(session)).map((booking) => booking._id));
  const plan = await planFreeSlots(session, KILL_AFTER_AT_LEAST + KILL_SPREAD + 100 + GRACEFUL_DISTINCT);
  const streamed = await streamUntilKilled(server, session, plan);

  // Before anything else opens it, as a crashed file: SQLite recovers the WAL on this open.
  const afterCrash = inspectDatabase();
  check(afterCrash.integrity === 'ok', `PRAGMA integrity_check after the kill: ${afterCrash.integrity}`);
  check(afterCrash.overlaps === 0, `${afterCrash.overlaps} pairs of live bookings overlap after the kill`);

  server = await start();
  // The session cookie is in the database too: the same login works after the restart.
  const after = await customerBookings(session);
  const byId = new Map(after.map((booking) => [booking._id, booking]));
  for (const [id, slot] of streamed.created) {
    const found = byId.get(id);
    check(found !== undefined, `booking ${id} (${slotKey(slot)}) was answered 201 but is missing after the restart`);
    check(
      found.bookingDate === slot.bookingDate &&
        found.timeSlot === slot.timeSlot &&
        found.specialist.name === slot.specialist &&
        found.status === 'pending',
      `booking ${id} came back as ${found.specialist.name} ${found.bookingDate} ${found.timeSlot} ${found.status}, answered as ${slotKey(slot)} pending`,
    );
  }
  const fresh = after.filter((booking) => !before.has(booking._id));
  const lostKeys = new Set(streamed.lost.map(slotKey));
  const committedWithoutAnswer = fresh.filter((booking) => !streamed.created.has(booking._id));
  for (const booking of committedWithoutAnswer) {
    const key = slotKey({
      specialist: booking.specialist.name,
      bookingDate: booking.bookingDate,
      timeSlot: booking.timeSlot,
    });
    check(lostKeys.has(key), `booking ${booking._id} (${key}) is there although no request for it was left unanswered`);
  }
  const perSlot = new Map<string, number>();
  for (const booking of fresh) {
    const key = slotKey({
      specialist: booking.specialist.name,
      bookingDate: booking.bookingDate,
      timeSlot: booking.timeSlot,
    });
    perSlot.set(key, (perSlot.get(key) ?? 0) + 1);
  }
  const duplicated = [...perSlot].filter(([, count]) => count > 1);
  check(duplicated.length === 0, `slots booked twice after the restart: ${duplicated.map(([key]) => key).join(', ')}`);
  check(
    fresh.length >= streamed.created.size && fresh.length <= streamed.created.size + streamed.lost.length,
    `${fresh.length} new bookings after the restart; expected between ${streamed.created.size} and ${streamed.created.size + streamed.lost.length}`,
  );
  const mails = await confirmationsArrive([...streamed.created.keys()], 'bookings answered 201 before the kill');
  console.log(
    `[guarantee] crash, e-mail: ${streamed.created.size}/${streamed.created.size} bookings answered 201 have their confirmation at the SMTP server ` +
      `(all within ${(mails.waitedMs / 1000).toFixed(1)} s of the restart), each one message (one Message-ID); ${mails.resent} delivered twice ` +
      `(sent when the kill came, before being marked sent), 0 lost`,
  );
  console.log(
    `[guarantee] crash: ${streamed.sent} booking requests sent (${IN_FLIGHT} in flight), SIGKILL after ${streamed.created.size} answered 201 ` +
      `(target ${streamed.killAfter}), ${streamed.lost.length} left without an answer; after restart ${streamed.created.size}/${streamed.created.size} ` +
      `answered bookings verified (same id and slot), ${fresh.length} new bookings = ${streamed.created.size} answered + ` +
      `${committedWithoutAnswer.length} of the ${streamed.lost.length} unanswered (committed just before the kill), 0 duplicates, ` +
      `0 overlapping, PRAGMA integrity_check ok`,
  );

  await stopGracefully(server);
  // The slots after those streamed were never asked for: still free.
  return { session, nextSlots: plan.slice(streamed.sent) };
}

async function stopGracefully(server: ServerProcess): Promise<void> {
  server.kill('SIGTERM');
  const exit = await Promise.race([server.exited, sleep(15_000).then(() => null)]);
  check(exit !== null, 'the server did not exit within 15 s of SIGTERM');
  check(
    exit.code === 0,
    `the server exited with ${exit.signal ?? `code ${String(exit.code)}`} after SIGTERM, not 0:\n${server.log()}`,
  );
}

async function gracefulPhase(session: HttpSession, slots: PlannedSlot[]): Promise<void> {
  const server = await start();
  const distinct = slots.slice(0, GRACEFUL_DISTINCT);
  check(distinct.length === GRACEFUL_DISTINCT, 'not enough free slots left for the SIGTERM phase');
  const requests = [...distinct, ...distinct.slice(0, GRACEFUL_REPEATS)];
  const headers = { origin: session.origin, cookie: session.cookieHeader() };
  const held = requests.map((slot) =>
    holdRequest(`${server.url}/api/v1/users/appointment`, bookingForm(slot), headers),
  );
  // Time for the server to accept every connection and read every request's headers.
  await sleep(500);
  server.kill('SIGTERM');
  await sleep(300);
  // The server is closing (it takes no new connection), yet the requests it holds are not answered.
  const refusedNew = await fetch(`${server.url}/healthz`).then(
    () => false,
    () => true,
  );
  check(refusedNew, 'the server still took new connections 300 ms after SIGTERM');
  for (const request of held) request.finish();

  const settled = await Promise.allSettled(held.map((request) => request.answer));
  const failures = settled.flatMap((outcome) => (outcome.status === 'rejected' ? [String(outcome.reason)] : []));
  check(
    failures.length === 0,
    `${failures.length} in-flight requests got no complete answer: ${failures.slice(0, 3).join('; ')}`,
  );
  const answers = settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const parsed = answers.map((answer) => ({
    status: answer.status,
    body: JSON.parse(answer.body) as { data: Booking | null; message: string },
  }));
  const created = parsed.filter((answer) => answer.status === 201);
  const refused = parsed.filter((answer) => answer.status === 409);
  check(
    created.length === GRACEFUL_DISTINCT && refused.length === GRACEFUL_REPEATS,
    `answers in flight at SIGTERM: ${parsed.map((answer) => `${answer.status} ${answer.body.message}`).join(', ')}`,
  );
  check(
    refused.every((answer) => answer.body.message === SLOT_TAKEN_MESSAGE),
    'a repeated request was refused with another message',
  );
  const exit = await Promise.race([server.exited, sleep(15_000).then(() => null)]);
  check(exit !== null, 'the server did not exit within 15 s of SIGTERM');
  check(
    exit.code === 0,
    `the server exited with ${exit.signal ?? `code ${String(exit.code)}`} after SIGTERM, not 0:\n${server.log()}`,
  );

  const restarted = await start();
  const present = new Set((await customerBookings(session)).map((booking) => booking._id));
  await confirmationsArrive(
    created.flatMap((answer) => (answer.body.data ? [answer.body.data._id] : [])),
    'bookings answered 201 during the shutdown',
  );
  const missing = created.filter((answer) => answer.body.data && !present.has(answer.body.data._id));
  check(
    missing.length === 0,
    `${missing.length} bookings answered 201 during the shutdown are missing after the restart`,
  );
  const inspected = inspectDatabase();
  check(
    inspected.integrity === 'ok' && inspected.overlaps === 0,
    `after the graceful stop: integrity ${inspected.integrity}, ${inspected.overlaps} overlaps`,
  );
  await stopGracefully(restarted);
  console.log(
    `[guarantee] graceful stop: ${requests.length} booking requests in flight at SIGTERM (bodies half sent; new connections already refused): ` +
      `${answers.length} complete answers (${created.length}x 201, ${refused.length}x 409 for repeated slots), 0 connection errors, exit code 0; ` +
      `${created.length}/${created.length} bookings present after restart, PRAGMA integrity_check ok`,
  );
}

async function main(): Promise<void> {
  const startedAt = Date.now();
  dataDir = mkdtempSync(join(tmpdir(), 'salon-crash-'));
  port = await freePort();
  smtp = await startSmtpServer();
  const { session, nextSlots } = await crashPhase();
  await gracefulPhase(session, nextSlots);
  console.log(`crash test passed in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
}

async function cleanUp(): Promise<void> {
  await Promise.all([...servers].map((server) => server.stop()));
  await smtp?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

process.on('SIGINT', () => {
  void cleanUp().finally(() => process.exit(130));
});

main().then(
  async () => {
    await cleanUp();
    process.exit(0);
  },
  async (error: unknown) => {
    const logs = [...servers].map((server) => server.log()).join('\n');
    console.error(`crash test FAILED: ${error instanceof Error ? error.message : String(error)}`);
    if (!(error instanceof CrashTestFailure) && error instanceof Error && error.stack) console.error(error.stack);
    if (logs.trim()) console.error(`server output:\n${logs}`);
    await cleanUp();
    process.exit(1);
  },
);
