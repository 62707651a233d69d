// CORS_ORIGINS (README "Configuration"): a separately hosted client may call /api/v1 with credentials;
// any other origin gets no CORS headers and its state changes are refused.
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER } from '@/server/setup/seed';
import { useTestApp } from '@/server/test/app';
import { recordApiAnswers } from '@/server/test/api-answers';
import { TestClient } from '@/server/test/http';
import { openApiDocument } from './openapi';

const CLIENT = 'http://client.salon.test:5173';
const STRANGER = 'http://evil.test';

/** What a browser adds to a request a page of `origin` sends to another site. */
const from = (origin: string) => ({ origin, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors' });

const preflight = (app: FastifyInstance, origin: string, path: string, method: string) =>
  app.inject({
    method: 'OPTIONS',
    url: `/api/v1${path}`,
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'content-type',
    },
  });

const login = { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password };

describe('CORS_ORIGINS', () => {
  let app: FastifyInstance;
  let answers: ReturnType<typeof recordApiAnswers>;
  const salon = useTestApp({ env: { CORS_ORIGINS: `${CLIENT}, http://other-client.test` } });
  beforeAll(() => {
    ({ app } = salon);
    answers = recordApiAnswers(app);
  });

  it('lets a listed origin send a JSON request with credentials after the preflight', async () => {
    const answer = await preflight(app, CLIENT, '/users/login', 'POST');
    expect(answer.statusCode).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBe(CLIENT);
    expect(answer.headers['access-control-allow-credentials']).toBe('true');
    expect(String(answer.headers['access-control-allow-methods'])).toContain('POST');
    expect(String(answer.headers['access-control-allow-headers']).toLowerCase()).toContain('content-type');
  });

  it('lets a listed origin log in, then read the account with the session cookie', async () => {
    const client = new TestClient(app, from(CLIENT));
    const response = await client.request('POST', '/api/v1/users/login', login);
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe(CLIENT);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(client.cookies.size).toBe(1);

    const me = await client.request('GET', '/api/v1/users/me');
    expect(me.statusCode).toBe(200);
    expect(me.headers['access-control-allow-origin']).toBe(CLIENT);
    expect(me.json<{ data: { email: string } }>().data.email).toBe(DEMO_CUSTOMER.email);
  });

  it('sends a listed origin its CORS headers on errors too, so the client can read the message', async () => {
    const response = await new TestClient(app, from(CLIENT)).request('GET', '/api/v1/users/me');
    expect(response.statusCode).toBe(401);
    expect(response.headers['access-control-allow-origin']).toBe(CLIENT);
  });

  it('gives another origin no CORS headers, on the preflight or the answer', async () => {
    const answer = await preflight(app, STRANGER, '/users/login', 'POST');
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(answer.headers['access-control-allow-credentials']).toBeUndefined();

    const list = await new TestClient(app, from(STRANGER)).request('GET', '/api/v1/services');
    expect(list.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses a state change from another origin and leaves the session as it was', async () => {
    const stranger = new TestClient(app, from(STRANGER));
    const refusedLogin = await stranger.request('POST', '/api/v1/users/login', login);
    expect(refusedLogin.statusCode).toBe(403);
    expect(refusedLogin.headers['access-control-allow-origin']).toBeUndefined();
    expect(stranger.cookies.size).toBe(0);

    // A page elsewhere riding on a customer's cookie cannot log them out.
    const customer = new TestClient(app);
    expect((await customer.request('POST', '/api/v1/users/login', login)).statusCode).toBe(200);
    const ridden = await customer.request('POST', '/api/v1/users/logout', undefined, from(STRANGER));
    expect(ridden.statusCode).toBe(403);
    expect((await customer.request('GET', '/api/v1/users/me')).statusCode).toBe(200);
  });

  it('got only answers the OpenAPI document lists for their operation', () => {
    expect(answers.undocumentedIn(openApiDocument())).toEqual([]);
  });
});

describe('without CORS_ORIGINS', () => {
  let app: FastifyInstance;
  const salon = useTestApp();
  beforeAll(() => {
    ({ app } = salon);
  });

  it('gives no origin CORS headers and refuses its state changes', async () => {
    const answer = await preflight(app, CLIENT, '/users/login', 'POST');
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    const refused = await new TestClient(app, from(CLIENT)).request('POST', '/api/v1/users/login', login);
    expect(refused.statusCode).toBe(403);
  });
});
