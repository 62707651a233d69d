// `npm run test:dr` (README "Guarantees", docs/operations.md "Backups and restore"): the disaster
// drill. For a folder replica and for an S3-compatible store on 127.0.0.1: bookings stream through
// the production server with REPLICA_URL set (and a picture is uploaded meanwhile); the server and
// its replicator are killed with SIGKILL; the data folder is deleted; `npm run restore` brings it
// back. Every booking answered 201 more than 2 s before the kill must be there exactly once, the
// file must pass integrity_check, a server started on the restored folder must serve them, and
// every picture must be back byte for byte. Then a restore as of a moment in the middle must hold
// exactly the bookings answered before it, within the sync interval. The restored server, streaming
// again, is stopped with Ctrl-C while bookings are in flight: they must all reach the replica (the
// signal is the server's, and Litestream copies last). Exits 1 with the reason.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { DEMO_ADMIN, DEMO_CUSTOMER } from '@/server/setup/seed';
import type { Booking, CustomerBooking } from '@/shared/schemas/bookings';
import { HttpSession } from './crash/http-session';
import { startServerProcess, type ServerProcess } from './crash/server-process';
import { bookingForm, planFreeSlots, type PlannedSlot } from './crash/slot-plan';
import { holdRequest } from './crash/held-request';
import { startS3Server, type S3Store } from '@/server/test/s3-server';
import { alive } from '@/server/test/alive';
import { childRunning, childrenOf } from '@/server/replication/processes';

const PROJECT_DIR = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);

/** Bookings sent at once, as a few browsers would. */
const IN_FLIGHT = 3;
/** Each browser's pause between two bookings. */
const PAUSE_MS = 10;
/** How long bookings stream before the server alone is killed, then after its restart before both are. */
const FIRST_PART_MS = 3000;
const SECOND_PART_MS = 4000;
/** Litestream must be gone this soon after the server it ran beside was killed (its last copy done). */
const ORPHAN_WAIT_MS = 15_000;
/** A booking answered this long before the kill must survive it (the issue's promise). */
const SURVIVES_AFTER_MS = 2000;
/**
 * A restore as of a moment holds what was answered this long before it: Litestream looks for new
 * writes every 250 ms and copies them every second; on a busy machine a little more.
 */
const BEFORE_TOLERANCE_MS = 2500;
/** ...and nothing sent this long after it: a copy's time is rounded down to the second on S3. */
const AFTER_TOLERANCE_MS = 1000;
/** Booking requests in flight when the restored server is stopped with Ctrl-C. */
const HELD_AT_STOP = 10;
const SERVER_ENV = {
  NODE_ENV: 'production',
  SEED_DEMO: '1',
  SALON_TIMEZONE: 'UTC',
  LOG_LEVEL: process.env.DRILL_LOG_LEVEL ?? 'warn',
};

class DrillFailure extends Error {
  override name = 'DrillFailure';
}

function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new DrillFailure(message);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Sent {
  id: string;
  sentAt: number;
  answeredAt: number;
}

interface Replica {
  name: string;
  url: string;
  env: Record<string, string>;
}

/** Waits until /healthz says the replica holds everything written. */
async function caughtUp(server: ServerProcess, dataDir: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  let last = '';
  while (Date.now() < deadline) {
    const health = (await (await fetch(`${server.url}/healthz`)).json()) as {
      replication: { state: string; behindSeconds: number | null };
    };
    last = JSON.stringify(health.replication);
    if (health.replication.state === 'running' && health.replication.behindSeconds === 0) return;
    await sleep(200);
  }
  // What Litestream says of the positions, to tell why.
  const port = /127\.0\.0\.1:(\d+)/.exec(readFileSync(join(dataDir, 'replication', 'litestream.yml'), 'utf8'))?.[1];
  const metrics = await fetch(`http://127.0.0.1:${port ?? '0'}/metrics`)
    .then((answer) => answer.text())
    .catch((error: unknown) => String(error));
  const positions = metrics
    .split('\n')
    .filter((line) => /^litestream_(shadow_wal|replica_wal_(index|offset))/.test(line));
  throw new DrillFailure(`the replica did not catch up within 30 s: ${last}\n${positions.join('\n')}\n${server.log()}`);
}

