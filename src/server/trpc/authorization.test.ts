// The authorisation matrix (README "Guarantees"), generated from the router and from the routes the
// app registers rather than from a hand-written table: every `admin` procedure and every
// `/api/v1/admin` path refuses a visitor without a session (401) and a customer (403), every
// `customer` procedure refuses a visitor without a session (401), each refusal comes before the
// input is read and changes nothing in the database; and one customer cannot read or change
// another customer's bookings and reviews. A procedure or path added later is in the matrix
// without editing this file (the last tests show it with a router that has extra procedures).
import { createHash } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import { TRPCError, type AnyTRPCProcedure, type AnyTRPCRouter, type TRPCRouterRecord } from '@trpc/server';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRateLimits } from '@/server/auth/rate-limit';
import { createSession, SESSION_COOKIE, SESSION_LIFETIME_MS, type SessionKind } from '@/server/auth/sessions';
import { newId } from '@/server/db/ids';
import { admins, bookings, reviews } from '@/server/db/schema';
import { DEMO_ADMIN } from '@/server/setup/seed';
import { idleOutbox } from '@/server/outbox/enqueue';
import { procedureAt } from '@/server/rest/procedures';
import { restRoutes } from '@/server/rest/routes';
import { useTestApp } from '@/server/test/app';
import {
  bookingRow,
  createCustomer,
  futureWorkday,
  idOfService,
  idOfSpecialist,
  type TestCustomer,
} from '@/server/test/bookings';
import { signedIn } from '@/server/test/catalogue';
import { TestClient } from '@/server/test/http';
import type { TestEnvironment } from '@/server/test/test-db';
import { createRequestContext } from './context';
import { publicProcedure, router, staffProcedure } from './init';
import { appRouter } from '@/server/routers';
import { STAFF_ROLES, type StaffRole } from '@/shared/constants';
import { ALL_STAFF } from '@/shared/roles';
import { rolesOf } from '@/server/rest/procedures';

// ---------------------------------------------------------------------------------------------
// The matrix, built from a router's own definition.

interface ProcedureEntry {
  /** Dotted path, as /trpc/<path> serves it. */
  path: string;
  type: AnyTRPCProcedure['_def']['type'];
  takesInput: boolean;
}

/** True when the procedure takes no input, or only an optional one (a list's filter). */
const callableWithoutInput = (path: string): boolean =>
  ((procedureAt(path)?._def.inputs ?? []) as z.ZodType[]).every((input) => input.safeParse(undefined).success);

/** Procedures are callables carrying `_def`; everything else in a router's record is a sub-record. */
const isProcedure = (value: AnyTRPCProcedure | TRPCRouterRecord): value is AnyTRPCProcedure =>
  typeof value === 'function';

/** Every procedure of `target`, walked from its nested record (the shape the router was written in). */
function proceduresOf(target: AnyTRPCRouter): ProcedureEntry[] {
  const found: ProcedureEntry[] = [];
  const walk = (record: TRPCRouterRecord, prefix: string): void => {
    for (const [key, value] of Object.entries(record)) {
      if (isProcedure(value)) {
        found.push({ path: `${prefix}${key}`, type: value._def.type, takesInput: value._def.inputs.length > 0 });
      } else {
        walk(value, `${prefix}${key}.`);
      }
    }
  };
  walk(target._def.record as TRPCRouterRecord, '');
  return found.sort((a, b) => a.path.localeCompare(b.path));
}

/** How /trpc is called for the procedure: a subscription has no plain HTTP call, so the matrix would miss it. */
function httpKind(entry: ProcedureEntry): 'query' | 'mutation' {
  if (entry.type === 'subscription') throw new Error(`${entry.path}: the matrix cannot call a subscription over HTTP`);
  return entry.type;
}

/**
 * Input no schema accepts (every input schema is an object): a procedure that read its input
 * before the session would answer it with 400 instead of 401/403.
 */
const BAD_INPUT = 'not-an-object';

// ---------------------------------------------------------------------------------------------
// The database: a fingerprint of every table, and the connection's count of rows written.

