// Services in the back office, over HTTP through /api/v1 and /trpc.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '@/shared/schemas/services';
import type { Specialist } from '@/shared/schemas/specialists';
import { bookings, services } from '@/server/db/schema';
import { useTestApp } from '@/server/test/app';
import { jpegDataUrl, jpegFile, multipartForm, storedUploads, uploadName } from '@/server/test/catalogue';
import { TestClient } from '@/server/test/http';
import type { TestEnvironment } from '@/server/test/test-db';

const fields = (overrides: Record<string, string> = {}) => ({
  name: 'Lash Lift',
  price: '35.5',
  duration: '45',
  category: 'Make up',
  description: 'Curled, tinted lashes that last for weeks.',
  ...overrides,
});

describe('services in the back office', () => {
  let env: TestEnvironment;
  let app: FastifyInstance;
  let admin: TestClient;

  const salon = useTestApp({ admin: true });
  beforeAll(() => {
    ({ env, app, admin } = salon);
  });

  const publicServices = async () => (await new TestClient(app).rest<Service[]>('GET', '/services')).body.data;

  it('creates a service from a multipart form with a JPEG and answers 201 with the whole service', async () => {
    const before = storedUploads(env.config);
    const created = await admin.rest<Service>('POST', '/admin/services/', multipartForm(fields(), await jpegFile()));

    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ statusCode: 201, success: true, message: 'Service created' });
    expect(created.body.data).toMatchObject({
      name: 'Lash Lift',
      price: 35.5,
      duration: 45,
      category: 'Make up',
      description: 'Curled, tinted lashes that last for weeks.',
    });
    expect(created.body.data._id).toMatch(/^[0-9a-f]{24}$/);
    expect(created.body.data.image.url).toMatch(/^http:\/\/salon\.test\/uploads\/[0-9a-f]{24}\.webp$/);
    expect(storedUploads(env.config)).toEqual([...before, uploadName(created.body.data.image.url)].sort());
    const image = await app.inject({ method: 'GET', url: new URL(created.body.data.image.url).pathname });
    expect(image.headers['content-type']).toBe('image/webp');
    expect(await publicServices()).toContainEqual(created.body.data);
  });

  it('creates a service through tRPC with the image as a base64 data: URL', async () => {
    const created = await admin.trpc<Service>('mutation', 'admin.services.create', {
      name: 'Brow Shaping',
      price: 15,
      duration: 20,
      category: 'cosmetology',
      description: 'Threading and tint for defined brows.',
      image: await jpegDataUrl(),
    });
    expect(created.status).toBe(200);
    expect(created.data).toMatchObject({ name: 'Brow Shaping', price: 15, duration: 20, category: 'cosmetology' });
    expect((await publicServices()).map((s) => s.name)).toContain('Brow Shaping');
  });

  it('updates every field keeping the image when none is sent, then replaces the image and removes the old file', async () => {
    const created = await admin.rest<Service>(
      'POST',
      '/admin/services',
      multipartForm(fields({ name: 'Scalp Ritual' }), await jpegFile()),
    );
    const { _id: id, image } = created.body.data;

    const renamed = await admin.rest<Service>(
      'PATCH',
      `/admin/services/${id}`,
      multipartForm(fields({ name: 'Scalp Ritual Deluxe', price: '49', duration: '60', category: 'SPA procedures' })),
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body.message).toBe('Service updated');
    expect(renamed.body.data).toMatchObject({
      _id: id,
      name: 'Scalp Ritual Deluxe',
      price: 49,
      duration: 60,
      category: 'SPA procedures',
      image,
    });

    const repictured = await admin.rest<Service>(
      'PATCH',
      `/admin/services/${id}/`,
      multipartForm(fields({ name: 'Scalp Ritual Deluxe' }), await jpegFile()),
    );
    expect(repictured.status).toBe(200);
    expect(repictured.body.data.image.url).not.toBe(image.url);
    expect(storedUploads(env.config)).toContain(uploadName(repictured.body.data.image.url));
    expect(storedUploads(env.config)).not.toContain(uploadName(image.url));

    const viaTrpc = await admin.trpc<Service>('mutation', 'admin.services.update', {
      id,
      name: 'Scalp Ritual',
      price: 40,
      duration: 50,
      category: 'SPA procedures',
      description: 'A slow, warm scalp massage.',
    });
    expect(viaTrpc.data).toMatchObject({ _id: id, name: 'Scalp Ritual', price: 40, image: repictured.body.data.image });
  });

  it('refuses every invalid field with the spec message and stores nothing', async () => {
    const before = {
      uploads: storedUploads(env.config),
      rows: env.database.db.select({ id: services.id }).from(services).all().length,
    };
    const blank = await admin.rest(
      'POST',
      '/admin/services',
      multipartForm({ name: '', price: '', duration: '', category: '', description: '' }),
    );
    expect(blank.status).toBe(400);
    expect(blank.body.success).toBe(false);
    expect(blank.body.errors).toEqual([
      { path: 'name', message: 'Name is required' },
      { path: 'price', message: 'Price is required' },
      { path: 'duration', message: 'Duration is required' },
      { path: 'category', message: 'Category is required' },
      { path: 'description', message: 'Description is required' },
      { path: 'image', message: 'Image is required' },
    ]);

    const viaTrpc = await admin.trpc('mutation', 'admin.services.create', {
      ...fields(),
      price: '',
      image: await jpegDataUrl(),
    });
    expect(viaTrpc.status).toBe(400);
    expect(viaTrpc.error?.message).toBe('Price is required');

    const update = await admin.rest(
      'PATCH',
      `/admin/services/${(await publicServices())[0]?._id ?? ''}`,
      multipartForm(fields({ duration: '0' })),
    );
    expect(update.status).toBe(400);
    expect(update.body.errors).toEqual([{ path: 'duration', message: 'Duration must be at least 1 minute' }]);

    expect(storedUploads(env.config)).toEqual(before.uploads);
    expect(env.database.db.select({ id: services.id }).from(services).all()).toHaveLength(before.rows);
  });

  it('refuses a second service with a live name in any letter case (409) but frees the name of a removed one', async () => {
    const before = storedUploads(env.config);
    const duplicate = await admin.rest(
      'POST',
      '/admin/services',
      multipartForm(fields({ name: 'classic MANICURE' }), await jpegFile()),
    );
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('A service with this name already exists.');
    expect(storedUploads(env.config)).toEqual(before);

    const manicure = (await publicServices()).find((s) => s.name === 'Gel Pedicure');
    const renameClash = await admin.trpc('mutation', 'admin.services.update', {
      ...fields({ name: 'Classic Manicure' }),
      id: manicure?._id,
    });
    expect(renameClash.status).toBe(409);

    const doomed = await admin.rest<Service>(
      'POST',
      '/admin/services',
      multipartForm(fields({ name: 'Seasonal Wrap' }), await jpegFile()),
    );
    expect((await admin.rest('DELETE', `/admin/services/${doomed.body.data._id}`)).status).toBe(200);
    const reborn = await admin.rest(
      'POST',
      '/admin/services',
      multipartForm(fields({ name: 'Seasonal Wrap' }), await jpegFile()),
    );
    expect(reborn.status).toBe(201);
  });

  it('answers 404 for a service that does not exist or was removed', async () => {
    const unknown = '0123456789abcdef01234567';
    expect((await admin.rest('PATCH', `/admin/services/${unknown}`, multipartForm(fields()))).status).toBe(404);
    expect((await admin.rest('DELETE', `/admin/services/${unknown}`)).body).toMatchObject({
      statusCode: 404,
      message: 'Service not found',
    });

    const gone = await admin.rest<Service>(
      'POST',
      '/admin/services',
      multipartForm(fields({ name: 'Short Lived' }), await jpegFile()),
    );
    await admin.trpc('mutation', 'admin.services.delete', { id: gone.body.data._id });
    expect((await admin.rest('DELETE', `/admin/services/${gone.body.data._id}`)).status).toBe(404);
    expect((await admin.rest('PATCH', `/admin/services/${gone.body.data._id}`, multipartForm(fields()))).status).toBe(
      404,
    );
  });

  it('removes a booked service without touching its bookings, and hides it from the public lists and specialists', async () => {
    const massage = (await publicServices()).find((s) => s.name === 'Hot Stone Massage');
    if (!massage) throw new Error('the demo salon offers Hot Stone Massage');
    const booked = () =>
      env.database.db
        .select({
          id: bookings.id,
          serviceName: bookings.serviceName,
          specialistName: bookings.specialistName,
          status: bookings.status,
        })
        .from(bookings)
        .where(eq(bookings.serviceId, massage._id))
        .all();
    const bookingsBefore = booked();
    expect(bookingsBefore.length).toBeGreaterThan(0);

    const removed = await admin.rest('DELETE', `/admin/services/${massage._id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ message: 'Service deleted', data: { _id: massage._id } });

    expect(booked()).toEqual(bookingsBefore);
    expect(booked()[0]).toMatchObject({ serviceName: 'Hot Stone Massage', specialistName: 'Leila Haddad' });
    expect((await publicServices()).map((s) => s._id)).not.toContain(massage._id);
    const specialists = (await new TestClient(app).rest<Specialist[]>('GET', '/specialists')).body.data;
    const leila = specialists.find((s) => s.name === 'Leila Haddad');
    expect(leila?.expertise.map((e) => e.name)).toEqual(['Haircut & Styling', 'Hair Colouring', 'Aroma SPA Ritual']);
    expect(specialists.flatMap((s) => s.expertise.map((e) => e._id))).not.toContain(massage._id);
  });
});