/** The Litestream process under the server (a shell between them), from /proc. */
function replicatorPid(serverPid: number): number {
  for (const shell of childrenOf(serverPid)) {
    const pid = childRunning(shell, (program) => program.endsWith('/litestream'));
    if (pid !== undefined) return pid;
  }
  throw new DrillFailure('no Litestream process runs under the server');
}

/** Uploads a service with a picture through the REST API; answers the picture's file name. */
async function uploadPicture(server: ServerProcess): Promise<string> {
  const admin = new HttpSession(server.url);
  const login = await admin.rest('POST', '/admin/login', { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password });
  check(login.status === 200, `the admin login answered ${String(login.status)}`);
  const form = new FormData();
  form.set('name', 'Drill Colour');
  form.set('category', 'Hair styling');
  form.set('price', '55');
  form.set('duration', '60');
  form.set('description', 'A service made by the disaster drill, with its own picture.');
  const photo = readFileSync(join(PROJECT_DIR, 'src/server/setup/seed-images/avatar-emma.jpg'));
  form.set('image', new Blob([photo], { type: 'image/jpeg' }), 'drill.jpg');
  const answer = await fetch(`${server.url}/api/v1/admin/services`, {
    method: 'POST',
    headers: { origin: server.url, cookie: admin.cookieHeader() },
    body: form,
  });
  const body = (await answer.json()) as { data?: { image?: { url?: string } }; message?: string };
  check(answer.status === 201, `the picture upload answered ${String(answer.status)}: ${body.message ?? ''}`);
  const url = body.data?.image?.url ?? '';
  return url.slice(url.lastIndexOf('/') + 1);
}