/** A hash of every row of every table, independent of row order. */
function fingerprint(env: TestEnvironment): string {
  const { sqlite } = env.database;
  const tables = sqlite
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .pluck()
    .all() as string[];
  const hash = createHash('sha256');
  for (const table of tables) {
    const rows = sqlite
      .prepare(`SELECT * FROM "${table}"`)
      .all()
      .map((row) => JSON.stringify(row))
      .sort();
    hash.update(`${table}:${String(rows.length)}\n${rows.join('\n')}\n`);
  }
  return hash.digest('hex');
}

/**
 * Rows inserted, updated or deleted on the app's connection since it opened: catches a write that
 * puts back the same values, which a fingerprint cannot see.
 */
const totalChanges = (env: TestEnvironment): number =>
  env.database.sqlite.prepare('SELECT total_changes()').pluck().get() as number;

// ---------------------------------------------------------------------------------------------
// Who calls: each way of being refused.

interface Caller {
  name: string;
  status: 401 | 403;
  code: 'UNAUTHORIZED' | 'FORBIDDEN';
  /** The client to send one request with (made afresh: a refused cookie is cleared by the answer). */
  client: () => TestClient;
  /**
   * Rows this caller's own set-up writes, which the server's refusal must sweep away again:
   * an expired session is planted (1 insert) and deleted when presented (1 delete).
   */
  ownWrites: number;
}

interface Attempt {
  what: string;
  caller: string;
  expected: string;
  got: string;
  storeChanged: boolean;
}

/** The attempts that did not go as the matrix says: empty when every refusal held. */
const failures = (attempts: Attempt[]): Attempt[] => attempts.filter((a) => a.got !== a.expected || a.storeChanged);

interface World {
  env: TestEnvironment;
  app: FastifyInstance;
  origin: Record<string, string>;
  customerA: TestCustomer;
  customerB: TestCustomer;
  admin: TestClient;
  adminId: string;
  /** A session cookie token of a staff account of each role. */
  staff: Record<StaffRole, string>;
  /** A session cookie token of a staff account deactivated since it signed in. */
  deactivated: string;
}

/** A client that presents `token` as the session cookie of `kind` (sent from the app's own page). */
function withCookie(world: Pick<World, 'app' | 'origin'>, kind: SessionKind, token: string): TestClient {
  const client = new TestClient(world.app, world.origin);
  client.cookies.set(SESSION_COOKIE[kind], token);
  return client;
}

/** A session of `kind` that expired a minute ago, written into the store; its cookie token. */
function expiredSession(world: Pick<World, 'env'>, kind: SessionKind, accountId: string): string {
  const created = new Date(Date.now() - SESSION_LIFETIME_MS - 60_000);
  return createSession(world.env.database.db, kind, accountId, created).token;
}

/** A customer's signed-in client for `world.app`, sending the app's Origin with each request. */
const customerClient = (world: Pick<World, 'app' | 'origin'>, customer: TestCustomer): TestClient => {
  const client = new TestClient(world.app, world.origin);
  for (const [name, value] of customer.client.cookies) client.cookies.set(name, value);
  return client;
};

function adminCallers(world: World): Caller[] {
  return [
    {
      name: 'no session',
      status: 401,
      code: 'UNAUTHORIZED',
      client: () => new TestClient(world.app, world.origin),
      ownWrites: 0,
    },
    {
      name: 'a customer session',
      status: 403,
      code: 'FORBIDDEN',
      client: () => customerClient(world, world.customerB),
      ownWrites: 0,
    },
    {
      name: 'an admin cookie the server never issued',
      status: 401,
      code: 'UNAUTHORIZED',
      client: () => withCookie(world, 'admin', 'forged-admin-session-token'),
      ownWrites: 0,
    },
    {
      name: 'an expired admin session',
      status: 401,
      code: 'UNAUTHORIZED',
      client: () => withCookie(world, 'admin', expiredSession(world, 'admin', world.adminId)),
      ownWrites: 2,
    },
    {
      name: 'the session of a deactivated staff account',
      status: 401,
      code: 'UNAUTHORIZED',
      client: () => withCookie(world, 'admin', world.deactivated),
      ownWrites: 0,
    },
  ];
}

