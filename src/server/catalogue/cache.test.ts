// The public catalogue is answered from memory (catalogue/cache.ts): what an admin changes, and
// what another process writes to the database file, must show at the next request (another
// process's commit from a millisecond after it: RECHECK_AFTER_MS).
import { setTimeout as sleep } from 'node:timers/promises';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '@/shared/schemas/services';
import type { Specialist } from '@/shared/schemas/specialists';
import { openDatabase } from '@/server/db/client';
import { cacheGeneration, forgetCatalogue, recall, RECHECK_AFTER_MS, rememberIfCurrent } from './cache';
import { useTestApp } from '@/server/test/app';
import type { TestClient } from '@/server/test/http';
import type { TestEnvironment } from '@/server/test/test-db';

describe('the cached public catalogue', () => {
  let env: TestEnvironment;
  let app: FastifyInstance;
  let admin: TestClient;

  const salon = useTestApp({ admin: true });
  beforeAll(() => {
    ({ env, app, admin } = salon);
  });

  /** GET as an anonymous visitor (the cached path). */
  const anonymous = async <T>(path: string): Promise<T> => {
    const response = await app.inject({ method: 'GET', url: `/api/v1${path}` });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: T }>().data;
  };
  const serviceNames = async () => (await anonymous<Service[]>('/services')).map((s) => s.name);

  it('shows an admin’s new, renamed and removed service at the next request', async () => {
    const before = await anonymous<Service[]>('/services');
    expect(await anonymous<Service[]>('/services')).toEqual(before);
    const first = before[0];
    if (!first) throw new Error('no services');

    const renamed = await admin.trpc<Service>('mutation', 'admin.services.update', {
      id: first._id,
      name: 'Renamed Right Away',
      price: first.price,
      duration: first.duration,
      category: first.category,
      description: first.description,
    });
    expect(renamed.status).toBe(200);
    expect(await serviceNames()).toContain('Renamed Right Away');

    expect((await admin.rest('DELETE', `/admin/services/${first._id}`)).status).toBe(200);
    expect(await serviceNames()).not.toContain('Renamed Right Away');
    expect(await serviceNames()).toHaveLength(before.length - 1);
  });

  it('shows an admin’s change to a specialist at the next request', async () => {
    const [first] = await anonymous<Specialist[]>('/specialists');
    if (!first) throw new Error('no specialists');
    const updated = await admin.trpc('mutation', 'admin.specialists.update', {
      id: first._id,
      name: 'Maya Changed',
      phone: first.phone,
      email: first.email,
      expertise: first.expertise.map((s) => s._id),
      availableFrom: first.availableFrom,
      availableTo: first.availableTo,
      availableDays: first.availableDays,
    });
    expect(updated.status).toBe(200);
    expect((await anonymous<Specialist[]>('/specialists')).map((s) => s.name)).toContain('Maya Changed');
    expect((await admin.rest('DELETE', `/admin/specialists/${first._id}`)).status).toBe(200);
    expect((await anonymous<Specialist[]>('/specialists')).map((s) => s._id)).not.toContain(first._id);
  });

  it('shows a change another process wrote to the database file at the next request a millisecond later', async () => {
    const [first] = await anonymous<Service[]>('/services');
    if (!first) throw new Error('no services');
    const script = openDatabase(env.config.databaseFile);
    try {
      script.sqlite.prepare('UPDATE services SET price = 123.5 WHERE id = ?').run(first._id);
    } finally {
      script.close();
    }
    await sleep(RECHECK_AFTER_MS + 1);
    expect((await anonymous<Service[]>('/services')).find((s) => s._id === first._id)?.price).toBe(123.5);
  });

  it('answers a browser gzipped, the same list, and a signed-in visitor the same list', async () => {
    const plain = await app.inject({ method: 'GET', url: '/api/v1/services' });
    const zipped = await app.inject({
      method: 'GET',
      url: '/api/v1/services',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    const asAdmin = await admin.rest<Service[]>('GET', '/services');
    expect(asAdmin.body).toEqual(plain.json());
  });

  it('answers /trpc alike, plain and as the web client batches it, and shows an admin’s change at the next request', async () => {
    const rest = await anonymous<Service[]>('/services');
    const plainUrl = '/trpc/public.services.list';
    const batchUrl = `/trpc/public.services.list,public.specialists.list?batch=1&input=${encodeURIComponent('{}')}`;
    const plain = async () =>
      (await app.inject({ method: 'GET', url: plainUrl })).json<{ result: { data: Service[] } }>().result.data;
    const batch = async () =>
      (await app.inject({ method: 'GET', url: batchUrl })).json<
        [{ result: { data: Service[] } }, { result: { data: Specialist[] } }]
      >();
    expect(await plain()).toEqual(rest);
    expect(await plain()).toEqual(rest);
    const [services, specialists] = await batch();
    expect(services.result.data).toEqual(rest);
    expect(specialists.result.data).toEqual(await anonymous<Specialist[]>('/specialists'));
    const zipped = await app.inject({ method: 'GET', url: plainUrl, headers: { 'accept-encoding': 'gzip' } });
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual({ result: { data: rest } });

    const first = rest[0];
    if (!first) throw new Error('no services');
    const renamed = await admin.trpc('mutation', 'admin.services.update', {
      id: first._id,
      name: 'Renamed For Both',
      price: first.price,
      duration: first.duration,
      category: first.category,
      description: first.description,
    });
    expect(renamed.status).toBe(200);
    expect((await plain()).map((s) => s.name)).toContain('Renamed For Both');
    expect((await batch())[0].result.data.map((s) => s.name)).toContain('Renamed For Both');
  });

  it('keeps no answer computed before an admin’s change, even when it is ready only after it', () => {
    const { db } = env.database;
    const before = cacheGeneration(db);
    forgetCatalogue(db);
    rememberIfCurrent(db, before, 'an old answer', 'stale');
    expect(recall(db, 'an old answer')).toBeUndefined();
    rememberIfCurrent(db, cacheGeneration(db), 'a new answer', 'fresh');
    expect(recall(db, 'a new answer')).toBe('fresh');
  });
});