/** Books the planned slots IN_FLIGHT at a time until `stop` says so; every 201 with its times. */
async function streamBookings(session: HttpSession, plan: PlannedSlot[], stopped: () => boolean): Promise<Sent[]> {
  const sent: Sent[] = [];
  let next = 0;
  const worker = async () => {
    while (!stopped() && next < plan.length) {
      const slot = plan[next++];
      if (!slot) return;
      const sentAt = Date.now();
      let answer;
      try {
        answer = await session.rest<Booking>('POST', '/users/appointment', bookingForm(slot));
      } catch {
        return; // The server was killed under this request.
      }
      check(answer.status === 201, `a booking answered ${String(answer.status)}: ${answer.body.message}`);
      sent.push({ id: answer.body.data._id, sentAt, answeredAt: Date.now() });
      // A steady stream, not a flood: the plan lasts the whole drill on a fast machine too.
      await sleep(PAUSE_MS);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return sent;
}

function hashes(folder: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const name of readdirSync(folder)) {
    if (name.startsWith('.')) continue;
    found.set(
      name,
      createHash('sha256')
        .update(readFileSync(join(folder, name)))
        .digest('hex'),
    );
  }
  return found;
}

async function restore(replica: Replica, to: string, at?: string): Promise<string> {
  const args = ['--import', 'tsx', 'scripts/restore.ts', '--from', replica.url, '--to', to];
  if (at !== undefined) args.push('--at', at);
  try {
    const { stdout } = await run(process.execPath, args, { cwd: PROJECT_DIR, env: { ...process.env, ...replica.env } });
    return stdout.trim().split('\n').at(-2) ?? '';
  } catch (error) {
    const output = error as { stdout?: string; stderr?: string };
    throw new DrillFailure(`npm run restore failed: ${output.stderr ?? ''}${output.stdout ?? ''}`);
  }
}

/** The restored file's bookings by id (how many rows each), its integrity check, and overlaps of live bookings. */
function inspect(dataDir: string) {
  const sqlite = new Database(join(dataDir, 'salon.db'), { readonly: true });
  try {
    const integrity = sqlite.pragma('integrity_check', { simple: true });
    const rows = sqlite.prepare<[], { id: string }>('SELECT id FROM bookings').all();
    const ids = new Map<string, number>();
    for (const { id } of rows) ids.set(id, (ids.get(id) ?? 0) + 1);
    const { overlaps } = sqlite
      .prepare<[], { overlaps: number }>(
        `SELECT count(*) AS overlaps FROM bookings a JOIN bookings b
           ON a.specialist_id = b.specialist_id AND a.id < b.id
          AND a.starts_at < b.ends_at AND b.starts_at < a.ends_at
        WHERE a.status <> 'cancelled' AND b.status <> 'cancelled'`,
      )
      .get() ?? { overlaps: -1 };
    return { integrity, ids, overlaps };
  } finally {
    sqlite.close();
  }
}

async function drill(replica: Replica, work: string): Promise<string[]> {
  const started = Date.now();
  const dataDir = join(work, 'data');
  const replicated = { ...SERVER_ENV, REPLICA_URL: replica.url, ...replica.env };
  let server: ServerProcess | undefined = await startServerProcess({ dataDir, env: replicated });
  try {
    await caughtUp(server, dataDir);
    const customer = await new HttpSession(server.url).loginCustomer(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const plan = await planFreeSlots(customer, 1700, 1, 150);

    // First part: bookings stream, a picture is uploaded, then the server alone is killed. Its
    // Litestream must follow it out (copying what is left), never outlive it.
    let stop = false;
    const firstPart = streamBookings(customer, plan, () => stop);
    await sleep(1000);
    const picture = await uploadPicture(server);
    await sleep(FIRST_PART_MS - 1000);
    const orphan = replicatorPid(server.pid);
    server.kill('SIGKILL');
    stop = true;
    const sentFirst = await firstPart;
    await server.exited;
    server = undefined;
    const orphanGone = Date.now() + ORPHAN_WAIT_MS;
    while (alive(orphan) && Date.now() < orphanGone) await sleep(100);
    check(!alive(orphan), `Litestream outlived the killed server by ${String(ORPHAN_WAIT_MS / 1000)} s`);
    // While no server runs: a restore as of now holds the first part, whatever Litestream began after.
    await sleep(1000);
    const betweenRuns = new Date();
    await sleep(1000);

    // Second part, on the same folder after the crash: the middle moment is noted halfway, then
    // the server and its replicator are both killed (the box loses power).
    // On the same address: the customer's session (in the database) carries on.
    server = await startServerProcess({ dataDir, env: replicated, port: Number(new URL(customer.origin).port) });
    await caughtUp(server, dataDir);
    stop = false;
    // The slots taken by requests the kill left unanswered are skipped.
    const secondPart = streamBookings(customer, plan.slice(sentFirst.length + IN_FLIGHT), () => stop);
    await sleep(SECOND_PART_MS / 2);
    const middle = new Date();
    await sleep(SECOND_PART_MS / 2);
    const litestream = replicatorPid(server.pid);
    const killedAt = Date.now();
    process.kill(litestream, 'SIGKILL');
    server.kill('SIGKILL');
    stop = true;
    const sentSecond = await secondPart;
    await server.exited;
    server = undefined;
    const sent = [...sentFirst, ...sentSecond];
    const originals = hashes(join(dataDir, 'uploads'));
    check(originals.has(picture), `the uploaded picture ${picture} is not in uploads/`);

    // The disk is lost.
    rmSync(dataDir, { recursive: true, force: true });
    const restoredLine = await restore(replica, dataDir);

    const latest = inspect(dataDir);
    check(latest.integrity === 'ok', `the restored database fails integrity_check: ${String(latest.integrity)}`);
    check(latest.overlaps === 0, `the restored database holds ${String(latest.overlaps)} overlapping bookings`);
    const mustSurvive = sent.filter((booking) => booking.answeredAt < killedAt - SURVIVES_AFTER_MS);
    check(mustSurvive.length > 50, `only ${String(mustSurvive.length)} bookings were answered before the kill`);
    const lost = mustSurvive.filter((booking) => latest.ids.get(booking.id) !== 1);
    check(
      lost.length === 0,
      `${String(lost.length)} of ${String(mustSurvive.length)} bookings answered 2 s before the kill are missing or doubled`,
    );
    const restoredPictures = hashes(join(dataDir, 'uploads'));
    const missingPictures = [...originals].filter(([name, hash]) => restoredPictures.get(name) !== hash);
    check(missingPictures.length === 0, `${String(missingPictures.length)} pictures are not restored byte for byte`);

    // A server on the restored folder serves them, streaming to the replica again (as after a
    // real restore); in its own process group, as in a terminal.
    server = await startServerProcess({ dataDir, env: replicated, ownGroup: true });
    const again = await new HttpSession(server.url).loginCustomer(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const listed = await again.rest<CustomerBooking[]>('GET', '/users/appointment');
    check(listed.status === 200, `the restored server's bookings answered ${String(listed.status)}`);
    const served = new Set(listed.body.data.map((booking) => booking._id));
    const unserved = mustSurvive.filter((booking) => !served.has(booking.id));
    check(unserved.length === 0, `the restored server does not list ${String(unserved.length)} of the bookings`);
    const pictureAnswer = await fetch(`${server.url}/uploads/${picture}`);
    check(pictureAnswer.ok, `the restored server answers ${String(pictureAnswer.status)} for the uploaded picture`);

    // Ctrl-C in its terminal (SIGINT to the whole group) with bookings in flight: the requests are
    // answered after the signal, and Litestream, which the signal must not reach, copies their
    // writes before it stops. The server exits 0, with no replication error, leaving no Litestream.
    await caughtUp(server, dataDir);
    const answeredSlots = sent.length + 2 * IN_FLIGHT;
    const heldSlots = plan.slice(answeredSlots, answeredSlots + HELD_AT_STOP);
    check(heldSlots.length === HELD_AT_STOP, 'not enough free slots left for the stop');
    const held = heldSlots.map((slot) =>
      holdRequest(`${server?.url ?? ''}/api/v1/users/appointment`, bookingForm(slot), {
        origin: again.origin,
        cookie: again.cookieHeader(),
      }),
    );
    await sleep(500);
    const streamingAtStop = replicatorPid(server.pid);
    server.interrupt();
    // Long enough for a Litestream that did get the signal to copy what it has and exit.
    await sleep(1500);
    for (const request of held) request.finish();
    const heldAnswers = await Promise.all(held.map((request) => request.answer));
    const heldIds = heldAnswers.map((answer) => {
      const body = JSON.parse(answer.body) as { data: Booking | null; message: string };
      check(answer.status === 201, `a booking in flight at Ctrl-C answered ${String(answer.status)}: ${body.message}`);
      return body.data?._id ?? '';
    });
    const stopped = await Promise.race([server.exited, sleep(20_000).then(() => null)]);
    check(stopped !== null, 'the server did not exit within 20 s of Ctrl-C');
    check(
      stopped.code === 0,
      `the server exited with ${stopped.signal ?? `code ${String(stopped.code)}`} after Ctrl-C`,
    );
    check(!alive(streamingAtStop), 'Litestream outlived the server stopped with Ctrl-C');
    check(!server.log().includes('replication:'), `the stop logged a replication problem:\n${server.log()}`);
    server = undefined;
    const afterStop = join(work, 'after-stop');
    await restore(replica, afterStop);
    const copied = inspect(afterStop);
    const uncopied = heldIds.filter((id) => copied.ids.get(id) !== 1);
    check(
      uncopied.length === 0,
      `${String(uncopied.length)} of ${String(HELD_AT_STOP)} bookings answered after Ctrl-C are not in the replica`,
    );

    // As of a moment: every booking answered a little before it (Litestream looks for writes every
    // 250 ms and copies every second), none sent a second after it, nothing unknown.
    const asOfMoment = async (moment: Date, label: string) => {
      const atDir = join(work, `as-of-${label.replace(/\W+/g, '-')}`);
      await restore(replica, atDir, moment.toISOString());
      const asOf = inspect(atDir);
      check(asOf.integrity === 'ok', `the database restored as of ${label} fails integrity_check`);
      const before = sent.filter((booking) => booking.answeredAt <= moment.getTime() - BEFORE_TOLERANCE_MS);
      const after = sent.filter((booking) => booking.sentAt >= moment.getTime() + AFTER_TOLERANCE_MS);
      check(
        before.length >= 50 && after.length >= 50,
        `too few bookings around ${label} to tell (${String(before.length)} before, ${String(after.length)} after)`,
      );
      const missingBefore = before.filter((booking) => asOf.ids.get(booking.id) !== 1);
      const presentAfter = after.filter((booking) => asOf.ids.has(booking.id));
      check(
        missingBefore.length === 0,
        `restored as of ${label}, ${String(missingBefore.length)} of ${String(before.length)} bookings answered before it are missing`,
      );
      check(
        presentAfter.length === 0,
        `restored as of ${label}, ${String(presentAfter.length)} of ${String(after.length)} bookings sent after it are there`,
      );
      const known = new Set(sent.map((booking) => booking.id));
      const strangers = [...asOf.ids.keys()].filter((id) => !known.has(id) && !latest.ids.has(id));
      check(strangers.length === 0, `restored as of ${label}, ${String(strangers.length)} unknown bookings appear`);
      return `as of ${label} (${moment.toISOString()}): all ${String(before.length)} answered before it, none of the ${String(after.length)} sent a second after it, ${String(asOf.ids.size)} in all`;
    };
    const asOfGap = await asOfMoment(betweenRuns, 'the restart');
    const asOfMiddle = await asOfMoment(middle, 'the middle of the second part');

    // A new box started with REPLICA_URL before the restore would stream an empty salon over the
    // copy (its latest state): the server refuses to.
    const refusal = await startServerProcess({
      dataDir: join(work, 'new-box'),
      env: { ...SERVER_ENV, REPLICA_URL: replica.url, ...replica.env },
    }).then(
      async (wrongly) => {
        await wrongly.stop();
        return '';
      },
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    check(
      refusal.includes('holds a salon'),
      `a server on an empty folder streamed to the replica that holds the salon: ${refusal}`,
    );

    return [
      `[guarantee] disaster drill, ${replica.name}: ${String(sent.length)} bookings answered 201 in ${String((FIRST_PART_MS + SECOND_PART_MS) / 1000)} s; the server killed alone (Litestream followed it out) and restarted, then server and replicator killed with SIGKILL, data folder deleted;`,
      `  restored: ${restoredLine}`,
      `  all ${String(mustSurvive.length)} bookings answered 2 s before the kill there exactly once (${String(latest.ids.size)} in all), integrity ok, served by a new server; ${String(originals.size)} pictures back byte for byte, the one uploaded during the stream included`,
      `  that server stopped with Ctrl-C while ${String(HELD_AT_STOP)} bookings were in flight: exit 0, Litestream stopped after copying all ${String(HELD_AT_STOP)}, answered after the signal`,
      `  ${asOfGap}; ${asOfMiddle}`,
      `  a server on an empty folder refuses to stream over the copy; ${((Date.now() - started) / 1000).toFixed(1)} s`,
    ];
  } finally {
    await server?.stop();
  }
}

const work = mkdtempSync(join(tmpdir(), 'salon-drill-'));
let s3: S3Store | undefined;
try {
  const lines: string[] = [];
  lines.push(
    ...(await drill({ name: 'a folder', url: join(work, 'folder', 'replica'), env: {} }, join(work, 'folder'))),
  );
  s3 = await startS3Server(join(work, 's3-store'));
  lines.push(
    ...(await drill(
      {
        name: 'an S3-compatible store on 127.0.0.1',
        url: `s3://${s3.bucket}/salon`,
        env: {
          REPLICA_ENDPOINT: s3.url,
          REPLICA_ACCESS_KEY_ID: s3.accessKeyId,
          REPLICA_SECRET_ACCESS_KEY: s3.secretAccessKey,
        },
      },
      join(work, 's3'),
    )),
  );
  console.log(lines.join('\n'));
} catch (error) {
  console.error(error instanceof DrillFailure ? `Disaster drill failed: ${error.message}` : error);
  process.exitCode = 1;
} finally {
  await s3?.close();
  rmSync(work, { recursive: true, force: true });
}
