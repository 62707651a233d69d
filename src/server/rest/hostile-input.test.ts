// Hostile input to every /api/v1 path (README "Guarantees"): fast-check sends random JSON,
// type-confused fields, hostile path ids, random query strings, broken and oversized bodies, as
// an anonymous visitor, a customer and an admin. Whatever arrives, the answer is never a 5xx,
// a refusal is the error envelope (./envelope.ts), no body shows a stack trace or SQL, and a
// refused request leaves every table of the database as it was.
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '@/server/test/app';
import { signedIn } from '@/server/test/catalogue';
import {
  LEAKS,
  hostileString,
  hostileValue,
  inputFieldsOf,
  rowsWritten,
  stringsIn,
  withoutEchoes,
} from '@/server/test/hostile';
import { recordApiAnswers } from '@/server/test/api-answers';
import { expectErrorEnvelope, jsonBody } from '@/server/test/contract-shapes';
import { TestClient } from '@/server/test/http';
import type { TestEnvironment } from '@/server/test/test-db';
import { procedureAt } from './procedures';
import { OPENAPI_PATH, openApiDocument } from './openapi';
import { restRoutes } from './routes';

const API = '/api/v1';
/** The test config's PUBLIC_URL: state changes from it pass the same-origin check and reach validation. */
const ORIGIN = 'http://salon.test';
const NINE_MB = 9 * 1024 * 1024;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type Who = 'anonymous' | 'customer' | 'admin';
const EVERYONE: Who[] = ['anonymous', 'customer', 'admin'];

interface ApiRoute {
  method: Method;
  /** As registered, with the prefix, e.g. `/api/v1/admin/services/:id`. */
  url: string;
  /** The input fields of the procedure behind it (none for a path outside `restRoutes`). */
  fields: string[];
}

/**
 * Refusals that write by design, so "unchanged after a refusal" does not hold for them:
 * a wrong OTP is counted against the address's latest code (5 wrong tries void it).
 */
const REFUSALS_THAT_WRITE = new Set(['POST /api/v1/otp/verify-otp']);

/**
 * Paths that end the session they are sent with: only the anonymous visitor gets them, or the
 * signed-in runs after them would quietly become anonymous ones.
 */
const ENDS_THE_SESSION = new Set(['POST /api/v1/users/logout', 'POST /api/v1/admin/logout']);

/** A path parameter chosen to break whatever looks the id up. */
const hostileId = fc.oneof(
  fc.constantFrom(
    '..',
    '../..',
    '../../etc/passwd',
    "' OR 1=1 --",
    '1; DROP TABLE bookings',
    '\u0000',
    '%00',
    '-1',
    '0',
    '1e309',
    'null',
    'undefined',
    '__proto__',
    'constructor',
    '00000000-0000-0000-0000-000000000000',
    'x'.repeat(1_999),
    'x'.repeat(5_000),
    '\u{1F600}'.repeat(50),
  ),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 60 }),
);

/** A query string as an attacker writes it: repeated keys, brackets, bad escapes, huge values. */
const hostileQuery = fc.oneof(
  fc
    .array(
      fc.tuple(
        fc.oneof(
          fc.string({ maxLength: 12 }),
          fc.constantFrom('a[]', 'a[b][c]', '__proto__[x]', 'constructor[prototype][y]'),
        ),
        hostileString,
      ),
      {
        maxLength: 6,
      },
    )
    .map((pairs) => new URLSearchParams(pairs.map(([key, value]) => [key, value.slice(0, 3_000)])).toString()),
  fc.constantFrom(
    '%',
    '%E0%A4%A',
    '%uD800',
    '&&&==&',
    '=',
    'a=%00',
    `a=${'b'.repeat(60_000)}`,
    'a[0][1][2][3][4][5][6][7][8][9]=1',
  ),
);