/** A back-office account of `role` (a specialist's is Maya Chen), signed in: its session cookie token. */
function staffSession(env: TestEnvironment, role: StaffRole, active = true): string {
  const { db } = env.database;
  const id = newId();
  db.insert(admins)
    .values({
      id,
      fullName: `Test ${role}`,
      email: `${role}-${id}@staff.test`,
      passwordHash: 'not-a-hash',
      role,
      specialistId: role === 'specialist' ? idOfSpecialist(db, 'Maya Chen') : null,
    })
    .run();
  const { token } = createSession(db, 'admin', id);
  if (!active) db.update(admins).set({ active: false }).where(eq(admins.id, id)).run();
  return token;
}

function customerCallers(world: World): Caller[] {
  return [
    {
      name: 'no session',
      status: 401,
      code: 'UNAUTHORIZED',
      client: () => new TestClient(world.app, world.origin),
      ownWrites: 0,
    },
    {
      name: 'a customer cookie the server never issued',
      status: 401,
      code: 'UNAUTHORIZED',
      client: () => withCookie(world, 'user', 'forged-customer-session-token'),
      ownWrites: 0,
    },
    {
      name: 'an expired customer session',
      status: 401,
      code: 'UNAUTHORIZED',
      client: () => withCookie(world, 'user', expiredSession(world, 'user', world.customerB.id)),
      ownWrites: 2,
    },
    // The admin's cookie is a different cookie: it does not make its holder a customer.
    { name: 'an admin session only', status: 401, code: 'UNAUTHORIZED', client: () => world.admin, ownWrites: 0 },
  ];
}

/** Calls every procedure over /trpc as every caller; what each answered and whether the store moved. */
async function tryProcedures(
  env: TestEnvironment,
  entries: ProcedureEntry[],
  callers: Caller[],
  headers: Record<string, string>,
): Promise<Attempt[]> {
  const attempts: Attempt[] = [];
  for (const entry of entries) {
    const kind = httpKind(entry);
    for (const caller of callers) {
      const before = fingerprint(env);
      const changesBefore = totalChanges(env);
      const answer = await caller.client().trpc(kind, entry.path, entry.takesInput ? BAD_INPUT : undefined, headers);
      attempts.push({
        what: `${entry.type} ${entry.path}`,
        caller: caller.name,
        expected: `${String(caller.status)} ${caller.code}`,
        got: `${String(answer.status)} ${answer.error?.data.code ?? 'no error'}`,
        storeChanged: fingerprint(env) !== before || totalChanges(env) - changesBefore !== caller.ownWrites,
      });
    }
  }
  return attempts;
}

// ---------------------------------------------------------------------------------------------

