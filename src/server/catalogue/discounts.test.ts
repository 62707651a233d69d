// Discounts in the back office and on the public site, over HTTP through /api/v1 and /trpc.
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Discount } from '@/shared/schemas/discounts';
import { rowCount } from '@/server/db/client';
import { newId } from '@/server/db/ids';
import { discountCategories, discounts } from '@/server/db/schema';
import { addCalendarDays, todayIn } from '@/server/domain/calendar';
import { useTestApp } from '@/server/test/app';
import { jpegDataUrl, jpegFile, multipartForm, storedUploads, uploadName } from '@/server/test/catalogue';
import { TestClient } from '@/server/test/http';
import type { TestEnvironment } from '@/server/test/test-db';

describe('discounts', () => {
  let env: TestEnvironment;
  let app: FastifyInstance;
  let admin: TestClient;
  let today: string;
  const day = (offset: number) => addCalendarDays(today, offset);

  const salon = useTestApp({ admin: true });
  beforeAll(() => {
    ({ env, app, admin } = salon);
    today = todayIn(env.config.timezone);
  });

  const fields = (overrides: Record<string, string | string[]> = {}) => ({
    title: 'Winter Warmth',
    percentage: '25',
    description: 'A quarter off every SPA procedure.',
    validFrom: day(0),
    validTill: day(10),
    category: ['SPA procedures', 'Make up'],
    ...overrides,
  });
  const publicDiscounts = async () => (await new TestClient(app).rest<Discount[]>('GET', '/discounts')).body.data;
  const adminDiscounts = async () => (await admin.rest<Discount[]>('GET', '/admin/discounts')).body.data;

  /** A discount written straight into the database: the API refuses one that has ended. */
  function insertDiscount(title: string, validFrom: string, validTill: string) {
    const id = newId();
    env.database.db
      .insert(discounts)
      .values({ id, title, percentage: 10, validFrom, validTill, imageUrl: '/uploads/demo-discount-spa.jpg' })
      .run();
    env.database.db.insert(discountCategories).values({ discountId: id, category: 'Nail care' }).run();
    return id;
  }

  it('creates a discount from a multipart form and answers 201 with the whole discount', async () => {
    const created = await admin.rest<Discount>('POST', '/admin/discounts/', multipartForm(fields(), await jpegFile()));
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Discount created');
    expect(created.body.data).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/) as unknown,
      title: 'Winter Warmth',
      percentage: 25,
      category: ['Make up', 'SPA procedures'],
      description: 'A quarter off every SPA procedure.',
      validFrom: day(0),
      validTill: day(10),
      image: { url: expect.stringMatching(/^http:\/\/salon\.test\/uploads\/[0-9a-f]{24}\.webp$/) as unknown },
      isActive: true,
    });
    expect(storedUploads(env.config)).toContain(uploadName(created.body.data.image.url));
    expect(await publicDiscounts()).toContainEqual(created.body.data);
  });

  it('creates a discount through tRPC with a single category and no description', async () => {
    const created = await admin.trpc<Discount>('mutation', 'admin.discounts.create', {
      ...fields({ title: 'Nail Week', category: 'Nail care', description: '', validFrom: day(3) }),
      image: await jpegDataUrl(),
    });
    expect(created.status).toBe(200);
    expect(created.data).toMatchObject({
      title: 'Nail Week',
      category: ['Nail care'],
      description: null,
      isActive: false,
    });
  });

  it("reads a date picker's UTC date-time as the day it is in the salon's time zone", async () => {
    // 20:00 UTC the day before is already today in Asia/Kolkata (UTC+5:30).
    const created = await admin.rest<Discount>(
      'POST',
      '/admin/discounts',
      multipartForm(
        fields({
          title: 'Midnight Deal',
          validFrom: `${day(-1)}T20:00:00.000Z`,
          validTill: `${day(-1)}T20:00:00.000Z`,
        }),
        await jpegFile(),
      ),
    );
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ validFrom: day(0), validTill: day(0), isActive: true });
  });

  it('counts a discount as active on its first and last day, and not before it starts', async () => {
    const onlyToday = await admin.trpc<Discount>('mutation', 'admin.discounts.create', {
      ...fields({ title: 'Just Today', validFrom: day(0), validTill: day(0) }),
      image: await jpegDataUrl(),
    });
    expect(onlyToday.data?.isActive).toBe(true);
    const endsToday = insertDiscount('Ends Today', day(-5), day(0));
    const startsTomorrow = insertDiscount('Starts Tomorrow', day(1), day(5));

    const list = await publicDiscounts();
    const activity = (id: string | undefined) => list.find((d) => d._id === id)?.isActive;
    expect(activity(onlyToday.data?._id)).toBe(true);
    expect(activity(endsToday)).toBe(true);
    expect(activity(startsTomorrow)).toBe(false);
  });

  it('hides ended discounts from the public list, while the back office lists them all', async () => {
    const ended = insertDiscount('Summer Sale', day(-30), day(-1));
    expect((await publicDiscounts()).map((d) => d._id)).not.toContain(ended);
    expect(
      (await new TestClient(app).trpc<Discount[]>('query', 'public.discounts.list')).data?.map((d) => d._id),
    ).not.toContain(ended);

    const all = await adminDiscounts();
    expect(all.find((d) => d._id === ended)).toMatchObject({
      title: 'Summer Sale',
      isActive: false,
      category: ['Nail care'],
    });
    expect(all).toHaveLength(rowCount(env.database.db, discounts));
    expect((await admin.trpc<Discount[]>('query', 'admin.discounts.list')).data).toEqual(all);
  });

  it('lists the running discount first, so the banner shows it', async () => {
    const [first] = await publicDiscounts();
    expect(first?.isActive).toBe(true);
  });

  it('updates a discount, keeping its image unless a new one is sent, which replaces the old file', async () => {
    const created = await admin.rest<Discount>(
      'POST',
      '/admin/discounts',
      multipartForm(fields({ title: 'Spring Fling' }), await jpegFile()),
    );
    const { _id: id, image } = created.body.data;

    const kept = await admin.rest<Discount>(
      'PATCH',
      `/admin/discounts/${id}`,
      multipartForm(
        fields({ title: 'Spring Fling', percentage: '30', category: ['Hair styling'], validTill: day(20) }),
      ),
    );
    expect(kept.status).toBe(200);
    expect(kept.body.message).toBe('Discount updated');
    expect(kept.body.data).toMatchObject({
      _id: id,
      percentage: 30,
      category: ['Hair styling'],
      validTill: day(20),
      image,
    });

    const replaced = await admin.trpc<Discount>('mutation', 'admin.discounts.update', {
      ...fields({ title: 'Spring Fling II' }),
      id,
      image: await jpegDataUrl(),
    });
    expect(replaced.data).toMatchObject({ _id: id, title: 'Spring Fling II' });
    expect(replaced.data?.image.url).not.toBe(image.url);
    expect(storedUploads(env.config)).not.toContain(uploadName(image.url));
  });

  it('deletes a discount for good with its image, then answers 404 for it', async () => {
    const created = await admin.rest<Discount>(
      'POST',
      '/admin/discounts',
      multipartForm(fields({ title: 'Flash Sale' }), await jpegFile()),
    );
    const { _id: id, image } = created.body.data;

    const removed = await admin.rest('DELETE', `/admin/discounts/${id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ message: 'Discount deleted', data: { _id: id } });
    expect((await adminDiscounts()).map((d) => d._id)).not.toContain(id);
    expect(storedUploads(env.config)).not.toContain(uploadName(image.url));
    expect((await admin.rest('DELETE', `/admin/discounts/${id}`)).body).toMatchObject({
      statusCode: 404,
      message: 'Discount not found',
    });
    expect((await admin.rest('PATCH', `/admin/discounts/${id}`, multipartForm(fields()))).status).toBe(404);

    const other = await admin.trpc<Discount>('mutation', 'admin.discounts.create', {
      ...fields({ title: 'Gone Soon' }),
      image: await jpegDataUrl(),
    });
    const viaTrpc = await admin.trpc('mutation', 'admin.discounts.delete', { id: other.data?._id });
    expect(viaTrpc.data).toEqual({ _id: other.data?._id });
  });

  it('refuses every invalid field with the spec message and stores nothing', async () => {
    const before = { uploads: storedUploads(env.config), rows: rowCount(env.database.db, discounts) };
    const blank = await admin.rest(
      'POST',
      '/admin/discounts',
      multipartForm({ title: '', percentage: '', description: '', validFrom: '', validTill: '' }),
    );
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual([
      { path: 'title', message: 'Title is required' },
      { path: 'percentage', message: 'Percentage is required' },
      { path: 'category', message: 'Please select at least one category.' },
      { path: 'validFrom', message: 'Valid From is required' },
      { path: 'validTill', message: 'Valid Till is required' },
      { path: 'image', message: 'Image is required' },
    ]);

    const refusals: [Record<string, string | string[]>, { path: string; message: string }][] = [
      [{ percentage: '0' }, { path: 'percentage', message: 'Min is 1%' }],
      [{ percentage: '101' }, { path: 'percentage', message: 'Max is 100%' }],
      [
        { validFrom: day(-3), validTill: day(-1) },
        { path: 'validTill', message: 'Valid Till date cannot be in the past.' },
      ],
      [
        { validFrom: day(5), validTill: day(2) },
        { path: 'validTill', message: 'Valid Till date cannot be before Valid From.' },
      ],
    ];
    for (const [overrides, error] of refusals) {
      const response = await admin.rest('POST', '/admin/discounts', multipartForm(fields(overrides), await jpegFile()));
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      expect(response.body.errors, JSON.stringify(overrides)).toEqual([error]);
    }

    const pastViaTrpc = await admin.trpc('mutation', 'admin.discounts.create', {
      ...fields({ validFrom: day(-3), validTill: day(-1) }),
      image: await jpegDataUrl(),
    });
    expect(pastViaTrpc.status).toBe(400);
    expect(pastViaTrpc.error?.message).toBe('Valid Till date cannot be in the past.');

    expect(storedUploads(env.config)).toEqual(before.uploads);
    expect(rowCount(env.database.db, discounts)).toBe(before.rows);
  });
});
