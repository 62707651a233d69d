import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './test/app';

interface Envelope {
  statusCode: number;
  data: unknown;
  message: string;
  success: boolean;
  errors?: unknown[];
}

describe('the HTTP application', () => {
  let app: FastifyInstance;
  const salon = useTestApp({
    clientDir: () => {
      const clientDir = mkdtempSync(join(tmpdir(), 'salon-client-'));
      writeFileSync(join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
      return clientDir;
    },
  });
  beforeAll(() => {
    ({ app } = salon);
  });

  it('answers GET /api/v1/services in the success envelope with _id and image URLs that load', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/services' });
    expect(response.statusCode).toBe(200);
    const body = response.json<Envelope>();
    expect(body).toMatchObject({ statusCode: 200, success: true, message: expect.any(String) as unknown });
    const list = body.data as { _id: string; name: string; image: { url: string } }[];
    expect(list.length).toBeGreaterThanOrEqual(8);
    for (const service of list) {
      expect(Object.keys(service).sort()).toEqual(
        [
          '_id',
          'bufferMinutes',
          'category',
          'description',
          'duration',
          'image',
          'maxAdvanceDays',
          'minNoticeMinutes',
          'name',
          'price',
          'processingMinutes',
          'rebookWeeks',
        ].sort(),
      );
      const image = await app.inject({ method: 'GET', url: new URL(service.image.url).pathname });
      expect(image.statusCode, service.image.url).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
    }
  });

  it('matches /api/v1 paths with or without a trailing slash', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/services/' });
    expect(response.statusCode).toBe(200);
    expect(response.json<Envelope>().success).toBe(true);
  });

  it('answers an unknown /api/v1 path with 404 in the error envelope', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/v1/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json<Envelope>()).toMatchObject({
      statusCode: 404,
      data: null,
      success: false,
      errors: [],
      message: expect.stringContaining('/api/v1/no-such-thing') as unknown,
    });
  });

  it('serves the web client for client routes and a plain 404 for missing files', async () => {
    for (const url of ['/', '/service', '/admin/appointments', '/reset-password/abc']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toContain('text/html');
      expect(page.body).toContain('<div id="root">');
    }
    expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/uploads/missing.jpg' })).statusCode).toBe(404);
  });

  it('serves the same list over tRPC at /trpc', async () => {
    const response = await app.inject({ method: 'GET', url: '/trpc/public.services.list' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ result: { data: { _id: string }[] } }>();
    expect(body.result.data.length).toBeGreaterThanOrEqual(8);
  });

  it('answers a tRPC batch of many procedures, whose names make one long path', async () => {
    const paths = [
      'public.services.list',
      'public.specialists.list',
      'public.discounts.list',
      'public.reviews.list',
      'public.contact.info',
      'public.auth.session',
    ];
    const input = encodeURIComponent(JSON.stringify(Object.fromEntries(paths.map((_, i) => [i, {}]))));
    const response = await app.inject({ method: 'GET', url: `/trpc/${paths.join(',')}?batch=1&input=${input}` });
    expect(response.statusCode).toBe(200);
    expect(response.json<unknown[]>()).toHaveLength(paths.length);
  });

  it('sends security headers with a real Content-Security-Policy and a request id', async () => {
    const response = await app.inject({ method: 'GET', url: '/service', headers: { 'x-request-id': 'abc-123' } });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-request-id']).toBe('abc-123');
  });

  it('reports health, and that the data is not streamed off the box when REPLICA_URL is not set', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      replication: { state: 'off', behindSeconds: null, picturesWaiting: 0 },
    });
  });
});
