// `npm run db:backup -- FILE` (README "Guarantees"): a copy taken while the real server keeps taking
// bookings and admin edits is a sound database holding every write answered before it started,
// and a server started on a restored copy answers exactly what the live one answers.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/server/db/client';
import { DEMO_ADMIN, DEMO_CUSTOMER } from '@/server/setup/seed';
import { bookings, users } from '@/server/db/schema';
import { addCalendarDays, todayIn } from '@/server/domain/calendar';
import { bookingRow, idOfService, idOfSpecialist } from '@/server/test/bookings';
import type { Booking } from '@/shared/schemas/bookings';
import { HttpSession } from './crash/http-session';
import { startServerProcess, type ServerProcess } from './crash/server-process';
import { planFreeSlots, type PlannedSlot } from './crash/slot-plan';
import { PROJECT_DIR, runCommand, type Finished } from './lib/testing';

// The slot planner counts days on UTC dates.
const SERVER_ENV = { NODE_ENV: 'production', SEED_DEMO: '1', SALON_TIMEZONE: 'UTC' };
/** Past bookings written before the stream, so that copying the file takes more than an instant. */
const PAST_DAYS = 250;
const PAST_TIMES = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00'];
/** Customers booking at once while the backup runs, each also confirming as the admin. */
const WRITERS = 3;
const STARTUP_MS = 90_000;

const temporaryDirs: string[] = [];
function temporaryDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temporaryDirs.push(dir);
  return dir;
}
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const server of servers) {
    server.kill('SIGTERM');
    await server.exited;
  }
  for (const dir of temporaryDirs) rmSync(dir, { recursive: true, force: true });
});

/** The backup script as its own process, with DATA_DIR pointing at the salon's folder. */
function backup(dataDir: string, target: string | undefined): Promise<Finished> {
  const args = ['--import', 'tsx', 'scripts/db-backup.ts', ...(target === undefined ? [] : [target])];
  return runCommand(process.execPath, args, { env: { DATA_DIR: dataDir } });
}

/** Opens a database file for reading only, even while a server writes to it. */
function reading<T>(file: string, read: (sqlite: Database.Database) => T): T {
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return read(sqlite);
  } finally {
    sqlite.close();
  }
}

function tablesOf(sqlite: Database.Database): string[] {
  return sqlite
    .prepare<[], { name: string }>(
      "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_stat%' ORDER BY name",
    )
    .all()
    .map((row) => row.name);
}

/** A sound database as SQLite sees it: pages, indexes and foreign keys all in order. */
function soundness(file: string) {
  return reading(file, (sqlite) => ({
    integrity: sqlite.pragma('integrity_check', { simple: true }),
    foreignKeyFaults: sqlite.pragma('foreign_key_check'),
    migrations: sqlite.prepare<[], { n: number }>('SELECT count(*) AS n FROM __drizzle_migrations').get()?.n ?? 0,
  }));
}

/**
 * Every table of `a` and `b` (virtual and shadow tables included) compared row for row: the same
 * tables, the same number of rows, and no row of either missing from the other.
 */
function compareTables(a: string, b: string): { tables: string[]; rows: number; differing: string[] } {
  return reading(a, (sqlite) => {
    sqlite.prepare('ATTACH DATABASE ? AS other').run(b);
    const tables = tablesOf(sqlite);
    const otherTables = sqlite
      .prepare<[], { name: string }>(
        "SELECT name FROM other.sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_stat%' ORDER BY name",
      )
      .all()
      .map((row) => row.name);
    expect(otherTables).toEqual(tables);
    let rows = 0;
    const differing: string[] = [];
    for (const table of tables) {
      const name = `"${table.replaceAll('"', '""')}"`;
      const count = (schema: string) =>
        sqlite.prepare<[], { n: number }>(`SELECT count(*) AS n FROM ${schema}.${name}`).get()?.n ?? -1;
      const missing = (from: string, inside: string) =>
        sqlite
          .prepare<[], { n: number }>(
            `SELECT count(*) AS n FROM (SELECT * FROM ${from}.${name} EXCEPT SELECT * FROM ${inside}.${name})`,
          )
          .get()?.n ?? -1;
      const live = count('main');
      if (live !== count('other') || missing('main', 'other') !== 0 || missing('other', 'main') !== 0)
        differing.push(table);
      rows += live;
    }
    return { tables, rows, differing };
  });
}

async function data<T>(session: HttpSession, path: string): Promise<T> {
  const answer = await session.rest<T>('GET', path);
  expect(answer.status, `GET ${path}: ${answer.body.message}`).toBe(200);
  return answer.body.data;
}

