// What a browser is told about every answer (CSP, sniffing, referrer, HSTS), how the session
// cookies are set, and how a form posted from another site's page is refused.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_CUSTOMER } from './setup/seed';
import { reviews } from './db/schema';
import { useTestApp } from './test/app';
import { idOfService } from './test/bookings';
import { signedIn } from './test/catalogue';
import { TestClient } from './test/http';
import type { TestEnvironment } from './test/test-db';

/** A built web client of one page, so client routes answer with HTML. */
function fakeClientDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'salon-client-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  return dir;
}

/** An HTML page, an /api/v1 answer and a /trpc answer: every kind of answer the server gives. */
const ANSWER_KINDS = ['/service', '/api/v1/services', '/trpc/public.services.list'];

const setCookies = (response: LightMyRequestResponse): string[] => {
  const raw = response.headers['set-cookie'];
  return raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
};

const cookieHeader = (client: TestClient): string =>
  [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

describe('security headers', () => {
  let app: FastifyInstance;
  const salon = useTestApp({ clientDir: fakeClientDir });
  beforeAll(() => {
    ({ app } = salon);
  });

  it('forbids plugins, <base> and framing, sniffing, and full referrers on pages, REST and tRPC answers, without HSTS in development', async () => {
    for (const url of ANSWER_KINDS) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      const csp = String(response.headers['content-security-policy']);
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).toContain("base-uri 'none'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      // Over plain http on a developer's machine, HSTS would pin localhost to https for a year.
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
    }
    // Refusals carry them too: an error page is still a page a browser renders.
    const refused = await app.inject({ method: 'GET', url: '/api/v1/users/me' });
    expect(refused.statusCode).toBe(401);
    expect(String(refused.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('in production', () => {
  let app: FastifyInstance;
  const salon = useTestApp({
    env: { NODE_ENV: 'production', PUBLIC_URL: 'https://salon.test' },
    clientDir: fakeClientDir,
  });
  beforeAll(() => {
    expect(salon.config.production).toBe(true);
    ({ app } = salon);
  });

  it('tells browsers to use https only, on pages, REST and tRPC answers', async () => {
    for (const url of ANSWER_KINDS) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['strict-transport-security'], url).toMatch(/max-age=31536000/);
      expect(String(response.headers['content-security-policy']), url).toContain("object-src 'none'");
    }
  });

  it('sets both session cookies Secure, HttpOnly, SameSite=Lax and Path=/, and clears them the same way', async () => {
    for (const [path, account, name] of [
      ['/users', DEMO_CUSTOMER, 'salon_session'],
      ['/admin', DEMO_ADMIN, 'salon_admin_session'],
    ] as const) {
      const browser = new TestClient(app);
      const login = await browser.request('POST', `/api/v1${path}/login`, {
        email: account.email,
        password: account.password,
      });
      expect(login.statusCode, path).toBe(200);
      const cookie = setCookies(login).find((line) => line.startsWith(`${name}=`)) ?? '';
      expect(cookie, path).not.toBe('');
      for (const attribute of [/;\s*Secure/i, /;\s*HttpOnly/i, /;\s*SameSite=Lax/i, /;\s*Path=\/(;|$)/]) {
        expect(cookie, `${path} cookie`).toMatch(attribute);
      }
      // The cookie works: the session it carries is recognised.
      expect((await browser.rest('GET', `${path}/me`)).status, path).toBe(200);

      const logout = await browser.request('POST', `/api/v1${path}/logout`);
      expect(logout.statusCode, path).toBe(200);
      const cleared = setCookies(logout).find((line) => line.startsWith(`${name}=`)) ?? '';
      expect(cleared, `${path} logout`).toMatch(/;\s*Secure/i);
      expect(cleared, `${path} logout`).toMatch(/;\s*HttpOnly/i);
    }
  });
});

describe('a form posted from another site', () => {
  let env: TestEnvironment;
  let app: FastifyInstance;
  let admin: TestClient;
  let customer: TestClient;
  let serviceId: string;

  const salon = useTestApp({ admin: true });
  beforeAll(async () => {
    ({ env, app, admin } = salon);
    customer = await signedIn(app, 'customer');
    serviceId = idOfService(env.database.db, 'Classic Manicure');
  });

  /** A body as an HTML form with this enctype sends it. */
  async function formBody(
    enctype: string,
    fields: Record<string, string>,
  ): Promise<{ payload: Buffer | string; type: string }> {
    if (enctype === 'multipart/form-data') {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      const encoded = new Response(form);
      return { payload: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get('content-type') ?? '' };
    }
    if (enctype === 'text/plain') {
      return {
        payload: Object.entries(fields)
          .map(([name, value]) => `${name}=${value}\r\n`)
          .join(''),
        type: enctype,
      };
    }
    return { payload: new URLSearchParams(fields).toString(), type: enctype };
  }

  it('is refused with 403 over REST and tRPC, whatever its encoding, and changes nothing', async () => {
    const reviewsBefore = env.database.db.select().from(reviews).all().length;
    const passwordChange = { currentPassword: DEMO_ADMIN.password, newPassword: 'taken-over-1' };
    const targets: { who: TestClient; url: string; fields: Record<string, string> }[] = [
      { who: admin, url: '/api/v1/admin/change-password', fields: passwordChange },
      { who: admin, url: '/trpc/admin.account.changePassword', fields: passwordChange },
      {
        who: customer,
        url: `/api/v1/reviews/${serviceId}`,
        fields: { service: serviceId, rating: '1', comment: 'Posted by another site.' },
      },
      { who: customer, url: '/api/v1/users/logout', fields: {} },
      { who: customer, url: '/trpc/customer.account.logout', fields: {} },
    ];
    // What a browser adds: both, or only one of them (older browsers send no Sec-Fetch-Site).
    const foreignHeaders = [
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
    ];
    let attempts = 0;
    let refused = 0;
    for (const enctype of ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']) {
      for (const target of targets) {
        for (const headers of foreignHeaders) {
          const { payload, type } = await formBody(enctype, target.fields);
          const response = await app.inject({
            method: 'POST',
            url: target.url,
            payload,
            headers: { ...headers, 'content-type': type, cookie: cookieHeader(target.who) },
          });
          attempts += 1;
          const label = `${enctype} to ${target.url} with ${JSON.stringify(headers)}`;
          expect(response.statusCode, label).toBe(403);
          if (target.url.startsWith('/api/')) {
            expect(response.json(), label).toMatchObject({
              statusCode: 403,
              success: false,
              message: 'Cross-site request refused.',
            });
          } else {
            expect(response.json(), label).toMatchObject({
              error: { message: 'Cross-site request refused.', data: { code: 'FORBIDDEN' } },
            });
          }
          expect(setCookies(response), label).toEqual([]);
          refused += 1;
        }
      }
    }

    // Nothing happened: the password, the reviews and both sessions are as they were.
    expect(env.database.db.select().from(reviews).all()).toHaveLength(reviewsBefore);
    expect((await customer.rest('GET', '/users/me')).status).toBe(200);
    expect((await admin.rest('GET', '/admin/me')).status).toBe(200);
    const oldPassword = await new TestClient(app).rest('POST', '/admin/login', {
      email: DEMO_ADMIN.email,
      password: DEMO_ADMIN.password,
    });
    expect(oldPassword.status).toBe(200);
    const newPassword = await new TestClient(app).rest('POST', '/admin/login', {
      email: DEMO_ADMIN.email,
      password: 'taken-over-1',
    });
    expect(newPassword.status).toBe(401);
    console.log(
      `[guarantee] ${attempts} cross-site form POSTs (3 encodings, 5 REST/tRPC targets, 4 header sets) with a valid session: ${refused} refused with 403, 0 changes`,
    );
  });

  it('goes through from the site itself when the browser says same-origin and sends no Origin', async () => {
    const sameOrigin = { 'sec-fetch-site': 'same-origin' };
    const changed = await admin.rest(
      'POST',
      '/admin/change-password',
      { currentPassword: DEMO_ADMIN.password, newPassword: 'rotated-123' },
      sameOrigin,
    );
    expect(changed.status).toBe(200);
    const back = await admin.trpc(
      'mutation',
      'admin.account.changePassword',
      { currentPassword: 'rotated-123', newPassword: DEMO_ADMIN.password },
      sameOrigin,
    );
    expect(back.status).toBe(200);
    // The site's own page with an Origin, and a script that sends neither header, pass as well.
    const review = await customer.rest(
      'POST',
      `/reviews/${serviceId}`,
      { service: serviceId, rating: 5, comment: 'Lovely and careful work.' },
      { origin: 'http://salon.test', 'sec-fetch-site': 'same-origin' },
    );
    expect(review.status).toBe(201);
    expect((await customer.rest('POST', '/users/logout')).status).toBe(200);
    expect((await customer.rest('GET', '/users/me')).status).toBe(401);
  });

  it('answers a same-site tRPC call whose body is not JSON with 415, not a server error', async () => {
    for (const enctype of ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']) {
      const { payload, type } = await formBody(enctype, {
        currentPassword: DEMO_ADMIN.password,
        newPassword: 'not-json-123',
      });
      const response = await app.inject({
        method: 'POST',
        url: '/trpc/admin.account.changePassword',
        payload,
        headers: { 'content-type': type, 'sec-fetch-site': 'same-origin', cookie: cookieHeader(admin) },
      });
      expect(response.statusCode, enctype).toBe(415);
      expect(response.json(), enctype).toMatchObject({
        error: { message: 'Send the input as JSON (content-type: application/json).' },
      });
    }
    const still = await new TestClient(app).rest('POST', '/admin/login', {
      email: DEMO_ADMIN.email,
      password: DEMO_ADMIN.password,
    });
    expect(still.status).toBe(200);
  });
});
