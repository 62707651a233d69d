// What the back office refuses whoever asks: strangers and customers on admin paths, and
// uploads that are not pictures or are too large, for every form with a picture.
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '@/shared/schemas/services';
import { rowCount } from '@/server/db/client';
import { discounts, services, specialists } from '@/server/db/schema';
import { addCalendarDays, todayIn } from '@/server/domain/calendar';
import { restRoutes } from '@/server/rest/routes';
import { useTestApp } from '@/server/test/app';
import { jpegBytes, multipartForm, signedIn, storedUploads, type UploadedFile } from '@/server/test/catalogue';
import { TestClient } from '@/server/test/http';
import type { TestEnvironment } from '@/server/test/test-db';
import { appRouter } from '@/server/routers';

const SOME_ID = '0123456789abcdef01234567';

describe('guards of the back office', () => {
  let env: TestEnvironment;
  let app: FastifyInstance;
  let admin: TestClient;
  let customer: TestClient;
  let aServiceId: string;

  const salon = useTestApp({ admin: true });
  beforeAll(async () => {
    ({ env, app, admin } = salon);
    customer = await signedIn(app, 'customer');
    aServiceId = (await new TestClient(app).rest<Service[]>('GET', '/services')).body.data[0]?._id ?? '';
  });

  it('answers 401 without a session and 403 to a customer on every /api/v1/admin path', async () => {
    // Open to everybody: signing in, and an invited member of staff choosing their password.
    const unsigned = new Set(['/admin/login', '/admin/team/accept']);
    const adminPaths = restRoutes.filter((route) => route.path.startsWith('/admin/') && !unsigned.has(route.path));
    expect(adminPaths.map((route) => `${route.method} ${route.path}`)).toEqual(
      expect.arrayContaining([
        'POST /admin/services',
        'PATCH /admin/services/:id',
        'DELETE /admin/services/:id',
        'POST /admin/specialists',
        'PATCH /admin/specialists/:id',
        'DELETE /admin/specialists/:id',
        'PATCH /admin/reviews/:id/approve',
        'GET /admin/discounts',
        'POST /admin/discounts',
        'PATCH /admin/discounts/:id',
        'DELETE /admin/discounts/:id',
      ]),
    );
    for (const route of adminPaths) {
      const path = route.path.replace(':id', SOME_ID);
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : multipartForm({ name: 'x' });
      const label = `${route.method} ${route.path}`;
      expect((await new TestClient(app).rest(route.method, path, body)).status, `${label} without a session`).toBe(401);
      expect((await customer.rest(route.method, path, body)).status, `${label} as a customer`).toBe(403);
    }
  });

  it('answers 401 without a session and 403 to a customer on every admin procedure through /trpc', async () => {
    // tRPC types this record as the nested router, but at run time it is flat, keyed by full path.
    const flat = appRouter._def.procedures as unknown as Record<
      string,
      { _def: { type: 'query' | 'mutation' | 'subscription' } }
    >;
    const procedures = Object.entries(flat).filter(([path]) => path.startsWith('admin.'));
    expect(procedures.length).toBeGreaterThanOrEqual(15);
    for (const [path, procedure] of procedures) {
      const kind = procedure._def.type === 'query' ? 'query' : 'mutation';
      const input = kind === 'query' ? undefined : { id: SOME_ID };
      expect((await new TestClient(app).trpc(kind, path, input)).status, `${path} without a session`).toBe(401);
      expect((await customer.trpc(kind, path, input)).status, `${path} as a customer`).toBe(403);
    }
  });

  const svg: UploadedFile = {
    bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><script>alert(1)</script></svg>'),
    name: 'logo.svg',
    type: 'image/svg+xml',
  };
  const htmlAsJpeg: UploadedFile = {
    bytes: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
    name: 'photo.jpg',
    type: 'image/jpeg',
  };
  const sixMegabytes = async (): Promise<UploadedFile> => ({
    bytes: Buffer.concat([await jpegBytes(), Buffer.alloc(6 * 1024 * 1024)]),
    name: 'huge.jpg',
    type: 'image/jpeg',
  });

  const forms = (): { path: string; fields: Record<string, string | string[]> }[] => {
    const today = todayIn(env.config.timezone);
    return [
      {
        path: '/admin/services',
        fields: { name: 'Upload Probe', price: '10', duration: '30', category: 'Nail care', description: 'Probe.' },
      },
      {
        path: '/admin/specialists',
        fields: {
          name: 'Upload Probe',
          phone: '9000000000',
          email: 'probe@salon.test',
          availableFrom: '09:00',
          availableTo: '17:00',
          availableDays: ['Monday'],
          expertise: [aServiceId],
        },
      },
      {
        path: '/admin/discounts',
        fields: {
          title: 'Upload Probe',
          percentage: '10',
          validFrom: today,
          validTill: addCalendarDays(today, 3),
          category: ['Nail care'],
        },
      },
    ];
  };

  const snapshot = () => ({
    uploads: storedUploads(env.config),
    services: rowCount(env.database.db, services),
    specialists: rowCount(env.database.db, specialists),
    discounts: rowCount(env.database.db, discounts),
  });

  it('refuses an SVG, an HTML page renamed .jpg and a 6 MB file on every form, storing nothing', async () => {
    const before = snapshot();
    const uploads: [string, UploadedFile, number, string][] = [
      ['an SVG', svg, 415, 'Only JPEG, PNG or WebP images are allowed.'],
      ['HTML renamed .jpg', htmlAsJpeg, 415, 'Only JPEG, PNG or WebP images are allowed.'],
      ['6 MB', await sixMegabytes(), 413, 'Image must be 5 MB or smaller.'],
    ];
    for (const form of forms()) {
      for (const [what, file, status, message] of uploads) {
        const response = await admin.rest('POST', form.path, multipartForm(form.fields, file));
        expect(response.status, `${what} to ${form.path}`).toBe(status);
        expect(response.body, `${what} to ${form.path}`).toMatchObject({ success: false, message });
      }
    }
    expect(snapshot()).toEqual(before);
  });

  it('refuses the same files sent as base64 through /trpc, storing nothing', async () => {
    const before = snapshot();
    const base64 = (file: UploadedFile) => Buffer.from(file.bytes).toString('base64');
    const procedures = ['admin.services.create', 'admin.specialists.create', 'admin.discounts.create'];
    for (const [index, form] of forms().entries()) {
      const procedure = procedures[index] ?? '';
      expect((await admin.trpc('mutation', procedure, { ...form.fields, image: base64(svg) })).status, procedure).toBe(
        415,
      );
      expect(
        (await admin.trpc('mutation', procedure, { ...form.fields, image: base64(htmlAsJpeg) })).status,
        procedure,
      ).toBe(415);
      // 5.5 MB: over the image limit, still under the JSON body limit, so the procedure decides.
      const tooLarge = Buffer.concat([await jpegBytes(), Buffer.alloc(5.5 * 1024 * 1024)]).toString('base64');
      const refused = await admin.trpc('mutation', procedure, { ...form.fields, image: tooLarge });
      expect(refused.status, procedure).toBe(413);
      expect(refused.error?.message).toBe('Image must be 5 MB or smaller.');
    }
    expect(snapshot()).toEqual(before);
  });

  it('leaves a record and its picture as they were when an update sends a file that is not a picture', async () => {
    const service = (await new TestClient(app).rest<Service[]>('GET', '/services')).body.data[0];
    if (!service) throw new Error('no services');
    const before = snapshot();
    const refused = await admin.rest(
      'PATCH',
      `/admin/services/${service._id}`,
      multipartForm({ ...forms()[0]?.fields, name: 'Renamed By Probe' }, htmlAsJpeg),
    );
    expect(refused.status).toBe(415);
    expect(snapshot()).toEqual(before);
    const after = (await new TestClient(app).rest<Service[]>('GET', '/services')).body.data.find(
      (s) => s._id === service._id,
    );
    expect(after).toEqual(service);
  });
});
