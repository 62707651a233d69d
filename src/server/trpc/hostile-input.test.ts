// Hostile input to every tRPC procedure (README "Guarantees"): fast-check sends random JSON,
// type-confused fields and broken bodies to each procedure of `appRouter` over HTTP at /trpc, as
// an anonymous visitor, a customer and an admin, plus malformed batches, an oversized batch and
// garbage procedure paths. Whatever arrives, no answer is a 5xx, a refusal says what went wrong
// in words, no body shows a stack trace or SQL, and a refused call writes no row.
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TRPC_BATCH } from '@/shared/transport';
import { useTestApp } from '@/server/test/app';
import { signedIn } from '@/server/test/catalogue';
import { LEAKS, hostileValue, inputFieldsOf, rowsWritten, stringsIn, withoutEchoes } from '@/server/test/hostile';
import { TestClient } from '@/server/test/http';
import type { TestEnvironment } from '@/server/test/test-db';
import { appRouter } from '@/server/routers';

const TRPC = '/trpc';
/** The test config's PUBLIC_URL: mutations from it pass the same-origin check and reach validation. */
const ORIGIN = 'http://salon.test';

type Who = 'anonymous' | 'customer' | 'admin';
const EVERYONE: Who[] = ['anonymous', 'customer', 'admin'];

interface Procedure {
  path: string;
  type: 'query' | 'mutation';
  /** The field names of its input schema (none when it takes no input). */
  fields: string[];
}

/** Every procedure of the router, read from its definition, so a new one is covered unasked. */
const PROCEDURES: Procedure[] = Object.entries(
  appRouter._def.procedures as unknown as Record<string, { _def: { type: string; inputs: unknown[] } }>,
).map(([path, procedure]) => ({
  path,
  type: procedure._def.type === 'query' ? 'query' : 'mutation',
  fields: inputFieldsOf(procedure._def.inputs[0]),
}));

/** A refusal that writes by design: a wrong OTP is counted against the address's latest code. */
const REFUSALS_THAT_WRITE = new Set(['public.auth.verifyOtp']);

/** Procedures that end the session in use: only the anonymous visitor calls them. */
const ENDS_THE_SESSION = new Set(['customer.account.logout', 'admin.account.logout']);
const sessionsFor = (procedure: Procedure): Who[] => (ENDS_THE_SESSION.has(procedure.path) ? ['anonymous'] : EVERYONE);
const strongestFor = (procedure: Procedure): Who => (ENDS_THE_SESSION.has(procedure.path) ? 'anonymous' : 'admin');

