// Specialists in the back office and on the public site, over HTTP through /api/v1 and /trpc.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '@/shared/schemas/services';
import type { Specialist } from '@/shared/schemas/specialists';
import { bookings, specialists } from '@/server/db/schema';
import { useTestApp } from '@/server/test/app';
import { jpegDataUrl, jpegFile, multipartForm, storedUploads, uploadName } from '@/server/test/catalogue';
import { TestClient } from '@/server/test/http';
import type { TestEnvironment } from '@/server/test/test-db';

describe('specialists', () => {
  let env: TestEnvironment;
  let app: FastifyInstance;
  let admin: TestClient;
  let serviceIds: Record<string, string>;

  const salon = useTestApp({ admin: true });
  beforeAll(async () => {
    ({ env, app, admin } = salon);
    const list = (await new TestClient(app).rest<Service[]>('GET', '/services')).body.data;
    serviceIds = Object.fromEntries(list.map((s) => [s.name, s._id]));
  });

  const idOf = (name: string) => serviceIds[name] ?? '';
  const fields = (overrides: Record<string, string | string[]> = {}) => ({
    name: 'Ines Duarte',
    phone: '9811122233',
    email: 'ines@salon.test',
    availableFrom: '09:30',
    availableTo: '17:00',
    availableDays: ['Friday', 'Monday', 'Wednesday'],
    expertise: [idOf('Gel Pedicure'), idOf('Classic Manicure')],
    ...overrides,
  });
  const publicSpecialists = async () => (await new TestClient(app).rest<Specialist[]>('GET', '/specialists')).body.data;

  it('lists the specialists for anyone, with their services, hours, days in week order and picture', async () => {
    const list = await publicSpecialists();
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.find((s) => s.name === 'Sofia Rossi')).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/) as unknown,
      name: 'Sofia Rossi',
      phone: '9833333333',
      email: 'sofia@salon.test',
      expertise: [
        { _id: idOf('Evening Make up'), name: 'Evening Make up' },
        { _id: idOf('Facial Cleansing'), name: 'Facial Cleansing' },
        { _id: idOf('Chemical Peel'), name: 'Chemical Peel' },
      ],
      // Sofia has no price or length of her own: the services' apply.
      services: [
        { service: { _id: idOf('Evening Make up'), name: 'Evening Make up' }, price: 60, duration: 60 },
        { service: { _id: idOf('Facial Cleansing'), name: 'Facial Cleansing' }, price: 55, duration: 60 },
        { service: { _id: idOf('Chemical Peel'), name: 'Chemical Peel' }, price: 70, duration: 45 },
      ],
      availableFrom: '10:00',
      availableTo: '19:00',
      availableDays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Sunday'],
      image: { url: expect.stringMatching(/^http:\/\/salon\.test\/uploads\/.+\.jpg$/) as unknown },
    });
    const viaTrpc = await new TestClient(app).trpc<Specialist[]>('query', 'public.specialists.list');
    expect(viaTrpc.data).toEqual(list);
  });

  it('creates a specialist from a multipart form with repeated list parts, answering 201 with the whole specialist', async () => {
    const created = await admin.rest<Specialist>(
      'POST',
      '/admin/specialists',
      multipartForm(fields(), await jpegFile()),
    );
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Specialist created');
    expect(created.body.data).toMatchObject({
      name: 'Ines Duarte',
      phone: '9811122233',
      email: 'ines@salon.test',
      availableFrom: '09:30',
      availableTo: '17:00',
      availableDays: ['Monday', 'Wednesday', 'Friday'],
      expertise: [
        { _id: idOf('Classic Manicure'), name: 'Classic Manicure' },
        { _id: idOf('Gel Pedicure'), name: 'Gel Pedicure' },
      ],
    });
    expect(storedUploads(env.config)).toContain(uploadName(created.body.data.image.url));
    expect(await publicSpecialists()).toContainEqual(created.body.data);
  });

  it('reads a single day or specialty sent as one plain part as a one-item list', async () => {
    const form = multipartForm(
      {
        ...fields({ name: 'Omar Aziz', availableDays: [], expertise: [] }),
        availableDays: 'Sunday',
        expertise: idOf('Chemical Peel'),
      },
      await jpegFile(),
    );
    const created = await admin.rest<Specialist>('POST', '/admin/specialists', form);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      availableDays: ['Sunday'],
      expertise: [{ _id: idOf('Chemical Peel'), name: 'Chemical Peel' }],
    });
  });

  it('creates and updates a specialist through tRPC', async () => {
    const created = await admin.trpc<Specialist>('mutation', 'admin.specialists.create', {
      ...fields({ name: 'Tara Singh', email: 'tara@salon.test' }),
      image: await jpegDataUrl(),
    });
    expect(created.status).toBe(200);
    const id = created.data?._id;
    const updated = await admin.trpc<Specialist>('mutation', 'admin.specialists.update', {
      ...fields({ name: 'Tara Singh', email: 'tara@salon.test', availableTo: '20:00', availableDays: ['Saturday'] }),
      expertise: [idOf('Hair Colouring')],
      id,
    });
    expect(updated.status).toBe(200);
    expect(updated.data).toMatchObject({
      _id: id,
      availableTo: '20:00',
      availableDays: ['Saturday'],
      expertise: [{ _id: idOf('Hair Colouring'), name: 'Hair Colouring' }],
      image: created.data?.image,
    });
  });

  it('updates a specialist over REST, replacing the picture and removing the old file', async () => {
    const created = await admin.rest<Specialist>(
      'POST',
      '/admin/specialists',
      multipartForm(fields({ name: 'Lena Berg' }), await jpegFile()),
    );
    const old = created.body.data.image.url;
    const updated = await admin.rest<Specialist>(
      'PATCH',
      `/admin/specialists/${created.body.data._id}`,
      multipartForm(fields({ name: 'Lena Berg', phone: '9000011111', availableDays: ['Tuesday'] }), await jpegFile()),
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      message: 'Specialist updated',
      data: { _id: created.body.data._id, phone: '9000011111', availableDays: ['Tuesday'] },
    });
    expect(updated.body.data.image.url).not.toBe(old);
    expect(storedUploads(env.config)).not.toContain(uploadName(old));
    expect(storedUploads(env.config)).toContain(uploadName(updated.body.data.image.url));
  });

  it('refuses every invalid field with the spec message and stores nothing', async () => {
    const before = {
      uploads: storedUploads(env.config),
      rows: env.database.db.select({ id: specialists.id }).from(specialists).all().length,
    };
    const blank = await admin.rest(
      'POST',
      '/admin/specialists',
      multipartForm({ name: '', phone: '123', email: '', availableFrom: '', availableTo: '' }, await jpegFile()),
    );
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual([
      { path: 'name', message: 'Name is required' },
      { path: 'phone', message: 'Please enter a valid 10-digit phone number.' },
      { path: 'email', message: 'Email is required' },
      { path: 'availableFrom', message: 'Available From is required' },
      { path: 'availableTo', message: 'Available To is required' },
      { path: 'availableDays', message: 'Please select at least one day.' },
      { path: 'expertise', message: 'Select at least one specialty' },
    ]);

    const wrong = await admin.rest(
      'POST',
      '/admin/specialists',
      multipartForm(
        fields({ name: 'Wrong Hours', email: 'not-mail', availableFrom: '18:00', availableTo: '08:00' }),
        await jpegFile(),
      ),
    );
    expect(wrong.body.errors).toEqual([
      { path: 'email', message: 'Enter a valid email' },
      { path: 'availableTo', message: 'Available To must be later than Available From' },
    ]);

    const unknownService = await admin.trpc('mutation', 'admin.specialists.create', {
      ...fields({ name: 'Nobody Known' }),
      expertise: [idOf('Gel Pedicure'), '0123456789abcdef01234567'],
      image: await jpegDataUrl(),
    });
    expect(unknownService.status).toBe(400);
    expect(unknownService.error?.message).toBe('No service on offer has the id 0123456789abcdef01234567.');
    const unknownOverRest = await admin.rest(
      'POST',
      '/admin/specialists',
      multipartForm(fields({ name: 'Nobody Known', expertise: ['0123456789abcdef01234567'] }), await jpegFile()),
    );
    expect(unknownOverRest.status).toBe(400);
    expect(unknownOverRest.body.errors).toEqual([
      { path: 'expertise', message: 'No service on offer has the id 0123456789abcdef01234567.' },
    ]);

    expect(storedUploads(env.config)).toEqual(before.uploads);
    expect(env.database.db.select({ id: specialists.id }).from(specialists).all()).toHaveLength(before.rows);
  });

  it('refuses a second specialist with a live name (409) and answers 404 for an unknown one', async () => {
    const duplicate = await admin.rest(
      'POST',
      '/admin/specialists',
      multipartForm(fields({ name: 'ANNA petrova' }), await jpegFile()),
    );
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('A specialist with this name already exists.');
    const unknown = '0123456789abcdef01234567';
    expect(
      (await admin.rest('PATCH', `/admin/specialists/${unknown}`, multipartForm(fields({ name: 'Whoever' })))).status,
    ).toBe(404);
    expect((await admin.rest('DELETE', `/admin/specialists/${unknown}`)).status).toBe(404);
  });

  it('removes a booked specialist from the public list while their bookings stay as they were', async () => {
    const maya = (await publicSpecialists()).find((s) => s.name === 'Maya Chen');
    if (!maya) throw new Error('the demo salon has Maya Chen');
    const booked = () =>
      env.database.db
        .select({ id: bookings.id, specialistName: bookings.specialistName, serviceName: bookings.serviceName })
        .from(bookings)
        .where(eq(bookings.specialistId, maya._id))
        .all();
    const before = booked();
    expect(before.length).toBeGreaterThan(0);

    const removed = await admin.rest('DELETE', `/admin/specialists/${maya._id}`);
    expect(removed.body).toMatchObject({ statusCode: 200, message: 'Specialist deleted', data: { _id: maya._id } });
    expect(booked()).toEqual(before);
    expect((await publicSpecialists()).map((s) => s._id)).not.toContain(maya._id);

    const viaTrpc = await admin.trpc<{ _id: string }>('mutation', 'admin.specialists.delete', {
      id: (await publicSpecialists()).find((s) => s.name === 'Lena Berg')?._id,
    });
    expect(viaTrpc.data).toEqual({ _id: expect.any(String) as unknown });
  });
});
