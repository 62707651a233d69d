// CORS_ORIGINS (README "Configuration") in a real browser: a client hosted on another origin logs in
// and calls /api/v1 with credentials; a page on an origin not listed can neither read answers nor
// change anything with the customer's cookie.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';

const baseUrl = inject('baseUrl');
const api = `${baseUrl}/api/v1`;

/** A bare page on its own origin, standing in for a separately hosted copy of the web client. */
function servePage(port: number): Promise<Server> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>elsewhere</title>');
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

const close = (server: Server) => new Promise((resolve) => server.close(resolve));

interface Answer {
  status: number;
  body: { data: { email?: string; user?: { email: string } } | null };
}

/** A fetch from inside the page, with the page's origin and the browser's cookies. */
const call = (page: Page, method: string, url: string, body?: unknown) =>
  page.evaluate(
    async ({ method, url, body }) => {
      const response = await fetch(url, {
        method,
        credentials: 'include',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as unknown } as Answer;
    },
    { method, url, body },
  );

describe('a client hosted on another origin', () => {
  let browser: Browser;
  let context: BrowserContext;
  let client: Server;
  let stranger: Server;
  let strangerOrigin: string;

  beforeAll(async () => {
    const clientOrigin = new URL(inject('corsClientOrigin'));
    client = await servePage(Number(clientOrigin.port));
    stranger = await servePage(0);
    strangerOrigin = `http://127.0.0.1:${(stranger.address() as AddressInfo).port}`;
    browser = await launchBrowser();
    // One browser, one cookie jar: the stranger's page would ride on the customer's session.
    context = await browser.newContext();
  });
  afterAll(async () => {
    await browser.close();
    await Promise.all([close(client), close(stranger)]);
  });

  it('logs in with credentials, reads the account, and the page elsewhere cannot log the customer out', async () => {
    const page = await context.newPage();
    await page.goto(inject('corsClientOrigin'));
    const login = await call(page, 'POST', `${api}/users/login`, {
      email: 'customer@salon.test',
      password: 'customer123',
    });
    expect(login.status).toBe(200);
    expect(login.body.data?.user?.email).toBe('customer@salon.test');
    const me = await call(page, 'GET', `${api}/users/me`);
    expect(me).toMatchObject({ status: 200, body: { data: { email: 'customer@salon.test' } } });

    const elsewhere = await context.newPage();
    await elsewhere.goto(strangerOrigin);
    // Reading is blocked by the browser: no CORS headers for this origin.
    const read = await elsewhere.evaluate(async (url) => {
      try {
        await fetch(url, { credentials: 'include' });
        return 'read';
      } catch {
        return 'blocked';
      }
    }, `${api}/users/me`);
    expect(read).toBe('blocked');
    // A form-like POST needs no preflight and carries the cookie (the DevTools protocol shows the
    // headers really sent); the server must refuse it. The browser then withholds the answer from
    // the page anyway (Cross-Origin-Resource-Policy), so the proof is the session afterwards.
    const devtools = await context.newCDPSession(elsewhere);
    await devtools.send('Network.enable');
    const sentCookies: string[] = [];
    devtools.on('Network.requestWillBeSentExtraInfo', (event) => {
      if (event.headers['Sec-Fetch-Mode'] === 'no-cors') sentCookies.push(String(event.headers.Cookie));
    });
    await elsewhere.evaluate(async (url) => {
      await fetch(url, { method: 'POST', mode: 'no-cors', credentials: 'include', body: new FormData() }).catch(
        () => null,
      );
    }, `${api}/users/logout`);
    await expect.poll(() => sentCookies).toEqual([expect.stringContaining('salon_session=')]);

    const still = await call(page, 'GET', `${api}/users/me`);
    expect(still.status).toBe(200);
  });
});
