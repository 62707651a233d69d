// Freed times handed on to the waitlist by themselves (README "Waitlist"): a cancellation, a
// deleted booking or removed time off offers the time to the longest-waiting matching entry and
// holds it; not taken up in time, it goes to the next; nobody left, it is free for everyone.
// Real HTTP through Fastify, a real SQLite file, a real SMTP server; the loop's pass is run here.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { WAITLIST_HOLD_MINUTES } from '@/shared/constants';
import type { Booking } from '@/shared/schemas/bookings';
import type { SalonWaitlistEntry, WaitlistEntry, WaitlistOffer } from '@/shared/schemas/waitlist';
import { SLOT_TAKEN_MESSAGE } from '@/server/bookings/commands';
import { bookings, timeOff, waitlistHolds, waitlistOffers } from '@/server/db/schema';
import { useTestApp } from '@/server/test/app';
import { createCustomer, futureWorkday, idOfSpecialist, type TestCustomer } from '@/server/test/bookings';
import { TestClient } from '@/server/test/http';
import { handOnFreedTimes } from './freed';
import { NO_OPEN_OFFER, OFFER_ENDED } from './offers';

const MAYA = 'Maya Chen';
const MANICURE = 'Classic Manicure';
const MINUTE_MS = 60_000;

describe('freed times handed on to the waitlist', () => {
  let app: FastifyInstance;
  let admin: TestClient;
  let zone: string;
  let mayaId: string;
  const salon = useTestApp({ smtp: true, admin: true });
  const db = () => salon.db;
  beforeAll(() => {
    ({ app, admin } = salon);
    zone = salon.config.timezone;
    mayaId = idOfSpecialist(db(), MAYA);
  });
  /** A pass of the loop as if run at `now`. */
  const pass = (now = new Date()) => handOnFreedTimes({ db: db(), config: salon.config, outbox: app.outbox }, now);

  let offset = 12;
  const freshDay = () => futureWorkday(zone, (offset += 7), ['Tuesday', 'Wednesday', 'Thursday', 'Friday']);

  /** Maya's day with only 10:00 to 11:00 left open (time off before and after). */
  async function onlyTenFree(day: string): Promise<void> {
    for (const [from, to] of [
      ['00:00', '10:00'],
      ['11:00', '23:30'],
    ]) {
      const added = await admin.rest('POST', `/admin/specialists/${mayaId}/time-off`, {
        startsAt: `${day}T${String(from)}`,
        endsAt: `${day}T${String(to)}`,
      });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
    }
  }

  async function waiting(
    who: TestCustomer,
    day: string,
    partOfDay: WaitlistEntry['partOfDay'] = 'any',
  ): Promise<WaitlistEntry> {
    const answer = await who.client.rest<WaitlistEntry>('POST', '/users/waitlist', {
      items: [{ service: MANICURE, specialist: MAYA }],
      fromDate: day,
      toDate: day,
      partOfDay,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.data;
  }

  const bookAs = (who: TestCustomer, day: string, timeSlot: string) =>
    who.client.rest<Booking>('POST', '/users/appointment', {
      bookingDate: day,
      timeSlot,
      service: MANICURE,
      specialist: MAYA,
      email: who.email,
      phone: who.phone,
    });

  const slotsOf = async (day: string): Promise<string[]> => {
    const query = new URLSearchParams({ specialistId: mayaId, bookingDate: day, serviceName: MANICURE });
    const answer = await new TestClient(app).rest<string[]>(
      'GET',
      `/users/appointment/available-slots?${query.toString()}`,
    );
    return answer.body.data;
  };

  const offersTo = (entryId: string) =>
    db().select().from(waitlistOffers).where(eq(waitlistOffers.entryId, entryId)).all();

  async function tokenMailedTo(who: TestCustomer): Promise<string> {
    const mail = await salon.smtp.waitForMail(who.email);
    expect(mail.subject).toContain('A time came free');
    const link = /https?:\/\/\S+\/waitlist\/offers\/(\w+)/.exec(mail.text ?? '');
    if (!link?.[1]) throw new Error(`no offer link in ${mail.text ?? ''}`);
    return link[1];
  }

  it('offers a cancelled time to the first matching entry and holds it; unused, it goes to the next, then to everyone', async () => {
    const day = freshDay();
    await onlyTenFree(day);
    const carl = await createCustomer(app, db(), 'Carl Cancels');
    const ada = await createCustomer(app, db(), 'Ada First');
    const bob = await createCustomer(app, db(), 'Bob Second');
    const eve = await createCustomer(app, db(), 'Eve Evening');
    const booked = await bookAs(carl, day, '10:00');
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(await slotsOf(day)).toEqual([]);
    // Eve waits longest, but only for the evening: 10:00 does not suit her.
    const eves = await waiting(eve, day, 'evening');
    const adas = await waiting(ada, day);
    const bobs = await waiting(bob, day, 'morning');
    expect(pass()).toEqual([]);

    const cancelled = await carl.client.rest('PATCH', `/users/appointment/${booked.body.data._id}/cancel`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const now = new Date();
    const offered = pass(now);
    expect(offered.map((offer) => [offer.entryId, offer.bookingDate, offer.timeSlot])).toEqual([
      [adas._id, day, '10:00'],
    ]);
    expect(offersTo(eves._id)).toEqual([]);
    const adasToken = await tokenMailedTo(ada);

    // Held for Ada alone: Bob neither sees it nor can book it, and a second pass offers nothing.
    expect(await slotsOf(day)).toEqual([]);
    const refused = await bookAs(bob, day, '10:00');
    expect([refused.status, refused.body.message]).toEqual([409, SLOT_TAKEN_MESSAGE]);
    expect(pass(now)).toEqual([]);

    // Ada lets the hold end: the time goes to Bob, held for him, and her link says it ended.
    const afterAda = new Date(now.getTime() + (WAITLIST_HOLD_MINUTES + 1) * MINUTE_MS);
    const next = pass(afterAda);
    expect(next.map((offer) => [offer.entryId, offer.timeSlot])).toEqual([[bobs._id, '10:00']]);
    expect(offersTo(adas._id).map((offer) => offer.status)).toEqual(['expired']);
    await tokenMailedTo(bob);
    const late = await new TestClient(app).rest('POST', `/users/waitlist/offers/${adasToken}/accept`);
    expect([late.status, late.body.message]).toEqual([409, OFFER_ENDED]);
    // Ada is not offered the same time again while Bob's hold runs, nor after it.
    const afterBob = new Date(afterAda.getTime() + (WAITLIST_HOLD_MINUTES + 1) * MINUTE_MS);
    expect(pass(afterBob)).toEqual([]);
    expect(offersTo(adas._id)).toHaveLength(1);

    // Nobody left who wants it: free for everyone.
    expect(db().select().from(waitlistHolds).all()).toEqual([]);
    expect(await slotsOf(day)).toEqual(['10:00']);
    expect((await bookAs(carl, day, '10:00')).status).toBe(201);
  });

  it('hands on a deleted booking and removed time off, and a booking from the offer counts as from the waitlist', async () => {
    const day = freshDay();
    await onlyTenFree(day);
    const dan = await createCustomer(app, db(), 'Dan Deleted');
    const fay = await createCustomer(app, db(), 'Fay Waiting');
    const gus = await createCustomer(app, db(), 'Gus Afternoon');
    const booked = await bookAs(dan, day, '10:00');
    expect(booked.status).toBe(201);
    const fays = await waiting(fay, day, 'morning');
    const guss = await waiting(gus, day, 'afternoon');

    // The salon deletes the booking: Fay is offered 10:00 and books it from her link.
    const deleted = await admin.rest('DELETE', `/admin/bookings/${booked.body.data._id}`);
    expect(deleted.status).toBe(200);
    expect(pass().map((offer) => [offer.entryId, offer.timeSlot])).toEqual([[fays._id, '10:00']]);
    const token = await tokenMailedTo(fay);
    const accepted = await new TestClient(app).rest<{ _id: string }>('POST', `/users/waitlist/offers/${token}/accept`);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    const source = db()
      .select({ source: bookings.source })
      .from(bookings)
      .where(eq(bookings.id, accepted.body.data._id))
      .get();
    expect(source).toEqual({ source: 'waitlist' });
    // The reports count it as a booking from the waitlist.
    const report = await admin.rest<{ fromWaitlist: number }>('GET', `/admin/reports?from=${day}&to=${day}`);
    expect(report.body.data.fromWaitlist).toBe(1);

    // The afternoon's time off is removed: Gus is offered its first free afternoon time.
    const afternoon = db()
      .select({ id: timeOff.id })
      .from(timeOff)
      .where(and(eq(timeOff.specialistId, mayaId), eq(timeOff.startsLocal, `${day}T11:00`)))
      .get();
    const removed = await admin.rest('DELETE', `/admin/specialists/${mayaId}/time-off/${afternoon?.id ?? ''}`);
    expect(removed.status).toBe(200);
    expect(pass().map((offer) => [offer.entryId, offer.timeSlot])).toEqual([[guss._id, '12:00']]);
    await tokenMailedTo(gus);
    expect(
      db()
        .select()
        .from(waitlistOffers)
        .where(and(eq(waitlistOffers.entryId, guss._id), eq(waitlistOffers.status, 'open')))
        .all(),
    ).toHaveLength(1);
  });

  it('goes on to the next entry when the offered one ends by its customer booking elsewhere', async () => {
    const day = freshDay();
    await onlyTenFree(day);
    const hal = await createCustomer(app, db(), 'Hal Cancels');
    const ivy = await createCustomer(app, db(), 'Ivy Elsewhere');
    const jon = await createCustomer(app, db(), 'Jon Next');
    const booked = await bookAs(hal, day, '10:00');
    expect(booked.status).toBe(201);
    const ivys = await waiting(ivy, day);
    const jons = await waiting(jon, day);
    await hal.client.rest('PATCH', `/users/appointment/${booked.body.data._id}/cancel`);
    expect(pass().map((offer) => offer.entryId)).toEqual([ivys._id]);

    // Ivy leaves the waitlist: her offer is withdrawn and the time goes straight on to Jon.
    const left = await ivy.client.rest('DELETE', `/users/waitlist/${ivys._id}`);
    expect(left.status).toBe(200);
    expect(offersTo(ivys._id).map((offer: { status: WaitlistOffer['status'] }) => offer.status)).toEqual(['withdrawn']);
    expect(pass().map((offer) => [offer.entryId, offer.timeSlot])).toEqual([[jons._id, '10:00']]);
  });

  it('shows the salon which entry holds a time, and a withdrawn offer goes on to the next', async () => {
    const day = freshDay();
    await onlyTenFree(day);
    const kim = await createCustomer(app, db(), 'Kim Cancels');
    const lea = await createCustomer(app, db(), 'Lea Offered');
    const max = await createCustomer(app, db(), 'Max Next');
    const booked = await bookAs(kim, day, '10:00');
    expect(booked.status).toBe(201);
    const leas = await waiting(lea, day);
    const maxs = await waiting(max, day);
    await kim.client.rest('PATCH', `/users/appointment/${booked.body.data._id}/cancel`);
    const [offered] = pass();

    const list = await admin.rest<SalonWaitlistEntry[]>('GET', `/admin/waitlist?date=${day}`);
    expect(list.body.data.map((entry) => [entry.customer.fullName, entry.offer?.timeSlot ?? null])).toEqual([
      ['Lea Offered', '10:00'],
      ['Max Next', null],
    ]);
    expect(list.body.data[0]?.offer?._id).toBe(offered?._id);

    const withdrawn = await admin.rest<WaitlistOffer>('DELETE', `/admin/waitlist/${leas._id}/offer`);
    expect([withdrawn.status, withdrawn.body.data.status]).toEqual([200, 'withdrawn']);
    const again = await admin.rest('DELETE', `/admin/waitlist/${leas._id}/offer`);
    expect([again.status, again.body.message]).toEqual([404, NO_OPEN_OFFER]);
    expect(pass().map((offer) => [offer.entryId, offer.timeSlot])).toEqual([[maxs._id, '10:00']]);
  });

  it('offers the time that came free, not one that was free all along', async () => {
    const day = freshDay();
    const nia = await createCustomer(app, db(), 'Nia Cancels');
    const oli = await createCustomer(app, db(), 'Oli Waiting');
    const booked = await bookAs(nia, day, '15:00');
    expect(booked.status).toBe(201);
    const olis = await waiting(oli, day);
    expect(await slotsOf(day)).toContain('09:00');
    await nia.client.rest('PATCH', `/users/appointment/${booked.body.data._id}/cancel`);
    // 15:00 itself, though 09:00 and 14:30 (which would overlap it) are free too.
    const [offered] = pass();
    expect([offered?.entryId, offered?.timeSlot]).toEqual([olis._id, '15:00']);
  });

  it('hands a time let go down the list once, never back and forth between two entries', async () => {
    const day = freshDay();
    const pia = await createCustomer(app, db(), 'Pia Cancels');
    const quinn = await createCustomer(app, db(), 'Quinn First');
    const rae = await createCustomer(app, db(), 'Rae Second');
    const booked = await bookAs(pia, day, '14:00');
    expect(booked.status).toBe(201);
    const quinns = await waiting(quinn, day);
    const raes = await waiting(rae, day);
    await pia.client.rest('PATCH', `/users/appointment/${booked.body.data._id}/cancel`);
    const now = new Date();
    const later = (holds: number) => new Date(now.getTime() + holds * (WAITLIST_HOLD_MINUTES + 1) * MINUTE_MS);
    expect(pass(now).map((offer) => [offer.entryId, offer.timeSlot])).toEqual([[quinns._id, '14:00']]);
    expect(pass(later(1)).map((offer) => [offer.entryId, offer.timeSlot])).toEqual([[raes._id, '14:00']]);
    // Rae lets it go too: neither is offered a neighbouring time in its place, and it is free for all.
    expect(pass(later(2))).toEqual([]);
    expect(pass(later(3))).toEqual([]);
    expect([offersTo(quinns._id).length, offersTo(raes._id).length]).toEqual([1, 1]);
    expect(await slotsOf(day)).toContain('14:00');
  });
});
