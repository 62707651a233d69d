// The server-rendered public pages kept in memory (ssr.ts, catalogue/cache.ts) over real HTTP,
// with the client's real router and pages: every other spelling of a page is sent to its own
// address, a path of no page is the not-found page, a reset link is never kept, and no stream of
// made-up addresses makes the cache grow; the pages themselves are kept and sent gzipped as before.
import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cachedEntryCount, forgetCatalogue, MAX_ENTRIES, recall, remember } from '@/server/catalogue/cache';
import { services } from '@/server/db/schema';
import { CLOSED_DISCOUNT_COOKIE } from '@/shared/constants';
import { useTestApp } from '@/server/test/app';
import { renderingClientDir } from '@/server/test/page-renderer';
import type { TestEnvironment } from '@/server/test/test-db';
import { PAGE_ROUTES } from './page-paths';

const token = () => randomBytes(12).toString('hex');
/** A page rendered on the server: its root holds the markup, not nothing. */
const RENDERED = /<div id="root"><(?!\/div>)/;

describe('the server-rendered pages kept in memory', () => {
  let env: TestEnvironment;
  let app: FastifyInstance;
  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
  const entries = () => cachedEntryCount(env.database.db);

  const salon = useTestApp({ clientDir: renderingClientDir });
  beforeAll(() => {
    ({ env, app } = salon);
  });

  it('knows only pages the client’s router shows', async () => {
    for (const route of PAGE_ROUTES) {
      const url = route.replace(':token', token());
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.body, url).toMatch(RENDERED);
    }
  });

  it('sends another spelling of a page to its own address, with its query, and no other path', async () => {
    const resetToken = `AbC${token()}`;
    const spellings: [string, string][] = [
      ['/sErvice', '/service'],
      ['/SERVICE', '/service'],
      ['/%73ervice', '/service'],
      ['/%53%45rvice/', '/service'],
      ['//service', '/service'],
      ['/About//', '/about'],
      ['/Contact?ref=mail&x=%2F', '/contact?ref=mail&x=%2F'],
      ['//', '/'],
      ['/My-Appointments', '/my-appointments'],
      [`/Reset-password/${resetToken}`, `/reset-password/${resetToken}`],
      [`/reset-password//${resetToken}`, `/reset-password/${resetToken}`],
      ['/reset-password/%61bc', '/reset-password/abc'],
    ];
    for (const [asked, target] of spellings) {
      const answer = await get(asked);
      expect(answer.statusCode, asked).toBe(301);
      expect(answer.headers.location, asked).toBe(target);
    }
    // The page's own address, with or without a trailing slash as ever, is the page.
    for (const url of ['/service', '/service/', '/about//', '/', `/reset-password/${resetToken}`]) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.body, url).toMatch(RENDERED);
    }
    // A path of no page stays the not-found page, never a redirect.
    for (const url of ['/no-such-page', '/sErvice/extra', '/servicé', '/reset-password', '/servic%65s']) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.headers.location, url).toBeUndefined();
      expect(answer.body, url).toMatch(RENDERED);
    }
  });

  it('keeps a page at its own address and sends it gzipped, the same bytes each time', async () => {
    // Emptied as an admin's edit empties it; the lists every page shows come back with the first.
    forgetCatalogue(env.database.db);
    await get('/service');
    const before = entries();
    const first = await get('/contact', { 'accept-encoding': 'gzip, br' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(first.headers.vary).toMatch(/Accept-Encoding/);
    const html = gunzipSync(first.rawPayload).toString();
    expect(html).toMatch(RENDERED);
    expect(html).toContain('Classic Manicure');
    // The page itself is the one new entry; asked again, in any form, it is that entry.
    expect(entries()).toBe(before + 1);
    const again = await get('/contact', { 'accept-encoding': 'gzip' });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect((await get('/contact')).body).toBe(html);
    expect(gunzipSync((await get('/contact/', { 'accept-encoding': 'gzip' })).rawPayload).toString()).toBe(html);
    expect(entries()).toBe(before + 1);
  });

  it('shows a salon text with dollar signs as written (no replacement pattern is read in it)', async () => {
    const description = "Save $$ on a second visit: $& $' $` and $1 are kept.";
    const [service] = env.database.db.select({ id: services.id }).from(services).limit(1).all();
    if (!service) throw new Error('the demo seed has services');
    env.database.db.update(services).set({ description }).where(eq(services.id, service.id)).run();
    forgetCatalogue(env.database.db);
    const html = (await get('/service')).body;
    expect(html).toMatch(RENDERED);
    // In the markup (apostrophes as React escapes them) and in the data the page hydrates from.
    expect(html).toContain(description.replace('&', '&amp;').replace("'", '&#x27;'));
    expect(html).toContain(JSON.stringify(description));
    expect(html.match(/<div id="root">/g)).toHaveLength(1);
  });

  it('renders the admin login alone of the back office, at one address, in one copy without the public layout’s data', async () => {
    for (const spelling of ['/ADMIN/login', '/admin//login', '/%61dmin/Login']) {
      const answer = await get(spelling);
      expect(answer.statusCode, spelling).toBe(301);
      expect(answer.headers.location, spelling).toBe('/admin/login');
    }
    // Any other back-office path is the browser's to draw: the bare page, never kept.
    for (const path of ['/admin', '/admin/login/extra', '/admin/reports']) {
      const answer = await get(path);
      expect(answer.statusCode, path).toBe(200);
      expect(answer.body, path).toContain('<div id="root"></div>');
    }
    forgetCatalogue(env.database.db);
    const login = (await get('/admin/login')).body;
    expect(login).toMatch(RENDERED);
    expect(login).toContain('Welcome Admin');
    // The page shows no discount banner and no footer, so it carries none of their data.
    expect(login).not.toContain('["public","discounts","list"]');
    expect(login).not.toContain('["public","salon","openingHours"]');
    // (as a public page does)
    expect((await get('/contact')).body).toContain('["public","discounts","list"]');
    // A visitor who closed the public pages' banner gets the same, one copy.
    const before = entries();
    const listed = JSON.parse((await get('/trpc/public.discounts.list')).body) as {
      result: { data: { _id: string }[] };
    };
    const discount = listed.result.data[0]?._id;
    if (!discount) throw new Error('the demo seed shows a discount');
    const closed = await get('/admin/login', { cookie: `${CLOSED_DISCOUNT_COOKIE}=${encodeURIComponent(discount)}` });
    expect(closed.body).toBe(login);
    expect(entries()).toBe(before);
  });

  it('never keeps a reset-password page, however spelt: its token is one visitor’s', async () => {
    await get('/');
    const before = entries();
    for (const spelling of ['/reset-password/', '/Reset-password/', '/RESET-PASSWORD/', '/%72eset-password/']) {
      let answer = await get(`${spelling}${token()}`);
      if (answer.statusCode === 301) answer = await get(String(answer.headers.location));
      expect(answer.statusCode, spelling).toBe(200);
    }
    expect(entries()).toBe(before);
  });

  it('keeps no trace of 600 made-up addresses', { timeout: 120_000 }, async () => {
    for (const page of ['/', '/service', '/about', '/contact', '/appointment']) await get(page);
    const before = entries();
    const madeUp = [
      () => `/Reset-password/${token()}`,
      () => `/reset-password/${token()}`,
      () => `/${token()}`,
      () => `/sErvice/${token()}`,
      () =>
        `/${['s', 'E', 'r', 'V', 'i', 'C', 'e'].map((letter) => (Math.random() < 0.5 ? letter : `%${letter.charCodeAt(0).toString(16)}`)).join('')}`,
      () => `/ADMIN/customers/${token()}`,
    ];
    for (let i = 0; i < 600; i += 1) {
      const answer = await get(madeUp[i % madeUp.length]?.() ?? '/');
      expect([200, 301, 404]).toContain(answer.statusCode);
    }
    expect(entries()).toBe(before);
  });

  it('holds at most MAX_ENTRIES answers, the least recently used going first', () => {
    const { db } = env.database;
    remember(db, 'the oldest', 'first');
    remember(db, 'used again', 'second');
    for (let i = 0; i < MAX_ENTRIES; i += 1) {
      if (i === MAX_ENTRIES / 2) expect(recall(db, 'used again')).toBe('second');
      remember(db, `filler ${String(i)}`, i);
    }
    expect(entries()).toBe(MAX_ENTRIES);
    expect(recall(db, 'the oldest')).toBeUndefined();
    expect(recall(db, 'used again')).toBe('second');
  });
});

describe('the public pages of a salon that has saved nothing yet', () => {
  // Production seeds no demo salon: its pages are rendered on the server from the first start,
  // before the owner has entered the contact details (the JSON-LD then leaves them out).
  const salon = useTestApp({ clientDir: renderingClientDir, seed: false });

  it('are rendered on the server, with no contact details in the JSON-LD', async () => {
    for (const url of ['/', '/service', '/about', '/contact']) {
      const answer = await salon.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.body, url).toMatch(RENDERED);
      const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(answer.body)?.[1];
      expect(jsonLd, url).toBeDefined();
      expect(JSON.parse(jsonLd ?? '{}'), url).not.toHaveProperty('telephone');
    }
  });
});