async function signedInAdmin(url: string): Promise<HttpSession> {
  const session = new HttpSession(url);
  const answer = await session.rest('POST', '/admin/login', { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password });
  expect(answer.status).toBe(200);
  return session;
}

/** Past bookings of the demo customer, straight into the live file (a second writer, as the backup is). */
function writePastBookings(file: string): number {
  const database = openDatabase(file);
  try {
    const { db } = database;
    const customer = db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_CUSTOMER.email)).get();
    if (!customer) throw new Error('no demo customer');
    const serviceId = idOfService(db, 'Classic Manicure');
    const specialistIds = ['Maya Chen', 'Anna Petrova'].map((name) => idOfSpecialist(db, name));
    const today = todayIn('UTC');
    const rows: (typeof bookings.$inferInsert)[] = [];
    for (let back = 1; back <= PAST_DAYS; back++) {
      const day = addCalendarDays(today, -back);
      for (const specialistId of specialistIds) {
        for (const time of PAST_TIMES) {
          rows.push(
            bookingRow({
              userId: customer.id,
              serviceId,
              specialistId,
              day,
              time,
              timeZone: 'UTC',
              status: 'completed',
              createdAt: new Date(`${day}T08:00:00Z`),
            }),
          );
        }
      }
    }
    // The demo salon has past bookings of its own at some of these times.
    return db.transaction((tx) => {
      let written = 0;
      for (let at = 0; at < rows.length; at += 500)
        written += tx
          .insert(bookings)
          .values(rows.slice(at, at + 500))
          .onConflictDoNothing()
          .run().changes;
      return written;
    });
  } finally {
    database.close();
  }
}

interface Write {
  kind: 'booking' | 'confirmation';
  bookingId: string;
  answeredAt: number;
}

/**
 * Customers booking free slots one after another, `WRITERS` at a time, and the admin confirming
 * each booking at once, until `stop()`; returns every write the server answered with success.
 */
function streamWrites(customer: HttpSession, admin: HttpSession, slots: PlannedSlot[]) {
  const writes: Write[] = [];
  const refusals: string[] = [];
  let stopping = false;
  const writer = async () => {
    for (let slot = slots.shift(); slot && !stopping; slot = slots.shift()) {
      const booked = await customer.rest<Booking>('POST', '/users/appointment', slot);
      if (booked.status !== 201) {
        refusals.push(`booking ${booked.status}: ${booked.body.message}`);
        continue;
      }
      const bookingId = booked.body.data._id;
      writes.push({ kind: 'booking', bookingId, answeredAt: performance.now() });
      const confirmed = await admin.rest<Booking>('PATCH', `/admin/bookings/${bookingId}/status`, {
        status: 'confirmed',
      });
      if (confirmed.status === 200) writes.push({ kind: 'confirmation', bookingId, answeredAt: performance.now() });
      else refusals.push(`confirmation ${confirmed.status}: ${confirmed.body.message}`);
    }
  };
  const running = Promise.all(Array.from({ length: WRITERS }, writer));
  return {
    writes,
    refusals,
    stop: async () => {
      stopping = true;
      await running;
    },
  };
}

