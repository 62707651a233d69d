// The whole benchmark: data, server load against the baseline, scaling, client. Returns numbers;
// report.ts turns them into the table.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureClientBuilt } from '../client-build';
import { isStale } from '../lib/build-state.mjs';
import { buildServer } from '../lib/server-build';
import { PAGE_ROUTES } from '@/server/site/page-paths';
import { createApiToken } from '@/server/auth/api-tokens';
import { createSession, SESSION_COOKIE } from '@/server/auth/sessions';
import { migrateDatabase, openDatabase, type AppDatabase } from '@/server/db/client';
import { addCalendarDays, calendarDay, instantAt } from '@/server/domain/calendar';
import { availableSlots } from '@/server/domain/slots';
import { workingRanges } from '@/server/domain/schedule';
import { measurePageJs, launchChromium, type PageJs } from './client';
import { runLighthouse, type LighthouseScores } from './lighthouse';
import { measureHistoryCost, type HistoryCost } from './history-cost';
import { combineLoads, median, probeSequential, runLoad, type LoadResult, type ProbeResult } from './load';
import { SALON_CHAIN, seedScale, type ScaleSeed, type ScaleSizes } from './seed-scale';
import { startBaselineServer, startProductServer } from './server';

export const TIMEZONE = 'UTC';
export const CLIENT_PAGES = ['/', '/service', '/about', '/contact', '/admin/login'];
/** Lighthouse runs per page in a full run; the median is reported. */
export const LIGHTHOUSE_RUNS = 3;

export interface BenchOptions {
  quick: boolean;
  /** Progress lines (stderr by default). */
  log?: (line: string) => void;
}

export interface Scenario {
  key:
    | 'baseline'
    | 'same-bytes'
    | 'services-rest'
    | 'services-trpc'
    | 'services-rest-identity'
    | 'services-trpc-identity'
    | 'slots'
    | 'admin-list'
    | 'calendar'
    | 'customers'
    | 'booking';
  label: string;
  result: LoadResult;
  /** The services list's share of the same bytes: the median of alternating rounds' shares. */
  sameBytes?: { share: number; rounds: number };
}

export interface ScalingPoint {
  bookings: number;
  seedSeconds: number;
  slots: ProbeResult;
  /** A visit of up to three services of the busy specialist, "any" specialist for each, on the busy day. */
  visitSlots: ProbeResult;
  adminList: ProbeResult;
  /** The back office's calendar, day view of every specialist on the busy day. */
  calendar: ProbeResult;
  /** The salon's report for the year up to the busy day. */
  report: ProbeResult;
}

export interface BookingCheck {
  created: number;
  rowsAdded: number;
  /** Confirmations written to the outbox with the bookings, and how many of them were sent. */
  confirmations: number;
  confirmationsSent: number;
  /** From the last booking answer until every confirmation was sent (ms). */
  confirmationsLagMs: number | null;
  conflicts: number;
  overlaps: number;
  otherStatuses: Record<string, number>;
}

export interface BenchResult {
  quick: boolean;
  startedAt: Date;
  seconds: number;
  sizes: ScaleSizes;
  seed: ScaleSeed;
  connections: number;
  loadSeconds: number;
  scenarios: Scenario[];
  peakMemoryMb: number | null;
  /**
   * From spawning `npm start`'s script on a built tree to the first 200 on /healthz, and the
   * resident memory after one visit of each public page.
   */
  start: { ms: number; idleMemoryMb: number | null };
  /** The peak resident memory over the whole run, read when the server stops. */
  runPeakMemoryMb: number | null;
  booking: BookingCheck;
  /** What recording a booking's history costs its creation, measured in the same run. */
  historyCost: HistoryCost;
  scaling: ScalingPoint[];
  pages: PageJs[];
  lighthouse: LighthouseScores[];
  lighthouseError?: string;
  /** The machine's 1-minute load average before the run and at its end: other work skews the numbers. */
  loadAverage: { before: number; after: number };
}

interface FreeSlot {
  specialist: string;
  service: string;
  day: string;
  time: string;
}

/**
 * Distinct free slots that do not overlap each other: for each specialist, each day from
 * tomorrow up to the booking horizon and their shortest service, the free start times the
 * product's own slot rules give (domain/slots.ts) for the seeded bookings, picked so that
 * booking all of them never books anyone twice.
 */