/** A body that is not the JSON object a route expects, with the content type it claims. */
const MALFORMED_BODIES: { what: string; contentType: string | undefined; payload: string | Buffer }[] = [
  { what: 'cut-off JSON', contentType: 'application/json', payload: '{"email": "a@b.c", "password":' },
  { what: 'JSON with a trailing comma', contentType: 'application/json', payload: '{"name": "x",}' },
  { what: 'an empty JSON body', contentType: 'application/json', payload: '' },
  { what: 'a JSON array', contentType: 'application/json', payload: '[1, 2, 3]' },
  { what: 'a JSON string', contentType: 'application/json', payload: '"just text"' },
  { what: 'JSON null', contentType: 'application/json', payload: 'null' },
  {
    what: 'a __proto__ key',
    contentType: 'application/json',
    payload: '{"__proto__": {"isAdmin": true}, "name": "x"}',
  },
  {
    what: 'a constructor.prototype key',
    contentType: 'application/json',
    payload: '{"constructor": {"prototype": {"isAdmin": true}}}',
  },
  {
    what: 'JSON nested 50,000 deep',
    contentType: 'application/json',
    payload: `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
  },
  {
    what: 'objects nested 50,000 deep',
    contentType: 'application/json',
    payload: `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`,
  },
  {
    what: 'a 9 MB JSON body (over the body limit)',
    contentType: 'application/json',
    payload: JSON.stringify({ name: 'x'.repeat(NINE_MB) }),
  },
  {
    what: 'JSON in Latin-1',
    contentType: 'application/json; charset=latin1',
    payload: Buffer.from('{"name": "caf\u00e9"}', 'latin1'),
  },
  { what: 'plain text', contentType: 'text/plain', payload: 'name=Haircut' },
  { what: 'a URL-encoded form', contentType: 'application/x-www-form-urlencoded', payload: 'name=Haircut&price=10' },
  {
    what: 'XML',
    contentType: 'application/xml',
    payload: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
  },
  { what: 'no content type', contentType: undefined, payload: '{"name": "x"}' },
  { what: 'a made-up content type', contentType: 'application/x-evil', payload: '\u0000\u0001\u0002' },
  {
    what: 'multipart without a boundary',
    contentType: 'multipart/form-data',
    payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
  },
  {
    what: 'multipart cut off mid-part',
    contentType: 'multipart/form-data; boundary=XyZ',
    payload:
      '--XyZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nHaircut\r\n--XyZ\r\nContent-Disposition: form-data; name="pri',
  },
  {
    what: 'multipart with 500 fields',
    contentType: 'multipart/form-data; boundary=XyZ',
    payload: `${Array.from({ length: 500 }, (_, i) => `--XyZ\r\nContent-Disposition: form-data; name="f${String(i)}"\r\n\r\nv\r\n`).join('')}--XyZ--\r\n`,
  },
  {
    what: 'multipart with a 1 MB text field',
    contentType: 'multipart/form-data; boundary=XyZ',
    payload: `--XyZ\r\nContent-Disposition: form-data; name="name"\r\n\r\n${'n'.repeat(1024 * 1024)}\r\n--XyZ--\r\n`,
  },
];

/** Every /api/v1 path, known before the app is built so each gets its own tests. */
const ROUTES: ApiRoute[] = [
  ...restRoutes.map((route) => ({
    method: route.method,
    url: `${API}${route.path}`,
    fields: inputFieldsOf(procedureAt(route.procedure)?._def.inputs[0]),
  })),
  { method: 'GET' as const, url: `${API}${OPENAPI_PATH}`, fields: [] },
];

const keyOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
const sessionsFor = (route: ApiRoute): Who[] => (ENDS_THE_SESSION.has(keyOf(route)) ? ['anonymous'] : EVERYONE);
/** The most privileged visitor a path may be sent by without ending the session in use. */
const strongestFor = (route: ApiRoute): Who => (ENDS_THE_SESSION.has(keyOf(route)) ? 'anonymous' : 'admin');

/** The route's URL with its parameters filled in. */
const urlOf = (route: ApiRoute, id = '0123456789abcdef01234567', query = '') =>
  `${route.url.replace(/:[A-Za-z]+/g, encodeURIComponent(id))}${query === '' ? '' : `?${query}`}`;

interface HostileRequest {
  url: string;
  payload?: string | Buffer;
  contentType?: string | undefined;
  /** What the request carried, so that an answer quoting it is not taken for a leak. */
  sent?: unknown;
}

const jsonRequest = (route: ApiRoute, value: unknown, query = ''): HostileRequest =>
  route.method === 'GET'
    ? { url: urlOf(route, undefined, query), sent: value }
    : {
        url: urlOf(route, undefined, query),
        payload: JSON.stringify(value),
        contentType: 'application/json',
        sent: value,
      };

/** A test only where the path has what it needs (an id, a body, fields); elsewhere none, not a skipped one. */
function itWhen(condition: boolean, name: string, test: () => Promise<void>): void {
  if (condition) it(name, test);
}

describe('hostile input to every /api/v1 path', () => {
  let env: TestEnvironment;
  let app: FastifyInstance;
  const registered: { method: string; url: string }[] = [];
  let answers: ReturnType<typeof recordApiAnswers>;
  const clients = new Map<Who, TestClient>();
  const figures = { requests: 0, refusals: 0, successes: 0, serverErrors: 0, byStatus: new Map<number, number>() };

  const salon = useTestApp({
    onRoute: (route) => {
      for (const method of [route.method].flat()) registered.push({ method, url: route.url });
    },
  });
  beforeAll(async () => {
    ({ env, app } = salon);
    answers = recordApiAnswers(app);
    await app.ready();
    clients.set('anonymous', new TestClient(app));
    clients.set('customer', await signedIn(app, 'customer'));
    clients.set('admin', await signedIn(app, 'admin'));
  });
  afterAll(() => {
    const statuses = [...figures.byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${String(status)}x${String(count)}`);
    console.log(
      `[guarantee] /api/v1 hostile input: ${String(figures.requests)} requests to ${String(ROUTES.length)} paths ` +
        `as anonymous, customer and admin; 5xx = ${String(figures.serverErrors)}; ${String(figures.refusals)} refusals, ` +
        `every one an error envelope with no row written; ${String(figures.successes)} accepted; statuses ${statuses.join(' ')}`,
    );
  });

  function cookieOf(who: Who): Record<string, string> {
    const client = clients.get(who);
    if (!client || client.cookies.size === 0) return {};
    return { cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
  }

  /**
   * Sends one request as `who` and checks the answer: below 500; a refusal is the error envelope;
   * nothing leaks; a refusal wrote no row.
   */
  async function sendAndCheck(who: Who, route: ApiRoute, request: HostileRequest): Promise<LightMyRequestResponse> {
    const before = rowsWritten(env);
    const headers: Record<string, string> = { origin: ORIGIN, ...cookieOf(who) };
    if (request.contentType !== undefined) headers['content-type'] = request.contentType;
    const response = await app.inject({ method: route.method, url: request.url, payload: request.payload, headers });
    const status = response.statusCode;
    figures.requests += 1;
    figures.byStatus.set(status, (figures.byStatus.get(status) ?? 0) + 1);
    const what = `${who} ${route.method} ${request.url.slice(0, 200)} -> ${String(status)} ${response.body.slice(0, 300)}`;
    if (status >= 500) figures.serverErrors += 1;
    expect(status, what).toBeLessThan(500);

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
      expectErrorEnvelope(response, status);
      if (!REFUSALS_THAT_WRITE.has(keyOf(route))) expect(rowsWritten(env), `${what}: rows were written`).toBe(before);
    } else {
      figures.successes += 1;
      // The OpenAPI document is the one path answered without the envelope.
      if (route.url !== `${API}${OPENAPI_PATH}`)
        expect(jsonBody(response), what).toMatchObject({ success: true, statusCode: status });
    }
    return response;
  }

  it('covers exactly the paths Fastify registers under /api/v1', () => {
    const served = registered
      .filter((route) => route.url.startsWith(`${API}/`) && route.method !== 'HEAD' && route.method !== 'OPTIONS')
      .map(keyOf);
    expect(new Set(ROUTES.map(keyOf))).toEqual(new Set(served));
  });

  describe.each(ROUTES)('$method $url', (route) => {
    it('answers random JSON values from every kind of visitor without a 5xx, a leak or a written row', async () => {
      for (const who of sessionsFor(route)) {
        await fc.assert(
          fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }), async (value) => {
            // A GET carries its input in the query string.
            const query =
              route.method === 'GET' ? new URLSearchParams({ input: JSON.stringify(value) }).toString() : '';
            await sendAndCheck(who, route, jsonRequest(route, value, query));
          }),
          { numRuns: 4 },
        );
      }
    });

    itWhen(
      route.fields.length > 0,
      'answers its own field names filled with numbers, arrays, objects, huge strings and null bytes without a 5xx, a leak or a written row',
      async () => {
        for (const who of sessionsFor(route)) {
          await fc.assert(
            fc.asyncProperty(
              fc.dictionary(fc.constantFrom(...route.fields), hostileValue, { minKeys: 1 }),
              async (fields) => {
                if (route.method !== 'GET') {
                  await sendAndCheck(who, route, jsonRequest(route, fields));
                  return;
                }
                const query = new URLSearchParams(
                  Object.entries(fields).map(([name, value]) => [
                    name,
                    (typeof value === 'string' ? value : JSON.stringify(value)).slice(0, 3_000),
                  ]),
                ).toString();
                await sendAndCheck(who, route, { url: urlOf(route, undefined, query), sent: fields });
              },
            ),
            { numRuns: 5 },
          );
        }
      },
    );

    itWhen(
      route.method !== 'GET' && route.fields.length > 0,
      'answers multipart forms of its field names with hostile text and lists without a 5xx, a leak or a written row',
      async () => {
        await fc.assert(
          fc.asyncProperty(
            fc.array(fc.tuple(fc.constantFrom(...route.fields), fc.boolean(), hostileString), {
              minLength: 1,
              maxLength: 12,
            }),
            async (parts) => {
              const form = new FormData();
              for (const [name, asList, value] of parts) form.append(asList ? `${name}[]` : name, value);
              const encoded = new Response(form);
              await sendAndCheck(strongestFor(route), route, {
                url: urlOf(route),
                payload: Buffer.from(await encoded.arrayBuffer()),
                contentType: encoded.headers.get('content-type') ?? undefined,
                sent: parts.map(([name, , value]) => [name, value]),
              });
            },
          ),
          { numRuns: 3 },
        );
      },
    );

    itWhen(
      route.url.includes('/:'),
      'answers hostile ids in its path (../, SQL, null bytes, broken escapes, 5,000 characters) without a 5xx, a leak or a written row',
      async () => {
        for (const who of sessionsFor(route)) {
          await fc.assert(
            fc.asyncProperty(hostileId, async (id) => {
              await sendAndCheck(who, route, { ...jsonRequest(route, {}), url: urlOf(route, id), sent: id });
            }),
            { numRuns: 6 },
          );
          // Escaped traversal and broken escapes, as a hand-typed URL sends them.
          for (const raw of ['..%2F..%2F..%2Fetc%2Fpasswd', '%E0%A4%A', '%']) {
            await sendAndCheck(who, route, { ...jsonRequest(route, {}), url: route.url.replace(/:[A-Za-z]+/g, raw) });
          }
        }
      },
    );

    it('answers random query strings without a 5xx, a leak or a written row', async () => {
      for (const who of sessionsFor(route)) {
        await fc.assert(
          fc.asyncProperty(hostileQuery, async (query) => {
            await sendAndCheck(who, route, { ...jsonRequest(route, {}, query), sent: query });
          }),
          { numRuns: 3 },
        );
      }
    });

    itWhen(
      route.method !== 'GET',
      'refuses broken JSON, wrong content types, deep nesting and a 9 MB body with a 4xx envelope and no written row',
      async () => {
        for (const body of MALFORMED_BODIES) {
          const response = await sendAndCheck(strongestFor(route), route, {
            url: urlOf(route),
            payload: body.payload,
            contentType: body.contentType,
            sent: typeof body.payload === 'string' && body.payload.length < 100_000 ? body.payload : undefined,
          });
          // The body limit (8 MB) stops a 9 MB body before the route reads it.
          if (body.what.startsWith('a 9 MB')) expect(response.statusCode, body.what).toBe(413);
        }
      },
    );
  });

  it('leaves both signed-in visitors signed in, so their runs really were signed in, and never answered with a 5xx', async () => {
    expect((await clients.get('customer')?.rest('GET', '/users/me'))?.status).toBe(200);
    expect((await clients.get('admin')?.rest('GET', '/admin/me'))?.status).toBe(200);
    expect(figures.requests).toBeGreaterThan(1_000);
    expect(figures.serverErrors).toBe(0);
  });

  it('got only answers the OpenAPI document lists for their operation', () => {
    expect(answers.undocumentedIn(openApiDocument())).toEqual([]);
  });
});