describe('npm run db:backup while the salon is serving', () => {
  let liveDir: string;
  let backupDir: string;
  let live: ServerProcess;
  let customer: HttpSession;
  let admin: HttpSession;
  let pastBookings = 0;

  beforeAll(async () => {
    liveDir = temporaryDir('salon-live-');
    backupDir = temporaryDir('salon-backups-');
    live = await startServerProcess({ dataDir: liveDir, env: SERVER_ENV });
    servers.push(live);
    pastBookings = writePastBookings(join(liveDir, 'salon.db'));
    customer = await new HttpSession(live.url).loginCustomer(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    admin = await signedInAdmin(live.url);
  }, STARTUP_MS);

  it(
    'copies a sound database with every write answered before it started, while bookings and confirmations go on',
    async () => {
      const target = join(backupDir, 'salon-during-writes.db');
      const stream = streamWrites(customer, admin, await planFreeSlots(customer, 600));
      // The stream is under way before the backup starts.
      while (stream.writes.length < 10 && stream.refusals.length === 0)
        await new Promise((resolve) => setTimeout(resolve, 20));

      const startedAt = performance.now();
      const answeredBefore = [...stream.writes];
      const run = await runCommand('npm', ['run', '--silent', 'db:backup', '--', target], {
        env: { DATA_DIR: liveDir },
      });
      const endedAt = performance.now();
      await stream.stop();

      expect(run.stderr).toBe('');
      expect(run.stdout).toBe(`Backed up ${join(liveDir, 'salon.db')} to ${target}\n`);
      expect(run.code).toBe(0);
      expect(stream.refusals).toEqual([]);
      const duringBackup = stream.writes.filter((write) => write.answeredAt > startedAt && write.answeredAt < endedAt);
      // Without writes while it ran, this test would prove nothing about a serving salon.
      expect(duringBackup.length).toBeGreaterThan(0);

      // Only the finished copy is left: no half-written file, journal or WAL beside it.
      expect(readdirSync(backupDir)).toEqual(['salon-during-writes.db']);
      expect(soundness(target)).toEqual({
        integrity: 'ok',
        foreignKeyFaults: [],
        migrations: soundness(join(liveDir, 'salon.db')).migrations,
      });
      expect(soundness(target).migrations).toBeGreaterThan(0);

      const copy = reading(target, (sqlite) => ({
        statuses: new Map(
          sqlite
            .prepare<[], { id: string; status: string }>('SELECT id, status FROM bookings')
            .all()
            .map((row) => [row.id, row.status]),
        ),
        // Kept by triggers in the same transaction as each write: a copy mixing two moments would disagree.
        counted: sqlite.prepare<[], { n: number }>('SELECT sum(count) AS n FROM booking_status_counts').get()?.n,
        confirmedCounted: sqlite
          .prepare<[], { n: number }>("SELECT count AS n FROM booking_status_counts WHERE status = 'confirmed'")
          .get()?.n,
        confirmed: sqlite
          .prepare<[], { n: number }>("SELECT count(*) AS n FROM bookings WHERE status = 'confirmed'")
          .get()?.n,
        searchable: sqlite.prepare<[], { n: number }>('SELECT count(*) AS n FROM bookings_search').get()?.n,
      }));
      for (const write of answeredBefore) {
        expect(copy.statuses.get(write.bookingId), `${write.kind} of ${write.bookingId}`).toEqual(
          write.kind === 'booking' ? expect.any(String) : 'confirmed',
        );
      }
      expect(copy.counted).toBe(copy.statuses.size);
      expect(copy.confirmedCounted).toBe(copy.confirmed);
      expect(copy.searchable).toBe(copy.statuses.size);
      // Nothing in the copy that the live salon does not have.
      const liveIds = reading(
        join(liveDir, 'salon.db'),
        (sqlite) =>
          new Set(
            sqlite
              .prepare<[], { id: string }>('SELECT id FROM bookings')
              .all()
              .map((row) => row.id),
          ),
      );
      expect([...copy.statuses.keys()].filter((id) => !liveIds.has(id))).toEqual([]);

      const streamed = stream.writes.filter((write) => write.kind === 'booking').map((write) => write.bookingId);
      const inCopy = streamed.filter((id) => copy.statuses.has(id)).length;
      console.log(
        `[guarantee] npm run db:backup while serving: ${duringBackup.length} writes answered during the ${Math.round(endedAt - startedAt)} ms run ` +
          `(${duringBackup.filter((write) => write.kind === 'booking').length} bookings, ${duringBackup.filter((write) => write.kind === 'confirmation').length} confirmations); ` +
          `copy of ${(statSync(target).size / 1e6).toFixed(1)} MB: integrity ok, 0 foreign key faults, ${copy.statuses.size} bookings ` +
          `(${pastBookings} past, ${inCopy} of the ${streamed.length} streamed), all ${answeredBefore.length} writes answered before it started`,
      );
    },
    STARTUP_MS,
  );

  it(
    'restores into a new data folder where a server answers exactly what the live one answers',
    async () => {
      // No writes now: the copy must equal the live file.
      const target = join(backupDir, 'salon-quiet.db');
      const run = await backup(liveDir, target);
      expect(run.code).toBe(0);
      const direct = compareTables(join(liveDir, 'salon.db'), target);
      expect(direct.differing).toEqual([]);

      // The restore steps of docs/operations.md: the file as salon.db, and the uploads folder beside it.
      const restoredDir = temporaryDir('salon-restored-');
      cpSync(target, join(restoredDir, 'salon.db'));
      cpSync(join(liveDir, 'uploads'), join(restoredDir, 'uploads'), { recursive: true });
      const restored = await startServerProcess({ dataDir: restoredDir, env: SERVER_ENV });
      servers.push(restored);

      // Starting (migrations, clean-up, seeding an empty database) changed nothing in the restored file.
      const afterStart = compareTables(join(liveDir, 'salon.db'), join(restoredDir, 'salon.db'));
      expect(afterStart.differing).toEqual([]);
      expect(afterStart.tables).toContain('bookings');

      // The same answers, once each server's own address is taken out of the picture URLs.
      const sameOrigin = (value: unknown, url: string) =>
        JSON.parse(JSON.stringify(value).replaceAll(url, 'PUBLIC_URL')) as unknown;
      const livePublic = new HttpSession(live.url);
      const restoredPublic = new HttpSession(restored.url);
      const restoredAdmin = await signedInAdmin(restored.url);
      const paths: [HttpSession, HttpSession, string][] = [
        ...['/services', '/specialists', '/reviews', '/discounts', '/contact-info'].map(
          (path): [HttpSession, HttpSession, string] => [livePublic, restoredPublic, path],
        ),
        ...['/admin/bookings', '/admin/stats', '/admin/discounts'].map((path): [HttpSession, HttpSession, string] => [
          admin,
          restoredAdmin,
          path,
        ]),
      ];
      const answered = new Map<string, unknown>();
      for (const [fromLive, fromRestored, path] of paths) {
        const [a, b] = await Promise.all([data(fromLive, path), data(fromRestored, path)]);
        expect(sameOrigin(b, restored.url), path).toEqual(sameOrigin(a, live.url));
        answered.set(path, a);
      }
      const bookingList = answered.get('/admin/bookings') as Booking[];
      expect(bookingList.length).toBeGreaterThan(pastBookings);

      // Every picture the site shows comes back byte for byte.
      const pictures =
        JSON.stringify([answered.get('/services'), answered.get('/specialists')]).match(/\/uploads\/[\w.-]+/g) ?? [];
      expect(pictures.length).toBeGreaterThan(0);
      for (const picture of new Set(pictures)) {
        const [a, b] = await Promise.all([fetch(`${live.url}${picture}`), fetch(`${restored.url}${picture}`)]);
        expect(b.status, picture).toBe(200);
        expect(Buffer.from(await b.arrayBuffer()).equals(Buffer.from(await a.arrayBuffer())), picture).toBe(true);
      }

      // An admin signed in before the backup is still signed in on the restored salon.
      const carried = new HttpSession(restored.url).adopt(
        new Map(
          admin
            .cookieHeader()
            .split('; ')
            .map((pair) => pair.split('=') as [string, string]),
        ),
      );
      expect((await data<{ email: string }>(carried, '/admin/me')).email).toBe(DEMO_ADMIN.email);

      console.log(
        `[guarantee] restore: ${direct.rows} rows in ${direct.tables.length} tables identical to the live file, and after a server started on it; ` +
          `${paths.length} API answers identical (${bookingList.length} bookings via admin), ${new Set(pictures).size} pictures byte for byte`,
      );
    },
    STARTUP_MS,
  );
});

// Independent processes of a few seconds each: side by side.
describe.concurrent('npm run db:backup refusing', () => {
  it('refuses to overwrite an existing file and leaves it as it was', async () => {
    const dir = temporaryDir('salon-refuse-');
    const dataDir = join(dir, 'data');
    const database = openDatabase(join(dataDir, 'salon.db'));
    database.close();
    const target = join(dir, 'yesterday.db');
    writeFileSync(target, 'last night’s backup');

    const run = await backup(dataDir, target);
    expect(run.stderr).toBe(`${target} already exists: choose a new file name.\n`);
    expect(run.code).toBe(2);
    expect(readFileSync(target, 'utf8')).toBe('last night’s backup');
  });

  it('says there is nothing to back up when DATA_DIR holds no database, and creates none', async () => {
    const dataDir = temporaryDir('salon-empty-');
    const target = join(temporaryDir('salon-target-'), 'salon.db');

    const run = await backup(dataDir, target);
    expect(run.stderr).toBe(`No database at ${join(dataDir, 'salon.db')}: nothing to back up.\n`);
    expect(run.code).toBe(1);
    expect(existsSync(target)).toBe(false);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('says which folder is missing when the target folder does not exist', async () => {
    const dir = temporaryDir('salon-nofolder-');
    const target = join(dir, 'not-there', 'salon.db');

    const run = await backup(dir, target);
    expect(run.stderr).toBe(`The folder ${join(dir, 'not-there')} does not exist: create it first.\n`);
    expect(run.code).toBe(1);
  });

  it('shows its usage without a file name', async () => {
    const run = await backup(PROJECT_DIR, undefined);
    expect(run.stderr).toBe('Usage: npm run db:backup -- FILE\n');
    expect(run.code).toBe(2);
  });
});