export function freeSlotsToBook(database: AppDatabase, seed: ScaleSeed, wanted: number): FreeSlot[] {
  const now = new Date();
  const today = calendarDay(now, TIMEZONE);
  const busyOf = database.sqlite.prepare(
    "SELECT starts_at AS s, ends_at AS e FROM bookings WHERE specialist_id = ? AND booking_date = ? AND status <> 'cancelled'",
  );
  const timeOffOf = database.sqlite.prepare(
    'SELECT starts_at AS s, ends_at AS e FROM time_off WHERE specialist_id = ? AND ends_at > ? AND starts_at < ?',
  );
  const perDay: FreeSlot[][] = [];
  for (let d = 1; d <= 58; d++) {
    const day = addCalendarDays(today, d);
    for (const sp of seed.specialists) {
      const service = [...sp.expertise].sort(
        (a, b) => a.durationMinutes + a.bufferMinutes - (b.durationMinutes + b.bufferMinutes),
      )[0];
      if (!service) continue;
      const dayFrom = instantAt(day, '00:00', TIMEZONE).getTime();
      const rows = [
        ...(busyOf.all(sp.id, day) as { s: number; e: number }[]),
        ...(timeOffOf.all(sp.id, dayFrom, dayFrom + 86_400_000) as { s: number; e: number }[]),
      ];
      const busy = rows.map((b) => ({ startsAt: new Date(b.s), endsAt: new Date(b.e) }));
      const times = availableSlots({
        day,
        timeZone: TIMEZONE,
        stepMinutes: 30,
        now,
        specialist: {
          ranges: workingRanges(
            { fallback: { from: sp.availableFrom, to: sp.availableTo, days: sp.days }, week: sp.week },
            day,
          ),
          offersService: true,
        },
        service,
        busy,
      });
      const lengthMs = (service.durationMinutes + service.bufferMinutes) * 60_000;
      let freeFrom = 0;
      const picked: FreeSlot[] = [];
      for (const time of times) {
        const start = instantAt(day, time, TIMEZONE).getTime();
        if (start < freeFrom) continue;
        picked.push({ specialist: sp.name, service: service.name, day, time });
        freeFrom = start + lengthMs;
      }
      perDay.push(picked);
    }
  }
  // Interleave specialists and days, so concurrent requests spread over the salon as real ones do.
  const all: FreeSlot[] = [];
  for (let i = 0; all.length < wanted; i++) {
    let any = false;
    for (const list of perDay) {
      const slot = list[i];
      if (slot) {
        all.push(slot);
        any = true;
      }
    }
    if (!any) break;
  }
  return all.slice(0, wanted);
}

function overlapCount(database: AppDatabase): number {
  const row = database.sqlite
    .prepare(
      `SELECT count(*) AS n FROM bookings a JOIN bookings b
         ON a.specialist_id = b.specialist_id AND a.booking_date = b.booking_date AND a.id < b.id
        WHERE a.status <> 'cancelled' AND b.status <> 'cancelled' AND a.starts_at < b.ends_at AND b.starts_at < a.ends_at`,
    )
    .get() as { n: number };
  return row.n;
}

/** What a browser says it takes (and Node's fetch, in part). */
const ACCEPT_GZIP = { 'accept-encoding': 'gzip, deflate, br' };

/** The answer at `url` as it travels: headers and body bytes (not decompressed, as fetch would). */
function rawAnswer(
  url: string,
  headers: Record<string, string>,
): Promise<{ headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const kept: Record<string, string> = {};
        // What Node's HTTP server writes itself (or the body's length decides) is left to it.
        for (const [name, value] of Object.entries(response.headers)) {
          if (
            typeof value === 'string' &&
            !['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)
          )
            kept[name] = value;
        }
        resolve({ headers: kept, body: Buffer.concat(chunks) });
      });
      response.on('error', reject);
    }).on('error', reject);
  });
}

export async function prepareData(dir: string, sizes: ScaleSizes): Promise<{ database: AppDatabase; seed: ScaleSeed }> {
  const database = openDatabase(join(dir, 'salon.db'));
  // The app's own migrations, as every start applies them.
  migrateDatabase(database);
  const seed = await seedScale(database, sizes, { timezone: TIMEZONE, uploadsDir: join(dir, 'uploads') });
  return { database, seed };
}