/** Bodies that are not the JSON a mutation expects, with the content type they claim. */
const MALFORMED_BODIES: { what: string; contentType: string | undefined; payload: string }[] = [
  { what: 'cut-off JSON', contentType: 'application/json', payload: '{"email": "a@b.c", "password":' },
  { what: 'an empty JSON body', contentType: 'application/json', payload: '' },
  { what: 'a __proto__ key', contentType: 'application/json', payload: '{"__proto__": {"isAdmin": true}}' },
  {
    what: 'JSON nested 50,000 deep',
    contentType: 'application/json',
    payload: `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
  },
  {
    what: 'a 9 MB body (over the body limit)',
    contentType: 'application/json',
    payload: JSON.stringify({ name: 'x'.repeat(9 * 1024 * 1024) }),
  },
  { what: 'plain text', contentType: 'text/plain', payload: 'name=Haircut' },
  { what: 'a URL-encoded form', contentType: 'application/x-www-form-urlencoded', payload: 'name=Haircut' },
  {
    what: 'multipart cut off',
    contentType: 'multipart/form-data; boundary=XyZ',
    payload: '--XyZ\r\nContent-Disposition: form-data; name="na',
  },
  { what: 'no content type', contentType: undefined, payload: '{"name": "x"}' },
];

/** `?input=` values that are not JSON at all, or far too much of it. */
const MALFORMED_QUERY_INPUTS = [
  '%7B',
  '%',
  '%E0%A4%A',
  'undefined',
  encodeURIComponent(`{"a":"${'x'.repeat(50_000)}"}`),
  '%22%5Cud800%22',
];

/** Procedure paths that name nothing, or try to reach past the router. */
const GARBAGE_PATHS = [
  '',
  'nope',
  'public',
  'public.services',
  'public.services.list.toString',
  '__proto__',
  'constructor',
  'public.__proto__.list',
  'admin..stats',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  'public.services.list%00',
  "public.services.list'--",
  `a${'.b'.repeat(900)}`,
  'x'.repeat(2_100),
  'public.services.list,',
  ',,,',
];

describe('hostile input to every tRPC procedure', () => {
  let env: TestEnvironment;
  let app: FastifyInstance;
  const clients = new Map<Who, TestClient>();
  const figures = { requests: 0, refusals: 0, successes: 0, serverErrors: 0, byStatus: new Map<number, number>() };

  const salon = useTestApp();
  beforeAll(async () => {
    ({ env, app } = salon);
    clients.set('anonymous', new TestClient(app));
    clients.set('customer', await signedIn(app, 'customer'));
    clients.set('admin', await signedIn(app, 'admin'));
  });
  afterAll(() => {
    const statuses = [...figures.byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${String(status)}x${String(count)}`);
    console.log(
      `[guarantee] /trpc hostile input: ${String(figures.requests)} requests to ${String(PROCEDURES.length)} procedures ` +
        `(single, batched, garbage paths) as anonymous, customer and admin; 5xx = ${String(figures.serverErrors)}; ` +
        `${String(figures.refusals)} refusals with a message and no row written; ${String(figures.successes)} accepted; statuses ${statuses.join(' ')}`,
    );
  });

  function cookieOf(who: Who): Record<string, string> {
    const client = clients.get(who);
    if (!client || client.cookies.size === 0) return {};
    return { cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
  }

  /** The HTTP statuses a tRPC body reports: one per call of a batch, or the one of a single call. */
  function reportedStatuses(body: unknown): number[] {
    const items = Array.isArray(body) ? (body as unknown[]) : [body];
    return items.flatMap((item) => {
      const status = (item as { error?: { data?: { httpStatus?: unknown } } } | null)?.error?.data?.httpStatus;
      return typeof status === 'number' ? [status] : [];
    });
  }

  /** A refusal names its cause in words: tRPC's `error.message` per call, or a message of its own. */
  function expectMessages(response: LightMyRequestResponse, what: string): void {
    if (response.headers['content-type']?.toString().startsWith('text/plain')) {
      expect(response.body, what).toMatch(/\S/);
      return;
    }
    const body = response.json<unknown>();
    const items = Array.isArray(body) ? (body as unknown[]) : [body];
    for (const item of items) {
      const record = item as { error?: { message?: unknown }; message?: unknown; result?: unknown } | null;
      if (record?.result !== undefined) continue;
      const message = record?.error?.message ?? record?.message;
      expect(message, what).toEqual(expect.stringMatching(/\S/));
    }
  }

  /**
   * Sends one request as `who` and checks the answer: below 500 (and so is every call of a
   * batch); a refusal carries a message; nothing leaks; a refusal wrote no row.
   */
  async function sendAndCheck(
    who: Who,
    request: {
      method: 'GET' | 'POST';
      url: string;
      payload?: string;
      contentType?: string | undefined;
      sent?: unknown;
      writes?: boolean;
    },
  ): Promise<LightMyRequestResponse> {
    const before = rowsWritten(env);
    const headers: Record<string, string> = { origin: ORIGIN, ...cookieOf(who) };
    if (request.contentType !== undefined) headers['content-type'] = request.contentType;
    const response = await app.inject({ method: request.method, url: request.url, payload: request.payload, headers });
    const status = response.statusCode;
    figures.requests += 1;
    figures.byStatus.set(status, (figures.byStatus.get(status) ?? 0) + 1);
    const what = `${who} ${request.method} ${request.url.slice(0, 200)} -> ${String(status)} ${response.body.slice(0, 300)}`;
    const isJson = response.headers['content-type']?.toString().startsWith('application/json') === true;
    const reported = isJson ? reportedStatuses(response.json<unknown>()) : [];
    if (status >= 500 || reported.some((code) => code >= 500)) figures.serverErrors += 1;
    expect(status, what).toBeLessThan(500);
    for (const code of reported) expect(code, what).toBeLessThan(500);

    const sent = [request.url, ...stringsIn(request.sent)];
    try {
      sent.push(decodeURIComponent(request.url));
    } catch {
      // A deliberately broken escape: the raw URL is in the list already.
    }
    const answer = withoutEchoes(response.body, sent);
    for (const leak of LEAKS) expect(answer, `${what}: matches ${String(leak)}`).not.toMatch(leak);

    if (status >= 400) {
      figures.refusals += 1;
      expectMessages(response, what);
      if (request.writes !== true) expect(rowsWritten(env), `${what}: rows were written`).toBe(before);
    } else {
      figures.successes += 1;
    }
    return response;
  }

  /** A single call with `input`: a query as GET `?input=`, a mutation as a POSTed JSON body. */
  const call = (procedure: Procedure, input: unknown) =>
    procedure.type === 'query'
      ? {
          method: 'GET' as const,
          url: `${TRPC}/${procedure.path}?input=${encodeURIComponent(JSON.stringify(input))}`,
          sent: input,
          writes: REFUSALS_THAT_WRITE.has(procedure.path),
        }
      : {
          method: 'POST' as const,
          url: `${TRPC}/${procedure.path}`,
          payload: JSON.stringify(input),
          contentType: 'application/json',
          sent: input,
          writes: REFUSALS_THAT_WRITE.has(procedure.path),
        };

  describe.each(PROCEDURES)('$type $path', (procedure) => {
    it('answers random JSON inputs from every kind of visitor without a 5xx, a leak or a written row', async () => {
      for (const who of sessionsFor(procedure)) {
        await fc.assert(
          fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }), async (input) => {
            await sendAndCheck(who, call(procedure, input));
          }),
          { numRuns: 4 },
        );
      }
    });

    if (procedure.fields.length > 0) {
      it('answers its own field names filled with numbers, arrays, objects, huge strings and null bytes without a 5xx, a leak or a written row', async () => {
        for (const who of sessionsFor(procedure)) {
          await fc.assert(
            fc.asyncProperty(
              fc.dictionary(fc.constantFrom(...procedure.fields), hostileValue, { minKeys: 1 }),
              async (input) => {
                await sendAndCheck(who, call(procedure, input));
              },
            ),
            { numRuns: 5 },
          );
        }
      });
    }

    it('refuses broken inputs, wrong content types, a 9 MB body and the wrong HTTP method without a 5xx, a leak or a written row', async () => {
      const who = strongestFor(procedure);
      const writes = REFUSALS_THAT_WRITE.has(procedure.path);
      if (procedure.type === 'query') {
        for (const input of MALFORMED_QUERY_INPUTS) {
          await sendAndCheck(who, { method: 'GET', url: `${TRPC}/${procedure.path}?input=${input}`, writes });
        }
        // A query cannot change anything, so POSTing one is refused.
        const posted = await sendAndCheck(who, {
          method: 'POST',
          url: `${TRPC}/${procedure.path}`,
          payload: '{}',
          contentType: 'application/json',
        });
        expect(posted.statusCode).toBeGreaterThanOrEqual(400);
        return;
      }
      for (const body of MALFORMED_BODIES) {
        const response = await sendAndCheck(who, {
          method: 'POST',
          url: `${TRPC}/${procedure.path}`,
          payload: body.payload,
          contentType: body.contentType,
          sent: body.payload.length < 100_000 ? body.payload : undefined,
          writes,
        });
        if (body.what.startsWith('a 9 MB')) expect(response.statusCode, body.what).toBe(413);
      }
      // A link that GETs a mutation must never run it.
      const fetched = await sendAndCheck(who, { method: 'GET', url: `${TRPC}/${procedure.path}?input=%7B%7D` });
      expect(fetched.statusCode).toBeGreaterThanOrEqual(400);
    });
  });

  describe('batches and procedure paths', () => {
    const queries = PROCEDURES.filter((procedure) => procedure.type === 'query');
    const mutations = PROCEDURES.filter(
      (procedure) =>
        procedure.type === 'mutation' &&
        !ENDS_THE_SESSION.has(procedure.path) &&
        !REFUSALS_THAT_WRITE.has(procedure.path),
    );

    it('answers batches of queries and of mutations with malformed inputs without a 5xx, a leak or a written row', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom<Who>(...EVERYONE),
          fc.boolean(),
          fc.array(fc.tuple(fc.nat(), fc.oneof(fc.jsonValue({ maxDepth: 2 }), hostileValue)), {
            minLength: 1,
            maxLength: 6,
          }),
          async (who, asQueries, calls) => {
            const pool = asQueries ? queries : mutations;
            const chosen = calls.map(([index, input]) => ({ procedure: pool[index % pool.length]!, input }));
            const paths = chosen.map(({ procedure }) => procedure.path).join(',');
            const inputs = Object.fromEntries(chosen.map(({ input }, index) => [String(index), input]));
            await sendAndCheck(
              who,
              asQueries
                ? {
                    method: 'GET',
                    url: `${TRPC}/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`,
                    sent: inputs,
                  }
                : {
                    method: 'POST',
                    url: `${TRPC}/${paths}?batch=1`,
                    payload: JSON.stringify(inputs),
                    contentType: 'application/json',
                    sent: inputs,
                  },
            );
          },
        ),
        { numRuns: 60 },
      );
    });

    it('answers batches whose input is not an object of calls (an array, a string, broken JSON) without a 5xx or a written row', async () => {
      const paths = queries
        .slice(0, 3)
        .map((procedure) => procedure.path)
        .join(',');
      for (const input of ['%5B1%2C2%5D', '%22x%22', 'null', '%7B', '%7B%220%22%3A%7B%7D%2C%2299%22%3A%7B%7D%7D']) {
        await sendAndCheck('customer', { method: 'GET', url: `${TRPC}/${paths}?batch=1&input=${input}` });
      }
      const mutationPaths = mutations
        .slice(0, 3)
        .map((procedure) => procedure.path)
        .join(',');
      for (const payload of ['[1,2,3]', '"x"', '{"0":', '{"5": {"a": 1}}']) {
        await sendAndCheck('admin', {
          method: 'POST',
          url: `${TRPC}/${mutationPaths}?batch=1`,
          payload,
          contentType: 'application/json',
        });
      }
    });

    it(`refuses a batch of more than ${String(MAX_TRPC_BATCH)} calls as a whole, running none of them`, async () => {
      const tooMany = Array.from(
        { length: MAX_TRPC_BATCH + 1 },
        (_, index) => queries[index % queries.length]?.path ?? '',
      ).join(',');
      const response = await sendAndCheck('admin', { method: 'GET', url: `${TRPC}/${tooMany}?batch=1` });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);

      const tooManyMutations = Array.from({ length: 50 }, () => 'admin.services.delete').join(',');
      const inputs = Object.fromEntries(
        Array.from({ length: 50 }, (_, index) => [String(index), { id: 'no-such-service' }]),
      );
      const posted = await sendAndCheck('admin', {
        method: 'POST',
        url: `${TRPC}/${tooManyMutations}?batch=1`,
        payload: JSON.stringify(inputs),
        contentType: 'application/json',
      });
      expect(posted.statusCode).toBeGreaterThanOrEqual(400);
    });

    /**
     * A 4xx, or in a batch naming a real procedure beside nothing ("public.services.list,") tRPC's
     * 207: the real call answered, the empty name refused with a 4xx of its own.
     */
    function expectRefused(response: LightMyRequestResponse, what: string): void {
      if (response.statusCode === 207) {
        expect(
          reportedStatuses(response.json<unknown>()).some((code) => code >= 400 && code < 500),
          what,
        ).toBe(true);
      } else {
        expect(response.statusCode, what).toBeGreaterThanOrEqual(400);
      }
    }

    it('answers procedure paths that name nothing or try to reach past the router with a 4xx and no leak', async () => {
      for (const who of EVERYONE) {
        for (const path of GARBAGE_PATHS) {
          for (const batch of ['', '?batch=1']) {
            const get = await sendAndCheck(who, { method: 'GET', url: `${TRPC}/${path}${batch}` });
            expectRefused(get, `GET ${path}${batch}`);
            const post = await sendAndCheck(who, {
              method: 'POST',
              url: `${TRPC}/${path}${batch}`,
              payload: '{}',
              contentType: 'application/json',
            });
            expectRefused(post, `POST ${path}${batch}`);
          }
        }
      }
    });
  });

  it('leaves both signed-in visitors signed in, so their runs really were signed in, and never answered with a 5xx', async () => {
    expect((await clients.get('customer')?.trpc('query', 'customer.account.me'))?.status).toBe(200);
    expect((await clients.get('admin')?.trpc('query', 'admin.account.me'))?.status).toBe(200);
    expect(figures.requests).toBeGreaterThan(1_000);
    expect(figures.serverErrors).toBe(0);
  });
});