describe('the authorisation matrix', () => {
  let world: World;
  const registered: { method: string; url: string }[] = [];
  const procedures = proceduresOf(appRouter);
  const adminEntries = procedures.filter((p) => p.path.startsWith('admin.'));
  const customerEntries = procedures.filter((p) => p.path.startsWith('customer.'));

  const salon = useTestApp({
    onRoute: (route) => {
      for (const method of [route.method].flat()) registered.push({ method, url: route.url });
    },
  });
  beforeAll(async () => {
    const { env, app } = salon;
    const adminRow = env.database.db
      .select({ id: admins.id })
      .from(admins)
      .where(eq(admins.email, DEMO_ADMIN.email))
      .get();
    if (!adminRow) throw new Error('the demo admin is missing');
    world = {
      env,
      app,
      origin: { origin: env.config.publicUrl },
      customerA: await createCustomer(app, env.database.db, 'Ann Owner'),
      customerB: await createCustomer(app, env.database.db, 'Ben Other'),
      admin: await signedIn(app, 'admin'),
      adminId: adminRow.id,
      staff: {
        owner: staffSession(env, 'owner'),
        manager: staffSession(env, 'manager'),
        reception: staffSession(env, 'reception'),
        specialist: staffSession(env, 'specialist'),
      },
      deactivated: staffSession(env, 'manager', false),
    };
  });
  it('is built from every procedure the router serves, admin and customer ones included', () => {
    // The walk over the nested record and the flat record /trpc looks paths up in must agree:
    // no procedure reachable over HTTP is left out of the matrix.
    expect(procedures.map((p) => p.path)).toEqual(
      Object.keys(appRouter._def.procedures).sort((a, b) => a.localeCompare(b)),
    );
    expect(Object.keys(appRouter._def.lazy)).toEqual([]);
    expect(adminEntries.length).toBeGreaterThanOrEqual(20);
    expect(customerEntries.length).toBeGreaterThanOrEqual(5);
    expect(procedures).toEqual(
      expect.arrayContaining([
        { path: 'admin.stats', type: 'query', takesInput: false },
        { path: 'admin.services.create', type: 'mutation', takesInput: true },
        { path: 'admin.bookings.updateStatus', type: 'mutation', takesInput: true },
        { path: 'customer.bookings.list', type: 'query', takesInput: false },
        { path: 'customer.bookings.cancel', type: 'mutation', takesInput: true },
        { path: 'customer.reviews.delete', type: 'mutation', takesInput: true },
      ]),
    );
  });

  it('gets 400 for the bad input from the admin and the customer, so a refusal with it shows the session was checked first', async () => {
    const admin = world.admin;
    const customer = customerClient(world, world.customerB);
    const withInput = [
      ...adminEntries.filter((p) => p.takesInput).map((entry) => ({ entry, client: admin })),
      ...customerEntries.filter((p) => p.takesInput).map((entry) => ({ entry, client: customer })),
    ];
    expect(withInput.length).toBeGreaterThan(10);
    const before = fingerprint(world.env);
    const changesBefore = totalChanges(world.env);
    const answers = await Promise.all(
      withInput.map(async ({ entry, client }) => {
        const answer = await client.trpc(httpKind(entry), entry.path, BAD_INPUT, world.origin);
        return `${entry.path}: ${String(answer.status)} ${answer.error?.data.code ?? 'no error'}`;
      }),
    );
    expect(answers).toEqual(withInput.map(({ entry }) => `${entry.path}: 400 BAD_REQUEST`));
    expect(fingerprint(world.env)).toBe(before);
    expect(totalChanges(world.env)).toBe(changesBefore);
  });

  it('refuses every admin procedure without an admin session (401) and to a customer (403), changing nothing', async () => {
    const callers = adminCallers(world);
    const attempts = await tryProcedures(world.env, adminEntries, callers, world.origin);
    expect(failures(attempts)).toEqual([]);
    expect(attempts).toHaveLength(adminEntries.length * callers.length);
    console.log(
      `[guarantee] /trpc admin matrix: ${String(adminEntries.length)} admin procedures × ${String(callers.length)} callers = ${String(attempts.length)} calls with invalid input, every one refused (401 without a valid admin session, 403 for a customer), database unchanged`,
    );
  });

  it('opens every admin procedure to the roles it names only: 403 for the others, before the input is read, changing nothing', async () => {
    // Every procedure names its roles; none is open to nobody by mistake.
    expect(adminEntries.filter((entry) => rolesOf(entry.path).length === 0).map((entry) => entry.path)).toEqual([]);
    expect(rolesOf('admin.services.create')).toEqual(['owner', 'manager']);
    expect(rolesOf('admin.apiTokens.create')).toEqual(['owner']);
    // Calendar feeds: the owner lists every address; a specialist reads their own; both may renew one.
    expect(rolesOf('admin.calendarFeeds.list')).toEqual(['owner']);
    expect(rolesOf('admin.calendarFeeds.mine')).toEqual(['specialist']);
    expect(rolesOf('admin.calendarFeeds.regenerate')).toEqual(['owner', 'specialist']);
    const attempts: Attempt[] = [];
    let opened = 0;
    for (const entry of adminEntries) {
      for (const role of STAFF_ROLES) {
        const allowed = rolesOf(entry.path).includes(role);
        // An open call without input would act (a logout, a refresh): the calls with input show the door open.
        if (allowed && !entry.takesInput) continue;
        if (allowed) opened++;
        const before = fingerprint(world.env);
        const changesBefore = totalChanges(world.env);
        const answer = await withCookie(world, 'admin', world.staff[role]).trpc(
          httpKind(entry),
          entry.path,
          entry.takesInput ? BAD_INPUT : undefined,
          world.origin,
        );
        attempts.push({
          what: `${entry.type} ${entry.path}`,
          caller: `a ${role} session`,
          expected: allowed ? '400 BAD_REQUEST' : '403 FORBIDDEN',
          got: `${String(answer.status)} ${answer.error?.data.code ?? 'no error'}`,
          storeChanged: fingerprint(world.env) !== before || totalChanges(world.env) !== changesBefore,
        });
      }
    }
    expect(failures(attempts)).toEqual([]);
    const refused = attempts.length - opened;
    expect(refused).toBeGreaterThan(adminEntries.length);
    console.log(
      `[guarantee] /trpc role matrix: ${String(adminEntries.length)} admin procedures × ${String(STAFF_ROLES.length)} roles: ${String(refused)} calls refused with 403 to a role the procedure does not name, ${String(opened)} calls with invalid input let through to their 400, database unchanged`,
    );
  });

  it('refuses every /api/v1/admin path to the roles its procedure does not name (403), changing nothing', async () => {
    const declared = restRoutes.filter((r) => r.path.startsWith('/admin') && r.procedure.startsWith('admin.'));
    const attempts: Attempt[] = [];
    for (const route of declared) {
      const path = route.path.replace(/:\w+/g, 'no-such-id');
      for (const role of STAFF_ROLES.filter((candidate) => !rolesOf(route.procedure).includes(candidate))) {
        const before = fingerprint(world.env);
        const changesBefore = totalChanges(world.env);
        const answer = await withCookie(world, 'admin', world.staff[role]).rest(
          route.method,
          path,
          route.method === 'GET' ? undefined : {},
          world.origin,
        );
        attempts.push({
          what: `${route.method} ${route.path}`,
          caller: `a ${role} session`,
          expected: '403',
          got: String(answer.status),
          storeChanged: fingerprint(world.env) !== before || totalChanges(world.env) !== changesBefore,
        });
      }
    }
    expect(failures(attempts)).toEqual([]);
    expect(attempts.length).toBeGreaterThan(declared.length);
    console.log(
      `[guarantee] /api/v1 role matrix: ${String(declared.length)} admin paths, ${String(attempts.length)} requests by a role the path's procedure does not name, every one refused with 403, database unchanged`,
    );
  });

  it('refuses every customer procedure without a customer session (401), changing nothing', async () => {
    const callers = customerCallers(world);
    const attempts = await tryProcedures(world.env, customerEntries, callers, world.origin);
    expect(failures(attempts)).toEqual([]);
    expect(attempts).toHaveLength(customerEntries.length * callers.length);
    console.log(
      `[guarantee] /trpc customer matrix: ${String(customerEntries.length)} customer procedures × ${String(callers.length)} callers = ${String(attempts.length)} calls with invalid input, every one refused with 401, database unchanged`,
    );
  });

  it('refuses every /api/v1/admin path the app registers without a session (401) and to a customer (403), changing nothing', async () => {
    // The admin paths open to everybody: signing in, and an invited member choosing their password.
    const openAdminPaths = new Set(['POST /api/v1/admin/login', 'POST /api/v1/admin/team/accept']);
    const adminPaths = registered.filter(
      (route) => route.url.startsWith('/api/v1/admin') && !openAdminPaths.has(`${route.method} ${route.url}`),
    );
    // What the app registers covers every admin path the REST table declares (and the HEAD of every GET).
    const declared = restRoutes.filter((r) => r.path.startsWith('/admin') && r.procedure.startsWith('admin.'));
    expect(declared.length).toBeGreaterThanOrEqual(15);
    expect(adminPaths.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        ...declared.map((r) => `${r.method} /api/v1${r.path}`),
        'GET /api/v1/admin/stats',
        'HEAD /api/v1/admin/stats',
      ]),
    );

    const callers = adminCallers(world);
    const attempts: Attempt[] = [];
    for (const route of adminPaths) {
      // Path parameters get an id that names nothing, and bodies are empty: a path that read
      // them before the session would answer 400 or 404, not 401/403.
      const url = route.url.replace(/:\w+/g, 'no-such-id');
      for (const caller of callers) {
        const before = fingerprint(world.env);
        const changesBefore = totalChanges(world.env);
        const client = caller.client();
        const response = await client.request(
          route.method as 'GET',
          url,
          route.method === 'GET' || route.method === 'HEAD' ? undefined : {},
          world.origin,
        );
        // A HEAD answer has no body to read the envelope from.
        const envelopeStatus =
          route.method === 'HEAD' ? response.statusCode : response.json<{ statusCode: number }>().statusCode;
        attempts.push({
          what: `${route.method} ${route.url}`,
          caller: caller.name,
          expected: `${String(caller.status)} envelope ${String(caller.status)}`,
          got: `${String(response.statusCode)} envelope ${String(envelopeStatus)}`,
          storeChanged:
            fingerprint(world.env) !== before || totalChanges(world.env) - changesBefore !== caller.ownWrites,
        });
      }
    }
    expect(failures(attempts)).toEqual([]);
    console.log(
      `[guarantee] /api/v1 admin matrix: ${String(adminPaths.length)} registered admin paths (methods incl. HEAD) × ${String(callers.length)} callers = ${String(attempts.length)} requests, every one refused (401 without a valid admin session, 403 for a customer), database unchanged`,
    );
  });

  it('refuses every /api/v1 path that calls a customer procedure without a session (401)', async () => {
    const customerPaths = restRoutes.filter((r) => r.procedure.startsWith('customer.'));
    expect(customerPaths.length).toBeGreaterThanOrEqual(4);
    const anonymous = new TestClient(world.app, world.origin);
    const before = fingerprint(world.env);
    const answers: string[] = [];
    for (const route of customerPaths) {
      const path = route.path.replace(/:\w+/g, 'no-such-id');
      const answer = await anonymous.rest(route.method, path, route.method === 'GET' ? undefined : {});
      answers.push(`${route.method} ${route.path}: ${String(answer.status)}`);
    }
    expect(answers).toEqual(customerPaths.map((r) => `${r.method} ${r.path}: 401`));
    expect(fingerprint(world.env)).toBe(before);
  });

  it('answers an anonymous review deletion with a bad id 401, not 400: the session is checked before the input', async () => {
    const anonymous = new TestClient(world.app, world.origin);
    const trpc = await anonymous.trpc('mutation', 'public.reviews.delete', { id: '  ' });
    expect([trpc.status, trpc.error?.data.code]).toEqual([401, 'UNAUTHORIZED']);
    const rest = await anonymous.rest('DELETE', '/reviews/%20');
    expect([rest.status, rest.body.message]).toEqual([401, 'Please login first']);
  });

  describe('between two customers', () => {
    let bookingOfA: string;
    let reviewOfA: string;
    let bookingOfB: string;
    const rowsOfA = () => ({
      booking: world.env.database.db.select().from(bookings).where(eq(bookings.id, bookingOfA)).get(),
      review: world.env.database.db.select().from(reviews).where(eq(reviews.id, reviewOfA)).get(),
    });

    beforeAll(async () => {
      const { db } = world.env.database;
      const common = {
        serviceId: idOfService(db, 'Classic Manicure'),
        specialistId: idOfSpecialist(db, 'Maya Chen'),
        timeZone: world.env.config.timezone,
        day: futureWorkday(world.env.config.timezone, 5),
      };
      const rowA = bookingRow({
        ...common,
        userId: world.customerA.id,
        time: '10:00',
        firstName: 'Ann',
        lastName: 'Owner',
      });
      const rowB = bookingRow({
        ...common,
        userId: world.customerB.id,
        time: '11:00',
        firstName: 'Ben',
        lastName: 'Other',
      });
      db.insert(bookings).values([rowA, rowB]).run();
      bookingOfA = rowA.id;
      bookingOfB = rowB.id;
      const created = await customerClient(world, world.customerA).trpc<{ _id: string }>(
        'mutation',
        'customer.reviews.create',
        {
          service: common.serviceId,
          rating: 5,
          comment: 'Lovely manicure, would come again.',
        },
      );
      expect(created.status).toBe(200);
      reviewOfA = created.data?._id ?? '';
      expect(reviewOfA).not.toBe('');
    });

    it('shows customer B only B’s own bookings, and nothing of A in any query B may call', async () => {
      const b = customerClient(world, world.customerB);
      const trpcList = await b.trpc<{ _id: string }[]>('query', 'customer.bookings.list');
      expect(trpcList.data?.map((booking) => booking._id)).toEqual([bookingOfB]);
      const restList = await b.rest<{ _id: string }[]>('GET', '/users/appointment');
      expect(restList.body.data.map((booking) => booking._id)).toEqual([bookingOfB]);

      // There is no get-by-id for customers: every query B can call without input is read for
      // A's booking, A's pending review and A's contact details.
      const queries = procedures.filter(
        (p) => p.type === 'query' && !p.path.startsWith('admin.') && callableWithoutInput(p.path),
      );
      expect(queries.map((p) => p.path)).toEqual(
        expect.arrayContaining(['customer.bookings.list', 'customer.account.me', 'public.reviews.list']),
      );
      const secretsOfA = [bookingOfA, reviewOfA, world.customerA.email, world.customerA.phone, 'Ann Owner'];
      for (const query of queries) {
        const answer = await b.request('GET', `/trpc/${query.path}`, undefined, world.origin);
        expect(answer.statusCode, query.path).toBe(200);
        for (const secret of secretsOfA) expect(answer.body, `${query.path} shows ${secret}`).not.toContain(secret);
      }
    });

    it('refuses customer B every change to A’s booking and review, over /trpc and /api/v1, and A’s rows stay as they were', async () => {
      const b = customerClient(world, world.customerB);
      const before = rowsOfA();
      expect(before.booking?.status).toBe('pending');
      expect(before.review?.status).toBe('Pending');
      const storeBefore = fingerprint(world.env);
      const changesBefore = totalChanges(world.env);

      const trpcTries = [
        ['customer.bookings.cancel', { id: bookingOfA }],
        ['customer.reviews.delete', { id: reviewOfA }],
        ['public.reviews.delete', { id: reviewOfA }],
        ['admin.bookings.updateStatus', { id: bookingOfA, status: 'cancelled' }],
        ['admin.bookings.delete', { id: bookingOfA }],
        ['admin.reviews.approve', { id: reviewOfA }],
        ['admin.reviews.delete', { id: reviewOfA }],
      ] as const;
      const restTries = [
        ['PATCH', `/users/appointment/${bookingOfA}/cancel`, undefined],
        ['DELETE', `/reviews/${reviewOfA}`, undefined],
        ['PATCH', `/admin/bookings/${bookingOfA}/status`, { status: 'cancelled' }],
        ['DELETE', `/admin/bookings/${bookingOfA}`, undefined],
        ['PATCH', `/admin/reviews/${reviewOfA}/approve`, undefined],
      ] as const;
      const answers: string[] = [];
      for (const [path, input] of trpcTries) {
        const answer = await b.trpc('mutation', path, input, world.origin);
        answers.push(`${path}: ${String(answer.status)} ${answer.error?.message ?? ''}`);
      }
      for (const [method, path, body] of restTries) {
        const answer = await b.rest(method, path, body, world.origin);
        answers.push(`${method} ${path}: ${String(answer.status)} ${answer.body.message}`);
      }
      // Someone else's record is FORBIDDEN (403), an id that names nothing NOT_FOUND (404). The
      // difference tells B only that an id B already holds exists: ids carry 64 random bits
      // (db/ids.ts), so they cannot be guessed. Should the rule become 404, these lines say so.
      expect(answers).toEqual([
        'customer.bookings.cancel: 403 You can only cancel your own bookings.',
        'customer.reviews.delete: 403 You can only delete your own reviews.',
        'public.reviews.delete: 403 You can only delete your own reviews.',
        'admin.bookings.updateStatus: 403 Admins only',
        'admin.bookings.delete: 403 Admins only',
        'admin.reviews.approve: 403 Admins only',
        'admin.reviews.delete: 403 Admins only',
        `PATCH /users/appointment/${bookingOfA}/cancel: 403 You can only cancel your own bookings.`,
        `DELETE /reviews/${reviewOfA}: 403 You can only delete your own reviews.`,
        `PATCH /admin/bookings/${bookingOfA}/status: 403 Admins only`,
        `DELETE /admin/bookings/${bookingOfA}: 403 Admins only`,
        `PATCH /admin/reviews/${reviewOfA}/approve: 403 Admins only`,
      ]);
      const unknown = await b.trpc('mutation', 'customer.bookings.cancel', { id: newId() }, world.origin);
      expect(unknown.status).toBe(404);

      expect(rowsOfA()).toEqual(before);
      expect(fingerprint(world.env)).toBe(storeBefore);
      expect(totalChanges(world.env)).toBe(changesBefore);
      // A still sees the booking as it was, and may still cancel it: nothing was taken from A.
      const a = customerClient(world, world.customerA);
      const listOfA = await a.trpc<{ _id: string; status: string }[]>('query', 'customer.bookings.list');
      expect(listOfA.data?.map((booking) => [booking._id, booking.status])).toEqual([[bookingOfA, 'pending']]);
      const cancelled = await a.trpc<{ status: string }>(
        'mutation',
        'customer.bookings.cancel',
        { id: bookingOfA },
        world.origin,
      );
      expect(cancelled.data?.status).toBe('cancelled');
      console.log(
        `[guarantee] customer isolation: ${String(trpcTries.length)} /trpc calls + ${String(restTries.length)} /api/v1 requests by customer B on A's booking and review, all refused with 403 (an unknown id gets 404), A's rows unchanged`,
      );
    });
  });

  describe('a procedure added to the router later', () => {
    // The app's router with three procedures more: one written right, one that forgets the
    // admin check, one that reads its input before the session.
    const extended = router({
      ...appRouter._def.record,
      admin: router({
        ...appRouter._def.record.admin,
        probe: { secret: staffProcedure(ALL_STAFF).query(() => 'secret') },
        leaky: publicProcedure.mutation(() => ({ leaked: true })),
        inputFirst: publicProcedure
          .input(z.object({ id: z.string() }))
          .use(({ ctx, next }) => {
            if (!ctx.admin) throw new TRPCError({ code: ctx.user ? 'FORBIDDEN' : 'UNAUTHORIZED' });
            return next();
          })
          .query(() => 'late check'),
      }),
    });
    let server: FastifyInstance;

    beforeAll(async () => {
      const { env } = world;
      // A second server over the same database, serving the extended router as /trpc.
      const deps = {
        db: env.database.db,
        config: env.config,
        outbox: idleOutbox,
        limits: createRateLimits(env.config),
      };
      server = Fastify({ logger: false });
      await server.register(fastifyCookie);
      const options: FastifyTRPCPluginOptions<typeof extended> = {
        prefix: '/trpc',
        trpcOptions: { router: extended, createContext: ({ req, res }) => createRequestContext(deps, req, res) },
      };
      await server.register(fastifyTRPCPlugin, options);
    });
    afterAll(async () => {
      await server.close();
    });

    it('is in the matrix without editing it', () => {
      const known = new Set(procedures.map((p) => p.path));
      const added = proceduresOf(extended).filter((p) => !known.has(p.path));
      expect(added).toEqual([
        { path: 'admin.inputFirst', type: 'query', takesInput: true },
        { path: 'admin.leaky', type: 'mutation', takesInput: false },
        { path: 'admin.probe.secret', type: 'query', takesInput: false },
      ]);
    });

    it('fails the matrix when it forgets the admin check or reads its input first', async () => {
      const known = new Set(procedures.map((p) => p.path));
      const added = proceduresOf(extended).filter((p) => !known.has(p.path));
      const callers = adminCallers({ ...world, app: server });
      const attempts = await tryProcedures(world.env, added, callers, world.origin);
      const failed = failures(attempts);
      expect([...new Set(failed.map((a) => a.what))]).toEqual(['query admin.inputFirst', 'mutation admin.leaky']);
      expect(failed.find((a) => a.what === 'mutation admin.leaky' && a.caller === 'no session')?.got).toBe(
        '200 no error',
      );
      expect(failed.find((a) => a.what === 'query admin.inputFirst' && a.caller === 'no session')?.got).toBe(
        '400 BAD_REQUEST',
      );
      expect(
        attempts
          .filter((a) => a.what === 'query admin.probe.secret')
          .every((a) => a.got === a.expected && !a.storeChanged),
      ).toBe(true);
    });
  });
});