export async function runBench(options: BenchOptions): Promise<BenchResult> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const quick = options.quick;
  const startedAt = new Date();
  const t0 = performance.now();
  const loadBefore = loadavg()[0] ?? NaN;
  const sizes: ScaleSizes = quick ? { ...SALON_CHAIN, bookings: 5_000, customers: 1_000, reviews: 500 } : SALON_CHAIN;
  const loadSeconds = quick ? 2 : 10;
  const warmSeconds = quick ? 1 : 3;
  const connections = 10;
  const bookingRequests = quick ? 150 : 2_000;
  const scalingSizes = quick ? [1_000, 5_000, 20_000] : [5_000, 50_000, 500_000];
  const probeCount = quick ? 40 : 300;
  const probeSeconds = quick ? 3 : 10;

  log('Building the web client and the server if needed...');
  ensureClientBuilt();
  // Built before, so the start measured below is `npm start` on a built tree.
  if (isStale('server')) await buildServer();
  const work = mkdtempSync(join(tmpdir(), 'salon-bench-'));
  try {
    // ---------------------------------------------------------------- baseline
    log('Baseline: a bare Fastify route...');
    const baselineServer = await startBaselineServer(join(work, 'baseline.log'));
    let baseline: LoadResult;
    try {
      await runLoad({ url: baselineServer.url, connections, duration: warmSeconds });
      baseline = await runLoad({ url: baselineServer.url, connections, duration: loadSeconds });
    } finally {
      await baselineServer.stop();
    }

    // ---------------------------------------------------------------- product
    const mainDir = join(work, 'main');
    mkdirSync(mainDir);
    log(
      `Seeding ${sizes.bookings} bookings, ${sizes.customers} customers, ${sizes.services} services, ${sizes.specialists} specialists, ${sizes.reviews} reviews...`,
    );
    const { database, seed } = await prepareData(mainDir, sizes);
    log(`  seeded in ${seed.seconds.toFixed(1)} s (${seed.historyDays} days of history)`);
    const adminCookie = `${SESSION_COOKIE.admin}=${createSession(database.db, 'admin', seed.adminId).token}`;
    createApiToken(database.db, { adminId: seed.adminId, name: 'bench' });
    const customerCookies = seed.customerIds
      .slice(0, 50)
      .map((id) => `${SESSION_COOKIE.user}=${createSession(database.db, 'user', id).token}`);
    const slotsToBook = freeSlotsToBook(database, seed, bookingRequests + 200);
    if (slotsToBook.length < bookingRequests + 50) log(`  only ${slotsToBook.length} free slots to book`);
    const bookedBefore = (database.sqlite.prepare('SELECT count(*) AS n FROM bookings').get() as { n: number }).n;
    database.close();

    log('Starting the production server (NODE_ENV=production)...');
    const server = await startProductServer({ dataDir: mainDir, timezone: TIMEZONE });
    // At rest: started, and each public page (without a parameter) visited once.
    for (const page of PAGE_ROUTES.filter((route) => !route.includes(':'))) {
      const answer = await fetch(`${server.url}${page}`);
      if (!answer.ok) throw new Error(`${page} answered ${String(answer.status)}`);
      await answer.arrayBuffer();
    }
    const start = { ms: server.startedInMs, idleMemoryMb: server.residentMemoryMb() };
    const scenarios: Scenario[] = [
      { key: 'baseline', label: 'baseline: bare Fastify, constant JSON', result: baseline },
    ];
    let peakMemoryMb: number | null;
    let runPeakMemoryMb: number | null = null;
    let confirmationsLagMs: number | null = null;
    let historyCost: HistoryCost;
    const bookingStatuses: Record<string, number> = {};
    try {
      const busy = seed.busy;
      const slotsPath = `/api/v1/users/appointment/available-slots?${new URLSearchParams({ specialistId: busy.specialistId, bookingDate: busy.day, serviceName: busy.serviceName }).toString()}`;
      const adminPath = `/api/v1/admin/bookings?${new URLSearchParams({ search: seed.searchTerm, page: '1', limit: '10' }).toString()}`;
      // The services list as every client asks for it (browsers, Node's or a script's fetch):
      // compressed; measured in rounds against the same bytes (below).
      const servicesReads: { key: 'services-rest' | 'services-trpc'; label: string; path: string }[] = [
        { key: 'services-rest', label: 'GET /api/v1/services (gzip)', path: '/api/v1/services' },
        { key: 'services-trpc', label: 'public.services.list (/trpc, gzip)', path: '/trpc/public.services.list' },
      ];
      const reads: { key: Scenario['key']; label: string; path: string; headers?: Record<string, string> }[] = [
        // And uncompressed, for a client that asks for nothing (about 60 KB at salon-chain scale).
        { key: 'services-rest-identity', label: 'GET /api/v1/services (uncompressed)', path: '/api/v1/services' },
        {
          key: 'services-trpc-identity',
          label: 'public.services.list (/trpc, uncompressed)',
          path: '/trpc/public.services.list',
        },
        { key: 'slots', label: `available slots (busy day: ${busy.liveBookings} bookings)`, path: slotsPath },
        {
          key: 'admin-list',
          label: `admin bookings page, search "${seed.searchTerm}"`,
          path: adminPath,
          headers: { cookie: adminCookie },
        },
      ];
      // Measured after the peak memory is read, so that figure compares with runs before the calendar existed.
      const calendarRead = {
        key: 'calendar' as const,
        label: `admin calendar, day view of ${seed.specialists.length} specialists (${busy.day})`,
        path: `/api/v1/admin/calendar?${new URLSearchParams({ from: busy.day, to: busy.day }).toString()}`,
        headers: { cookie: adminCookie },
      };
      // The customer book: a search over 5,000 customers, a page of 20 with their figures.
      const customersRead = {
        key: 'customers' as const,
        label: `admin customer book, search "${seed.searchTerm}" (${String(seed.customerIds.length)} customers)`,
        path: `/api/v1/admin/customers?${new URLSearchParams({ search: seed.searchTerm, page: '1', limit: '20' }).toString()}`,
        headers: { cookie: adminCookie },
      };
      // The services list's own bytes and headers, sent by the bare route: what they cost on the
      // wire and in the kernel, without anything the product does. The host's speed drifts within
      // a run by more than the difference measured ("Targets missed" in docs/performance.md), so
      // the three are measured in alternating rounds of a few seconds, and the share is the median
      // of the rounds' shares.
      const answer = await rawAnswer(`${server.url}/api/v1/services`, ACCEPT_GZIP);
      const sameBytesFile = join(work, 'same-bytes.json');
      writeFileSync(sameBytesFile, JSON.stringify({ headers: answer.headers, body: answer.body.toString('base64') }));
      const sameBytesServer = await startBaselineServer(join(work, 'same-bytes.log'), sameBytesFile);
      try {
        const rounds = quick ? 3 : 7;
        const roundSeconds = quick ? 1 : 2;
        log(`Load: the services list against the bare route sending its bytes, ${rounds} alternating rounds...`);
        const sameBytesRun = { url: sameBytesServer.url, path: '/same-bytes', headers: ACCEPT_GZIP };
        const runs = [
          sameBytesRun,
          ...servicesReads.map((read) => ({ url: server.url, path: read.path, headers: ACCEPT_GZIP })),
        ];
        for (const run of runs) {
          const check = await fetch(`${run.url}${run.path}`, { headers: run.headers });
          if (!check.ok) throw new Error(`${run.path} answered ${check.status}: ${await check.text()}`);
          await runLoad({ ...run, connections, duration: warmSeconds });
        }
        const results: LoadResult[][] = runs.map(() => []);
        // Every other round in the reverse order, so a steady drift of the host favours none of them.
        for (let round = 0; round < rounds; round++) {
          const order = round % 2 === 0 ? [...runs.entries()] : [...runs.entries()].reverse();
          for (const [i, run] of order)
            results[i]?.push(await runLoad({ ...run, connections, duration: roundSeconds }));
        }
        const [sameBytesResults = [], ...servicesResults] = results;
        const label = `bare Fastify sending the services list's answer (same ${Object.keys(answer.headers).length} headers, ${(answer.body.length / 1024).toFixed(1)} KB gzip)`;
        scenarios.push({ key: 'same-bytes', label, result: combineLoads(sameBytesResults) });
        for (const [i, read] of servicesReads.entries()) {
          const own = servicesResults[i] ?? [];
          const share = median(own.map((result, round) => result.rps / (sameBytesResults[round]?.rps ?? NaN)));
          scenarios.push({ key: read.key, label: read.label, result: combineLoads(own), sameBytes: { share, rounds } });
        }
      } finally {
        await sameBytesServer.stop();
      }
      for (const read of reads) {
        log(`Load: ${read.label}...`);
        const check = await fetch(`${server.url}${read.path}`, { headers: read.headers });
        if (!check.ok) throw new Error(`${read.path} answered ${check.status}: ${await check.text()}`);
        await runLoad({ url: server.url, path: read.path, headers: read.headers, connections, duration: warmSeconds });
        const result = await runLoad({
          url: server.url,
          path: read.path,
          headers: read.headers,
          connections,
          duration: loadSeconds,
        });
        scenarios.push({ key: read.key, label: read.label, result });
      }

      log(`Load: booking creation, ${bookingRequests} distinct free slots...`);
      const queue = [...slotsToBook];
      let n = 0;
      const bookingRequest = (count: number) =>
        runLoad({
          url: server.url,
          method: 'POST',
          path: '/api/v1/users/appointment',
          connections,
          amount: count,
          setupRequest: (req) => {
            const slot = queue.shift();
            if (!slot) return req;
            n++;
            return {
              ...req,
              headers: {
                'content-type': 'application/json',
                cookie: customerCookies[n % customerCookies.length] ?? '',
              },
              body: JSON.stringify({
                bookingDate: slot.day,
                timeSlot: slot.time,
                service: slot.service,
                specialist: slot.specialist,
              }),
            };
          },
        });
      const warmBookings = Math.min(quick ? 50 : 200, Math.max(0, slotsToBook.length - bookingRequests));
      const warm = warmBookings > 0 ? await bookingRequest(warmBookings) : null;
      const bookingResult = await bookingRequest(Math.min(bookingRequests, queue.length));
      scenarios.push({
        key: 'booking',
        label: 'booking creation (POST /api/v1/users/appointment)',
        result: bookingResult,
      });
      // Every confirmation was written in its booking's transaction; the server sends them on.
      const answeredAt = Date.now();
      const outbox = openDatabase(join(mainDir, 'salon.db'));
      try {
        const unsent = outbox.sqlite.prepare<[], { n: number }>(
          `SELECT count(*) AS n FROM messages WHERE kind = 'booking-created' AND status <> 'sent'`,
        );
        while ((unsent.get()?.n ?? 0) > 0 && Date.now() - answeredAt < 120_000)
          await new Promise((resolve) => setTimeout(resolve, 50));
        confirmationsLagMs = (unsent.get()?.n ?? 0) === 0 ? Date.now() - answeredAt : null;
      } finally {
        outbox.close();
      }
      log("History: a booking's history row, in alternating pairs...");
      historyCost = measureHistoryCost(join(mainDir, 'salon.db'), bookingResult.rps, quick ? 100 : 300);
      peakMemoryMb = server.peakMemoryMb();
      // Measured after the peak memory, like the calendar: later reads leave that figure comparable.
      for (const read of [calendarRead, customersRead]) {
        log(`Load: ${read.label}...`);
        const check = await fetch(`${server.url}${read.path}`, { headers: read.headers }).catch((error: unknown) => {
          throw new Error(`${read.path} failed: ${String(error)}\nThe server's log ends:\n${server.logTail()}`);
        });
        if (!check.ok) throw new Error(`${read.path} answered ${check.status}: ${await check.text()}`);
        await runLoad({ url: server.url, path: read.path, headers: read.headers, connections, duration: warmSeconds });
        scenarios.push({
          key: read.key,
          label: read.label,
          result: await runLoad({
            url: server.url,
            path: read.path,
            headers: read.headers,
            connections,
            duration: loadSeconds,
          }),
        });
      }
      // Warm-up bookings are real bookings too: they are checked with the rest.
      for (const result of [warm, bookingResult]) {
        for (const [code, count] of Object.entries(result?.statuses ?? {}))
          bookingStatuses[code] = (bookingStatuses[code] ?? 0) + count;
      }
    } finally {
      runPeakMemoryMb = server.peakMemoryMb();
      await server.stop();
    }

    const verify = openDatabase(join(mainDir, 'salon.db'));
    const bookedAfter = (verify.sqlite.prepare('SELECT count(*) AS n FROM bookings').get() as { n: number }).n;
    const confirmationRows = verify.sqlite
      .prepare<[], { all: number; sent: number }>(
        `SELECT count(*) AS "all", coalesce(sum(status = 'sent'), 0) AS sent FROM messages WHERE kind = 'booking-created'`,
      )
      .get();
    const booking: BookingCheck = {
      created: bookingStatuses['201'] ?? 0,
      rowsAdded: bookedAfter - bookedBefore,
      confirmations: confirmationRows?.all ?? 0,
      confirmationsSent: confirmationRows?.sent ?? 0,
      confirmationsLagMs,
      conflicts: bookingStatuses['409'] ?? 0,
      overlaps: overlapCount(verify),
      otherStatuses: Object.fromEntries(
        Object.entries(bookingStatuses).filter(([code]) => code !== '201' && code !== '409'),
      ),
    };
    verify.close();

    // ---------------------------------------------------------------- scaling
    const scaling: ScalingPoint[] = [];
    for (const bookings of scalingSizes) {
      log(`Scaling: ${bookings} bookings...`);
      const dir = join(work, `scale-${bookings}`);
      mkdirSync(dir);
      const data = await prepareData(dir, {
        ...SALON_CHAIN,
        bookings,
        customers: Math.min(SALON_CHAIN.customers, sizes.customers),
      });
      const cookie = `${SESSION_COOKIE.admin}=${createSession(data.database.db, 'admin', data.seed.adminId).token}`;
      data.database.close();
      const s = await startProductServer({ dataDir: dir, timezone: TIMEZONE });
      try {
        const busy = data.seed.busy;
        const slotsUrl = `${s.url}/api/v1/users/appointment/available-slots?${new URLSearchParams({ specialistId: busy.specialistId, bookingDate: busy.day, serviceName: busy.serviceName }).toString()}`;
        const adminUrl = `${s.url}/api/v1/admin/bookings?${new URLSearchParams({ search: data.seed.searchTerm, page: '1', limit: '10' }).toString()}`;
        await probeSequential(slotsUrl, 30, {}, 2);
        const slots = await probeSequential(slotsUrl, probeCount, {}, probeSeconds);
        const visitItems = busy.visitServices.map((name) => `${name}:any`).join(',');
        const visitSlotsUrl = `${s.url}/api/v1/users/visits/available-slots?${new URLSearchParams({ bookingDate: busy.day, items: visitItems }).toString()}`;
        await probeSequential(visitSlotsUrl, 30, {}, 2);
        const visitSlots = await probeSequential(visitSlotsUrl, probeCount, {}, probeSeconds);
        await probeSequential(adminUrl, 10, { cookie }, 2);
        const adminList = await probeSequential(adminUrl, probeCount, { cookie }, probeSeconds);
        const calendarUrl = `${s.url}/api/v1/admin/calendar?${new URLSearchParams({ from: busy.day, to: busy.day }).toString()}`;
        await probeSequential(calendarUrl, 10, { cookie }, 2);
        const calendar = await probeSequential(calendarUrl, probeCount, { cookie }, probeSeconds);
        const reportUrl = `${s.url}/api/v1/admin/reports?${new URLSearchParams({ from: addCalendarDays(busy.day, -365), to: busy.day }).toString()}`;
        await probeSequential(reportUrl, 5, { cookie }, 2);
        const report = await probeSequential(reportUrl, probeCount, { cookie }, probeSeconds);
        if (
          !slots.statuses['200'] ||
          !visitSlots.statuses['200'] ||
          !adminList.statuses['200'] ||
          !calendar.statuses['200'] ||
          !report.statuses['200']
        ) {
          throw new Error(
            `scaling ${bookings}: unexpected answers ${JSON.stringify([slots.statuses, visitSlots.statuses, adminList.statuses, calendar.statuses, report.statuses])}`,
          );
        }
        scaling.push({ bookings, seedSeconds: data.seed.seconds, slots, visitSlots, adminList, calendar, report });
      } finally {
        await s.stop();
      }
      rmSync(dir, { recursive: true, force: true });
    }

    // ---------------------------------------------------------------- client
    log('Client: first-visit JavaScript and Lighthouse...');
    const clientServer = await startProductServer({ dataDir: mainDir, timezone: TIMEZONE });
    const pages: PageJs[] = [];
    let lighthouse: LighthouseScores[] = [];
    let lighthouseError: string | undefined;
    try {
      const browser = await launchChromium();
      try {
        for (const path of CLIENT_PAGES) pages.push(await measurePageJs(browser, clientServer.url, path));
      } finally {
        await browser.close();
      }
      try {
        lighthouse = await runLighthouse(clientServer.url, quick ? ['/'] : CLIENT_PAGES, quick ? 1 : LIGHTHOUSE_RUNS);
      } catch (error) {
        lighthouseError = error instanceof Error ? error.message : String(error);
        log(`  Lighthouse failed: ${lighthouseError}`);
      }
    } finally {
      await clientServer.stop();
    }

    return {
      quick,
      startedAt,
      seconds: (performance.now() - t0) / 1000,
      sizes,
      seed,
      connections,
      loadSeconds,
      scenarios,
      peakMemoryMb,
      start,
      runPeakMemoryMb,
      booking,
      historyCost,
      scaling,
      pages,
      lighthouse,
      ...(lighthouseError === undefined ? {} : { lighthouseError }),
      loadAverage: { before: loadBefore, after: loadavg()[0] ?? NaN },
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
