// Reviews: written by customers, approved or deleted by admins, read by everyone, over HTTP
// through /api/v1 and /trpc.
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Review } from '@/shared/schemas/reviews';
import type { Service } from '@/shared/schemas/services';
import { rowCount } from '@/server/db/client';
import { reviews } from '@/server/db/schema';
import { approvedReviewsRating } from './reviews';
import { useTestApp } from '@/server/test/app';
import { jpegDataUrl, signedIn } from '@/server/test/catalogue';
import { TestClient } from '@/server/test/http';
import type { TestEnvironment } from '@/server/test/test-db';

describe('reviews', () => {
  let env: TestEnvironment;
  let app: FastifyInstance;
  let admin: TestClient;
  let customer: TestClient;
  let serviceIds: Record<string, string>;

  const salon = useTestApp({ admin: true });
  beforeAll(async () => {
    ({ env, app, admin } = salon);
    customer = await signedIn(app, 'customer');
    const list = (await new TestClient(app).rest<Service[]>('GET', '/services')).body.data;
    serviceIds = Object.fromEntries(list.map((s) => [s.name, s._id]));
  });

  const idOf = (name: string) => serviceIds[name] ?? '';
  const visitorReviews = async () => (await new TestClient(app).rest<Review[]>('GET', '/reviews')).body.data;
  const comment = 'Calm room, gentle hands and a lovely result.';

  async function submitReview(serviceName = 'Classic Manicure') {
    const submitted = await customer.rest<Review>('POST', `/reviews/${idOf(serviceName)}`, { rating: 5, comment });
    expect(submitted.status).toBe(201);
    return submitted.body.data;
  }

  it('shows visitors only approved reviews, newest first, with the reviewer and the service', async () => {
    const list = await visitorReviews();
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.every((r) => r.status === 'Approved')).toBe(true);
    expect(list.map((r) => r.createdAt)).toEqual([...list.map((r) => r.createdAt)].sort().reverse());
    expect(list.find((r) => r.user.fullName === 'Priya Kapoor')).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/) as unknown,
      user: {
        _id: expect.stringMatching(/^[0-9a-f]{24}$/) as unknown,
        fullName: 'Priya Kapoor',
        avatar: { url: expect.stringMatching(/^http:\/\/salon\.test\/uploads\//) as unknown },
      },
      service: { _id: idOf('Hot Stone Massage'), name: 'Hot Stone Massage' },
      rating: 5,
      comment: 'The most relaxing ninety minutes of my month. Leila has magic hands.',
      status: 'Approved',
      createdAt: expect.any(String) as unknown,
    });
    expect(JSON.stringify(list)).not.toMatch(/password|email/i);
    expect((await customer.trpc<Review[]>('query', 'public.reviews.list')).data).toEqual(list);
  });

  it('answers only the newest approved reviews when asked for the latest few, and refuses a count out of range', async () => {
    const list = await visitorReviews();
    const visitor = new TestClient(app);
    const latest = await visitor.trpc<Review[]>('query', 'public.reviews.list', { latest: 2 });
    expect(latest.data).toEqual(list.slice(0, 2));
    // The same over /api/v1, and for the back office the newest of every review, pending ones too.
    expect((await visitor.rest<Review[]>('GET', '/reviews?latest=2')).body.data).toEqual(list.slice(0, 2));
    const everyReview = (await admin.rest<Review[]>('GET', '/reviews')).body.data;
    expect((await admin.rest<Review[]>('GET', '/reviews?latest=3')).body.data).toEqual(everyReview.slice(0, 3));
    const refusedOverRest = await visitor.rest('GET', '/reviews?latest=0');
    expect(refusedOverRest.status).toBe(400);
    for (const [latest, message] of [
      [0, 'Latest must be at least 1'],
      [51, 'Latest must be at most 50'],
      [1.5, 'Latest must be a whole number'],
      ['six', 'Latest must be a number'],
    ] as const) {
      const refused = await visitor.trpc<Review[]>('query', 'public.reviews.list', { latest });
      expect(refused.status, String(latest)).toBe(400);
      expect(refused.error?.message, String(latest)).toContain(message);
    }
  });

  it('rates the salon by the approved reviews the public list answers (the search result JSON-LD)', async () => {
    const list = await visitorReviews();
    const rating = approvedReviewsRating(env.database.db);
    expect(rating.count).toBe(list.length);
    expect(rating.average).toBeCloseTo(list.reduce((sum, review) => sum + review.rating, 0) / list.length, 10);
  });

  it('gives an admin session every review, pending ones too, and filters by status in the back office', async () => {
    const all = (await admin.rest<Review[]>('GET', '/reviews')).body.data;
    expect(all).toHaveLength(rowCount(env.database.db, reviews));
    expect(all.some((r) => r.status === 'Pending')).toBe(true);

    const pending = await admin.trpc<Review[]>('query', 'admin.reviews.list', { status: 'Pending' });
    expect(pending.data?.length).toBeGreaterThan(0);
    expect(pending.data?.every((r) => r.status === 'Pending')).toBe(true);
    expect((await admin.trpc<Review[]>('query', 'admin.reviews.list')).data).toEqual(all);
  });

  it('answers only approved reviews from public.reviews.list, even to an admin session (the site shows no pending ones)', async () => {
    const shown = (await admin.trpc<Review[]>('query', 'public.reviews.list')).data ?? [];
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((r) => r.status === 'Approved')).toBe(true);
    expect(shown).toEqual((await admin.trpc<Review[]>('query', 'admin.reviews.list', { status: 'Approved' })).data);
  });

  it('takes a customer review for the service in the path as Pending, hidden from the public until approved', async () => {
    const submitted = await customer.rest<Review>('POST', `/reviews/${idOf('Gel Pedicure')}`, { rating: '4', comment });
    expect(submitted.status).toBe(201);
    expect(submitted.body.message).toBe('Review submitted!');
    expect(submitted.body.data).toMatchObject({
      user: { fullName: 'Clara Demo' },
      service: { _id: idOf('Gel Pedicure'), name: 'Gel Pedicure' },
      rating: 4,
      comment,
      status: 'Pending',
    });
    expect((await visitorReviews()).map((r) => r._id)).not.toContain(submitted.body.data._id);

    const viaTrpc = await customer.trpc<Review>('mutation', 'customer.reviews.create', {
      service: idOf('Chemical Peel'),
      rating: 3,
      comment: 'Good peel, a little tingly but my skin is smoother.',
    });
    expect(viaTrpc.data).toMatchObject({ service: { name: 'Chemical Peel' }, rating: 3, status: 'Pending' });
  });

  it('uses the service named in the body over the one in the path', async () => {
    const submitted = await customer.rest<Review>('POST', `/reviews/${idOf('Gel Pedicure')}`, {
      service: idOf('Facial Cleansing'),
      rating: 5,
      comment,
    });
    expect(submitted.body.data.service.name).toBe('Facial Cleansing');
  });

  it('refuses invalid reviews with the spec messages', async () => {
    const before = rowCount(env.database.db, reviews);
    const blank = await customer.rest('POST', `/reviews/${idOf('Gel Pedicure')}`, {
      service: '',
      rating: '',
      comment: '',
    });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual([
      { path: 'service', message: 'Select a service' },
      { path: 'rating', message: 'Select a rating' },
      { path: 'comment', message: 'Comment is required' },
    ]);
    const wrong = await customer.rest('POST', `/reviews/${idOf('Gel Pedicure')}`, { rating: 6, comment: 'Meh.' });
    expect(wrong.body.errors).toEqual([
      { path: 'rating', message: 'Select a rating' },
      { path: 'comment', message: 'Comment too short' },
    ]);
    const unknown = await customer.rest('POST', '/reviews/0123456789abcdef01234567', { rating: 4, comment });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ path: 'service', message: 'Select a service' }]);
    const viaTrpc = await customer.trpc('mutation', 'customer.reviews.create', {
      service: idOf('Gel Pedicure'),
      rating: 0,
      comment,
    });
    expect(viaTrpc.error?.message).toBe('Select a rating');
    expect(rowCount(env.database.db, reviews)).toBe(before);
  });

  it('refuses a review of a removed service', async () => {
    const created = await admin.trpc<Service>('mutation', 'admin.services.create', {
      name: 'Retired Treatment',
      price: 10,
      duration: 15,
      category: 'Nail care',
      description: 'Soon gone.',
      image: await jpegDataUrl(),
    });
    const id = created.data?._id ?? '';
    await admin.rest('DELETE', `/admin/services/${id}`);
    const refused = await customer.rest('POST', `/reviews/${id}`, { rating: 4, comment });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ path: 'service', message: 'Select a service' }]);
  });

  it('asks a visitor to log in before reviewing or deleting', async () => {
    const visitor = new TestClient(app);
    expect((await visitor.rest('POST', `/reviews/${idOf('Gel Pedicure')}`, { rating: 5, comment })).status).toBe(401);
    const someReview = (await visitorReviews())[0]?._id ?? '';
    expect((await visitor.rest('DELETE', `/reviews/${someReview}`)).status).toBe(401);
  });

  it('lets an admin approve a pending review, which then shows publicly', async () => {
    const review = await submitReview();
    const approved = await admin.rest<Review>('PATCH', `/admin/reviews/${review._id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      message: 'Review Approved',
      data: { _id: review._id, status: 'Approved', comment },
    });
    expect((await visitorReviews()).map((r) => r._id)).toContain(review._id);

    const another = await submitReview('Gel Pedicure');
    const viaTrpc = await admin.trpc<Review>('mutation', 'admin.reviews.approve', { id: another._id });
    expect(viaTrpc.data).toMatchObject({ _id: another._id, status: 'Approved' });
    expect((await admin.rest('PATCH', '/admin/reviews/0123456789abcdef01234567/approve')).status).toBe(404);
  });

  it("lets a customer delete their own review but not another customer's", async () => {
    const own = await submitReview();
    const othersReview = (await visitorReviews()).find((r) => r.user.fullName === 'Emma Wilson');
    if (!othersReview) throw new Error("the demo salon has Emma's review");

    const refused = await customer.rest('DELETE', `/reviews/${othersReview._id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You can only delete your own reviews.');
    expect((await customer.trpc('mutation', 'customer.reviews.delete', { id: othersReview._id })).status).toBe(403);
    expect((await visitorReviews()).map((r) => r._id)).toContain(othersReview._id);

    const deleted = await customer.rest('DELETE', `/reviews/${own._id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ message: 'Review deleted successfully', data: { _id: own._id } });
    const second = await submitReview();
    expect((await customer.trpc('mutation', 'customer.reviews.delete', { id: second._id })).data).toEqual({
      _id: second._id,
    });
    expect((await customer.rest('DELETE', `/reviews/${own._id}`)).status).toBe(404);
  });

  it('lets an admin delete any review', async () => {
    const [first, second] = await visitorReviews();
    if (!first || !second) throw new Error('expected approved reviews');
    const deleted = await admin.rest('DELETE', `/reviews/${first._id}`);
    expect(deleted.body).toMatchObject({
      statusCode: 200,
      message: 'Review deleted successfully',
      data: { _id: first._id },
    });
    expect((await admin.trpc('mutation', 'admin.reviews.delete', { id: second._id })).data).toEqual({
      _id: second._id,
    });
    const remaining = (await visitorReviews()).map((r) => r._id);
    expect(remaining).not.toContain(first._id);
    expect(remaining).not.toContain(second._id);
  });
});
