// My account's data export over HTTP: exactly the customer's own rows, nobody else's.
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@/server/db/ids';
import { bookings, reviews } from '@/server/db/schema';
import {
  bookingRow,
  createCustomer,
  futureWorkday,
  idOfService,
  idOfSpecialist,
  type TestCustomer,
} from '@/server/test/bookings';
import { TestClient } from '@/server/test/http';
import { useTestApp } from '@/server/test/app';
import type { TestEnvironment } from '@/server/test/test-db';

interface Exported {
  profile: { _id: string; email: string; fullName: string; phone: string; createdAt: string };
  bookings: { _id: string; status: string }[];
  reviews: { _id: string; comment: string; user: { _id: string } }[];
}

describe('the customer data export', () => {
  let env: TestEnvironment;
  let app: FastifyInstance;
  const db = () => env.database.db;

  const salon = useTestApp();
  beforeAll(() => {
    ({ env, app } = salon);
  });

  /** Two bookings (one past and cancelled) and one review, written for `customer`. */
  function giveRows(customer: TestCustomer, time: string) {
    const serviceId = idOfService(db(), 'Classic Manicure');
    const specialistId = idOfSpecialist(db(), 'Maya Chen');
    const timeZone = env.config.timezone;
    const ahead = bookingRow({
      userId: customer.id,
      serviceId,
      specialistId,
      day: futureWorkday(timeZone, 3),
      time,
      timeZone,
    });
    const past = bookingRow({
      userId: customer.id,
      serviceId,
      specialistId,
      day: '2026-01-15',
      time,
      timeZone,
      status: 'cancelled',
    });
    db().insert(bookings).values([ahead, past]).run();
    const reviewId = newId();
    db()
      .insert(reviews)
      .values({
        id: reviewId,
        userId: customer.id,
        serviceId,
        rating: 5,
        comment: `Lovely visit, ${customer.fullName}`,
      })
      .run();
    return { bookingIds: [ahead.id, past.id].sort(), reviewId };
  }

  it("holds exactly the customer's profile, bookings and reviews", async () => {
    const ada = await createCustomer(app, db(), 'Ada Export');
    const ben = await createCustomer(app, db(), 'Ben Other');
    const adas = giveRows(ada, '10:00');
    const bens = giveRows(ben, '11:00');

    const answer = await ada.client.rest<Exported>('GET', '/users/me/export');
    expect(answer.status).toBe(200);
    const exported = answer.body.data;
    expect(exported.profile).toMatchObject({ _id: ada.id, email: ada.email, fullName: 'Ada Export', phone: ada.phone });
    expect(Number.isNaN(Date.parse(exported.profile.createdAt))).toBe(false);
    expect(exported.bookings.map((booking) => booking._id).sort()).toEqual(adas.bookingIds);
    expect(exported.bookings.map((booking) => booking.status).sort()).toEqual(['cancelled', 'pending']);
    expect(exported.reviews.map((review) => review._id)).toEqual([adas.reviewId]);
    expect(JSON.stringify(exported)).not.toContain(ben.email);
    expect(JSON.stringify(exported)).not.toContain(bens.reviewId);
    for (const id of bens.bookingIds) expect(JSON.stringify(exported)).not.toContain(id);

    // The same over tRPC, and nothing for a visitor.
    const viaTrpc = await ada.client.trpc('query', 'customer.account.exportData');
    expect(viaTrpc.status).toBe(200);
    expect((await new TestClient(app).rest('GET', '/users/me/export')).status).toBe(401);
  });
});
