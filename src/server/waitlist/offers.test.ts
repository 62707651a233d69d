// Times offered from the waitlist over HTTP (README "Waitlist"): the salon offers a free time to an
// entry; its customer is mailed a link; the time is held for them alone (nobody else sees it free
// or can book it) until they take it up or the hold ends; of 20 simultaneous takes one books.
// Real HTTP through Fastify, a real SQLite file, a real SMTP server.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Visit } from '@/shared/schemas/visits';
import type { WaitlistEntry, WaitlistOffer } from '@/shared/schemas/waitlist';
import { SLOT_TAKEN_MESSAGE } from '@/server/bookings/commands';
import { activity, bookings, waitlist, waitlistHolds, waitlistOffers } from '@/server/db/schema';
import { addCalendarDays } from '@/server/domain/calendar';
import { useTestApp } from '@/server/test/app';
import { createCustomer, futureWorkday, idOfSpecialist, type TestCustomer } from '@/server/test/bookings';
import { TestClient } from '@/server/test/http';
import { ENTRY_HAS_OFFER, OFFER_ENDED, OFFER_TAKEN } from './offers';

const MAYA = 'Maya Chen';
const MANICURE = 'Classic Manicure';

describe('times offered from the waitlist', () => {
  let app: FastifyInstance;
  let admin: TestClient;
  let zone: string;
  const salon = useTestApp({ smtp: true, admin: true });
  const db = () => salon.db;
  beforeAll(() => {
    ({ app, admin } = salon);
    zone = salon.config.timezone;
  });

  let offset = 8;
  /** A day of its own for each test, on which Maya works. */
  const freshDay = () => futureWorkday(zone, (offset += 2), ['Tuesday', 'Wednesday', 'Thursday', 'Friday']);

  async function waiting(who: TestCustomer, day: string): Promise<WaitlistEntry> {
    const answer = await who.client.rest<WaitlistEntry>('POST', '/users/waitlist', {
      items: [{ service: MANICURE, specialist: MAYA }],
      fromDate: addCalendarDays(day, -1),
      toDate: addCalendarDays(day, 1),
      partOfDay: 'any',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.data;
  }

  const offer = (entryId: string, day: string, timeSlot: string) =>
    admin.rest<WaitlistOffer>('POST', `/admin/waitlist/${entryId}/offer`, { bookingDate: day, timeSlot });

  /** The offer's link, from the mail its customer received. */
  async function linkMailedTo(who: TestCustomer): Promise<string> {
    const mail = await salon.smtp.waitForMail(who.email);
    expect(mail.subject).toContain('A time came free');
    const link = /https?:\/\/\S+\/waitlist\/offers\/(\w+)/.exec(mail.text ?? '');
    if (!link?.[1]) throw new Error(`no offer link in ${mail.text ?? ''}`);
    return link[1];
  }

  const slotsOf = async (day: string): Promise<string[]> => {
    const query = new URLSearchParams({
      specialistId: idOfSpecialist(db(), MAYA),
      bookingDate: day,
      serviceName: MANICURE,
    });
    const answer = await new TestClient(app).rest<string[]>(
      'GET',
      `/users/appointment/available-slots?${query.toString()}`,
    );
    return answer.body.data;
  };

  const bookAs = (who: TestCustomer, day: string, timeSlot: string) =>
    who.client.rest('POST', '/users/appointment', {
      bookingDate: day,
      timeSlot,
      service: MANICURE,
      specialist: MAYA,
      email: who.email,
      phone: who.phone,
    });

  it('holds an offered time for its customer alone, who books it from the mailed link', async () => {
    const day = freshDay();
    const ada = await createCustomer(app, db(), 'Ada Waiting');
    const bob = await createCustomer(app, db(), 'Bob Other');
    const entry = await waiting(ada, day);
    expect(await slotsOf(day)).toContain('11:00');

    const offered = await offer(entry._id, day, '11:00');
    expect(offered.status, JSON.stringify(offered.body)).toBe(201);
    expect(offered.body.data).toMatchObject({
      entryId: entry._id,
      bookingDate: day,
      timeSlot: '11:00',
      status: 'open',
      items: [{ service: { name: MANICURE }, specialist: { name: MAYA } }],
    });
    const token = await linkMailedTo(ada);
    // Settings → Activity says who offered it to whom.
    const logged = db().select().from(activity).where(eq(activity.entity, 'waitlist')).all();
    expect(logged.map((row) => [row.entityLabel, row.action, row.detail, row.actorName])).toContainEqual([
      'Ada Waiting',
      'created',
      'Offered a time',
      expect.any(String),
    ]);

    // Held: nobody else sees it free or can book it, and it is not offered twice.
    expect(await slotsOf(day)).not.toContain('11:00');
    const taken = await bookAs(bob, day, '11:00');
    expect([taken.status, taken.body.message]).toEqual([409, SLOT_TAKEN_MESSAGE]);
    const twice = await offer(entry._id, day, '15:00');
    expect([twice.status, twice.body.message]).toEqual([409, ENTRY_HAS_OFFER]);
    const bobs = await waiting(bob, day);
    const same = await offer(bobs._id, day, '11:00');
    expect([same.status, same.body.message]).toEqual([409, SLOT_TAKEN_MESSAGE]);

    // The link shows the offer; taking it up books it as Ada's own, once.
    const guest = new TestClient(app);
    const shown = await guest.rest<WaitlistOffer>('GET', `/users/waitlist/offers/${token}`);
    expect(shown.body.data).toMatchObject({ _id: offered.body.data._id, status: 'open' });
    const accepted = await guest.rest<Visit>('POST', `/users/waitlist/offers/${token}/accept`);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    expect(accepted.body.data).toMatchObject({ bookingDate: day, timeSlot: '11:00' });
    const booking = db().select().from(bookings).where(eq(bookings.id, accepted.body.data._id)).get();
    // The salon offered it: confirmed, as the salon's own bookings are.
    expect([booking?.userId, booking?.specialistName, booking?.status]).toEqual([ada.id, MAYA, 'confirmed']);
    expect(db().select().from(waitlist).where(eq(waitlist.id, entry._id)).get()?.status).toBe('booked');
    expect(db().select().from(waitlistHolds).where(eq(waitlistHolds.offerId, offered.body.data._id)).all()).toEqual([]);
    const again = await guest.rest('POST', `/users/waitlist/offers/${token}/accept`);
    expect([again.status, again.body.message]).toEqual([409, OFFER_TAKEN]);
    expect((await guest.rest<WaitlistOffer>('GET', `/users/waitlist/offers/${token}`)).body.data).toMatchObject({
      status: 'accepted',
      bookingId: accepted.body.data._id,
    });
  });

  it('frees the time for everyone when the hold ends, and the late link says so', async () => {
    const day = freshDay();
    const cal = await createCustomer(app, db(), 'Cal Late');
    const dee = await createCustomer(app, db(), 'Dee Prompt');
    const entry = await waiting(cal, day);
    const offered = await offer(entry._id, day, '12:00');
    expect(offered.status).toBe(201);
    const token = await linkMailedTo(cal);
    expect(await slotsOf(day)).not.toContain('12:00');

    // Thirty minutes later, as far as the hold is concerned.
    const past = new Date(Date.now() - 1000);
    db().update(waitlistHolds).set({ until: past }).where(eq(waitlistHolds.offerId, offered.body.data._id)).run();
    db().update(waitlistOffers).set({ expiresAt: past }).where(eq(waitlistOffers.id, offered.body.data._id)).run();
    expect(await slotsOf(day)).toContain('12:00');
    const late = await new TestClient(app).rest('POST', `/users/waitlist/offers/${token}/accept`);
    expect([late.status, late.body.message]).toEqual([409, OFFER_ENDED]);
    expect((await bookAs(dee, day, '12:00')).status).toBe(201);
    // Cal still waits, and may be offered another time.
    expect((await offer(entry._id, day, '16:00')).status).toBe(201);
  });

  it('books once when the link is taken up 20 times at once', async () => {
    const day = freshDay();
    const eve = await createCustomer(app, db(), 'Eve Eager');
    const entry = await waiting(eve, day);
    expect((await offer(entry._id, day, '10:00')).status).toBe(201);
    const token = await linkMailedTo(eve);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => new TestClient(app).rest('POST', `/users/waitlist/offers/${token}/accept`)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const rows = db().select().from(bookings).where(eq(bookings.userId, eve.id)).all();
    expect(rows.map((row) => [row.bookingDate, row.timeSlot])).toEqual([[day, '10:00']]);
  });

  it('refuses an unknown link, and is for the front desk only', async () => {
    const unknown = await new TestClient(app).rest('POST', '/users/waitlist/offers/nosuchtoken/accept');
    expect(unknown.status).toBe(404);
    const customer = await createCustomer(app, db(), 'Fay Nosy');
    const entry = await waiting(customer, freshDay());
    const asCustomer = await customer.client.rest('POST', `/admin/waitlist/${entry._id}/offer`, {
      bookingDate: freshDay(),
      timeSlot: '10:00',
    });
    expect(asCustomer.status).toBe(403);
    expect(db().select().from(waitlistOffers).where(eq(waitlistOffers.entryId, entry._id)).all()).toEqual([]);
  });

  it('withdraws the offer when its customer leaves the waitlist, freeing the time', async () => {
    const day = freshDay();
    const gil = await createCustomer(app, db(), 'Gil Gone');
    const entry = await waiting(gil, day);
    expect((await offer(entry._id, day, '13:00')).status).toBe(201);
    const token = await linkMailedTo(gil);
    expect(await slotsOf(day)).not.toContain('13:00');
    expect((await gil.client.rest('DELETE', `/users/waitlist/${entry._id}`)).status).toBe(200);
    expect(await slotsOf(day)).toContain('13:00');
    const late = await new TestClient(app).rest<WaitlistOffer>('GET', `/users/waitlist/offers/${token}`);
    expect(late.body.data.status).toBe('withdrawn');
    const taken = await new TestClient(app).rest('POST', `/users/waitlist/offers/${token}/accept`);
    expect([taken.status, taken.body.message]).toEqual([409, OFFER_ENDED]);
  });

  it('offers only the days an entry waits for, and names the hold when the salon moves a booking onto it', async () => {
    const day = freshDay();
    const hal = await createCustomer(app, db(), 'Hal Held');
    const ivy = await createCustomer(app, db(), 'Ivy Mover');
    const entry = await waiting(hal, day);
    const outside = await offer(entry._id, addCalendarDays(day, 7), '11:00');
    expect(outside.status).toBe(400);
    expect(outside.body.errors).toEqual([
      { path: 'bookingDate', message: 'Choose one of the days the customer waits for.' },
    ]);
    expect(db().select().from(waitlistOffers).where(eq(waitlistOffers.entryId, entry._id)).all()).toEqual([]);

    const ivys = await bookAs(ivy, day, '15:00');
    expect(ivys.status).toBe(201);
    expect((await offer(entry._id, day, '11:00')).status).toBe(201);
    const moved = await admin.rest('PATCH', `/admin/bookings/${(ivys.body.data as { _id: string })._id}`, {
      bookingDate: day,
      timeSlot: '11:00',
    });
    expect(moved.status).toBe(409);
    expect(moved.body.message).toMatch(
      /^This time is held for a customer on the waitlist until \d{1,2}:\d{2} [AP]M\.$/,
    );
  });
});
