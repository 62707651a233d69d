// Visits over HTTP (README "Visits"): one appointment of several services in order, each with its
// own specialist or any. Many customers booking at once, processing time that leaves the specialist
// free, a whole visit moved or refused, each specialist's own price and length, a service's notice
// and horizon, and one mail per visit. Real HTTP, a real SQLite file, a real SMTP server.
import type { AddressInfo } from 'node:net';
import { and, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AddressObject, ParsedMail } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import { HttpSession, type Answer } from '../../../scripts/crash/http-session';
import type { Weekday } from '@/shared/constants';
import type { Booking, CustomerBooking } from '@/shared/schemas/bookings';
import type { Service } from '@/shared/schemas/services';
import type { SpecialistServiceTerms } from '@/shared/schemas/specialists';
import type { Visit } from '@/shared/schemas/visits';
import { bookings, messages, services, specialistServices } from '@/server/db/schema';
import { addCalendarDays, instantAt, todayIn } from '@/server/domain/calendar';
import { useTestApp } from '@/server/test/app';
import { createCustomer, futureWorkday, idOfService, idOfSpecialist, type TestCustomer } from '@/server/test/bookings';
import { TestClient } from '@/server/test/http';
import { SLOT_TAKEN_MESSAGE } from './commands';

const MINUTE = 60_000;
/** The days Leila, Anna and Maya all work. */
const LEILA_ANNA_MAYA: Weekday[] = ['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

interface ItemChoice {
  service: string;
  specialist: string;
}

const mailRecipients = (mail: ParsedMail): string[] => {
  const to: AddressObject[] = mail.to === undefined ? [] : Array.isArray(mail.to) ? mail.to : [mail.to];
  return to.flatMap((group) => group.value.map((address) => (address.address ?? '').toLowerCase()));
};

describe('visits: several services in one appointment', () => {
  let app: FastifyInstance;
  let admin: TestClient;
  let zone: string;
  let origin: string;

  const salon = useTestApp({ smtp: true, admin: true });
  const db = () => salon.db;

  beforeAll(async () => {
    ({ app, admin } = salon);
    zone = salon.config.timezone;
    // The terms this file starts from, whatever the demo seed's details: every service without
    // buffer, processing, notice or horizon of its own, colour two hours at $85, and every
    // specialist at the service's own price and length.
    db()
      .update(services)
      .set({ bufferMinutes: 0, processingMinutes: 0, minNoticeMinutes: 0, maxAdvanceDays: null })
      .run();
    db().update(services).set({ durationMinutes: 120, price: 85 }).where(eq(services.name, 'Hair Colouring')).run();
    db().update(specialistServices).set({ priceCents: null, durationMinutes: null }).run();
    await app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${String((app.server.address() as AddressInfo).port)}`;
  });

  // Each test has a day of its own, clear of the demo's bookings and Leila's training day.
  const usedDays = new Set<string>();
  const freshDay = (): string => {
    for (let offset = 12; ; offset++) {
      const day = futureWorkday(zone, offset, LEILA_ANNA_MAYA);
      if (!usedDays.has(day)) {
        usedDays.add(day);
        return day;
      }
    }
  };

  const customer = (fullName?: string) => createCustomer(app, db(), fullName);

  const visitForm = (who: TestCustomer, day: string, timeSlot: string, items: ItemChoice[]) => ({
    firstName: 'Vera',
    lastName: 'Visitor',
    email: who.email,
    phone: who.phone,
    bookingDate: day,
    timeSlot,
    items,
  });

  const bookVisit = (who: TestCustomer, day: string, timeSlot: string, items: ItemChoice[]) =>
    who.client.rest<Visit>('POST', '/users/visits', visitForm(who, day, timeSlot, items));

  async function bookVisitOk(who: TestCustomer, day: string, timeSlot: string, items: ItemChoice[]): Promise<Visit> {
    const answer = await bookVisit(who, day, timeSlot, items);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.data;
  }

  /** `GET /users/visits/available-slots` as a guest; the items as `SERVICE:SPECIALIST,…`. */
  async function visitSlots(day: string, items: ItemChoice[]): Promise<string[]> {
    const query = new URLSearchParams({
      bookingDate: day,
      items: items.map((item) => `${item.service}:${item.specialist}`).join(','),
    });
    const answer = await new TestClient(app).rest<string[]>('GET', `/users/visits/available-slots?${query.toString()}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  }

  const bookOne = (who: TestCustomer, day: string, timeSlot: string, service: string, specialist: string) =>
    who.client.rest<Booking>('POST', '/users/appointment', {
      bookingDate: day,
      timeSlot,
      service,
      specialist,
      email: who.email,
      phone: who.phone,
    });

  /** The stored rows of these bookings, in the order of the ids. */
  const rowsOf = (ids: readonly string[]) => {
    const rows = db()
      .select()
      .from(bookings)
      .where(inArray(bookings.id, [...ids]))
      .all();
    return ids.map((id) => {
      const row = rows.find((candidate) => candidate.id === id);
      if (!row) throw new Error(`booking ${id} is not stored`);
      return row;
    });
  };

  /** Saves a service through the admin's form (tRPC), every field as stored but `changes`. */
  async function editService(name: string, changes: Record<string, unknown>): Promise<Service> {
    const row = db().select().from(services).where(eq(services.name, name)).get();
    if (!row) throw new Error(`no service ${name}`);
    const answer = await admin.trpc<Service>('mutation', 'admin.services.update', {
      id: row.id,
      name: row.name,
      price: row.price,
      duration: row.durationMinutes,
      category: row.category,
      description: row.description,
      bufferMinutes: row.bufferMinutes,
      processingMinutes: row.processingMinutes,
      minNoticeMinutes: row.minNoticeMinutes,
      maxAdvanceDays: row.maxAdvanceDays,
      ...changes,
    });
    expect(answer.status, JSON.stringify(answer.error)).toBe(200);
    if (!answer.data) throw new Error(`${name} was not saved`);
    return answer.data;
  }

  const mailsTo = (email: string) =>
    salon.smtp.messages.filter((mail) => mailRecipients(mail).includes(email.toLowerCase()));

  it('books forty simultaneous visits of two or three services without ever giving a specialist two clients at once', async () => {
    const CROWD = 40;
    const day = freshDay();
    const colourId = idOfService(db(), 'Hair Colouring');
    const mayaId = idOfSpecialist(db(), 'Maya Chen');
    const leilaId = idOfSpecialist(db(), 'Leila Haddad');
    // Overlapping specialists: Maya in three of the mixes, Leila and "any" hairdresser in three.
    const mixes: ItemChoice[][] = [
      [
        { service: 'Classic Manicure', specialist: 'Maya Chen' },
        { service: 'Gel Pedicure', specialist: mayaId },
      ],
      [
        { service: colourId, specialist: 'Leila Haddad' },
        { service: 'Haircut & Styling', specialist: 'any' },
      ],
      [
        { service: 'Gel Pedicure', specialist: 'Maya Chen' },
        { service: 'Haircut & Styling', specialist: 'any' },
        { service: 'Classic Manicure', specialist: 'any' },
      ],
      [
        { service: 'Haircut & Styling', specialist: 'any' },
        { service: 'Hair Colouring', specialist: leilaId },
        { service: 'classic manicure', specialist: 'maya chen' },
      ],
    ];
    const times = ['10:00', '10:30', '11:00', '13:00'];
    const crowd = await Promise.all(Array.from({ length: CROWD }, (_, i) => customer(`Visitor Number${String(i)}`)));
    // The services each mix names, however it names them.
    const serviceNames = [
      ['Classic Manicure', 'Gel Pedicure'],
      ['Hair Colouring', 'Haircut & Styling'],
      ['Gel Pedicure', 'Haircut & Styling', 'Classic Manicure'],
      ['Haircut & Styling', 'Hair Colouring', 'Classic Manicure'],
    ];
    const asked = crowd.map((who, i) => ({
      who,
      items: mixes[i % mixes.length] ?? [],
      serviceNames: serviceNames[i % mixes.length] ?? [],
      time: times[Math.floor(i / mixes.length) % times.length] ?? '10:00',
    }));

    // Each customer from a socket of their own, all at once.
    const answers: Answer<Visit>[] = await Promise.all(
      asked.map(({ who, items, time }) =>
        new HttpSession(origin)
          .adopt(who.client.cookies)
          .rest<Visit>('POST', '/users/visits', visitForm(who, day, time, items)),
      ),
    );

    // Every answer is a whole visit or the spec's refusal.
    const booked = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status !== 201);
    for (const answer of refused) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(409);
      expect(answer.body).toMatchObject({ success: false, statusCode: 409, message: SLOT_TAKEN_MESSAGE });
    }
    expect(booked.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);

    // Each visit booked has every item it asked for stored with its visit id, in order, at the
    // start asked for; the client is never in two places (next item after active and processing).
    const rowsOfDay = db().select().from(bookings).where(eq(bookings.bookingDate, day)).all();
    for (const answer of booked) {
      const index = answers.indexOf(answer);
      const request = asked[index];
      if (!request) throw new Error('no request behind an answer');
      const visit = answer.body.data;
      expect(visit.bookingDate).toBe(day);
      expect(visit.timeSlot).toBe(request.time);
      expect(visit.items).toHaveLength(request.items.length);
      const stored = rowsOfDay
        .filter((row) => row.visitId === visit._id)
        .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
      expect(stored.map((row) => row.id)).toEqual(visit.items.map((item) => item._id));
      expect(stored.every((row) => row.userId === request.who.id && row.status === 'pending')).toBe(true);
      expect(stored.map((row) => row.serviceName)).toEqual(request.serviceNames);
      stored.forEach((row, i) => {
        const next = stored[i + 1];
        if (next)
          expect(next.startsAt.getTime()).toBeGreaterThanOrEqual(
            row.startsAt.getTime() + (row.durationMinutes + row.processingMinutes) * MINUTE,
          );
      });
      expect(stored[0]?.startsAt.getTime()).toBe(instantAt(day, request.time, zone).getTime());
    }

    // Those refused left nothing: every row of the day belongs to a visit booked.
    const bookedIds = new Set(booked.map((answer) => answer.body.data._id));
    const itemCount = booked.reduce((sum, answer) => sum + answer.body.data.items.length, 0);
    expect(rowsOfDay.filter((row) => row.visitId === null || !bookedIds.has(row.visitId))).toEqual([]);
    expect(rowsOfDay).toHaveLength(itemCount);
    const refusedUsers = new Set(refused.map((answer) => asked[answers.indexOf(answer)]?.who.id));
    expect(rowsOfDay.filter((row) => refusedUsers.has(row.userId))).toEqual([]);

    // No specialist has two live bookings that overlap (their own time: active and buffer).
    const live = db()
      .select()
      .from(bookings)
      .where(and(eq(bookings.bookingDate, day), ne(bookings.status, 'cancelled')))
      .all();
    const overlaps: string[] = [];
    for (const a of live)
      for (const b of live)
        if (a.id < b.id && a.specialistId === b.specialistId && a.startsAt < b.endsAt && b.startsAt < a.endsAt)
          overlaps.push(`${a.specialistName} ${a.timeSlot} / ${b.timeSlot}`);
    expect(overlaps).toEqual([]);

    // The items are bookings like any other: in the customer's list and the back office's.
    const first = booked[0];
    const winner = first && asked[answers.indexOf(first)];
    if (!first || !winner) throw new Error('nobody booked');
    const itemIds = first.body.data.items.map((item) => item._id);
    const mine = await winner.who.client.rest<CustomerBooking[]>('GET', '/users/appointment');
    expect(mine.body.data.map((b) => b._id)).toEqual(expect.arrayContaining(itemIds));
    const everything = await admin.rest<Booking[]>('GET', '/admin/bookings');
    expect(everything.body.data.map((b) => b._id)).toEqual(expect.arrayContaining(itemIds));

    console.log(
      `[guarantee] ${String(CROWD)} simultaneous visits of 2-3 services (${String(CROWD)} customers, 4 specialists, one day, real HTTP): ` +
        `${String(booked.length)} booked whole (${String(itemCount)} items stored with their visit id), ` +
        `${String(refused.length)} refused with 409 leaving no row, ${String(overlaps.length)} overlapping bookings of any specialist`,
    );
  });

  it('leaves the colourist free for someone else while the colour develops, but not while she is colouring', async () => {
    const day = freshDay();
    const colour = await editService('Hair Colouring', { duration: 120, processingMinutes: 40, bufferMinutes: 0 });
    expect(colour).toMatchObject({ duration: 120, processingMinutes: 40, bufferMinutes: 0 });

    const alma = await customer('Alma Colour');
    const visit = await bookVisitOk(alma, day, '10:00', [
      { service: 'Hair Colouring', specialist: 'Leila Haddad' },
      { service: 'Haircut & Styling', specialist: 'Anna Petrova' },
    ]);
    // Two hours of colour, 40 minutes of processing: the cut at 12:40.
    expect(visit).toMatchObject({ bookingDate: day, timeSlot: '10:00', endTime: '13:40', price: 85 + 45 });
    expect(visit.items).toMatchObject([
      {
        service: { name: 'Hair Colouring' },
        specialist: { name: 'Leila Haddad' },
        timeSlot: '10:00',
        endTime: '12:40',
        processingMinutes: 40,
        price: 85,
        status: 'pending',
      },
      {
        service: { name: 'Haircut & Styling' },
        specialist: { name: 'Anna Petrova' },
        timeSlot: '12:40',
        endTime: '13:40',
        processingMinutes: 0,
        price: 45,
        status: 'pending',
      },
    ]);
    const [colourRow, cutRow] = rowsOf(visit.items.map((item) => item._id));
    // Leila's own time ends with her active time; the client stays on for the processing.
    expect(colourRow?.endsAt.getTime()).toBe(instantAt(day, '12:00', zone).getTime());
    expect(cutRow?.startsAt.getTime()).toBe(instantAt(day, '12:40', zone).getTime());

    const leilasCut = await visitSlots(day, [{ service: 'Haircut & Styling', specialist: 'Leila Haddad' }]);
    expect(leilasCut).toContain('12:00');
    expect(leilasCut).not.toContain('11:00');
    expect(leilasCut).not.toContain('10:00');

    const bo = await customer('Bo Between');
    const during = await bookOne(bo, day, '11:00', 'Haircut & Styling', 'Leila Haddad');
    expect(during.status, JSON.stringify(during.body)).toBe(409);
    expect(during.body.message).toBe(SLOT_TAKEN_MESSAGE);
    const inGap = await bookOne(bo, day, '12:00', 'Haircut & Styling', 'Leila Haddad');
    expect(inGap.status, JSON.stringify(inGap.body)).toBe(201);
    expect(inGap.body.data).toMatchObject({ timeSlot: '12:00', specialist: { name: 'Leila Haddad' } });

    // Alma's visit is hers whole in her list; Bo's cut is in the back office next to it.
    const almas = await alma.client.rest<CustomerBooking[]>('GET', '/users/appointment');
    expect(almas.body.data.map((b) => [b._id, b.timeSlot])).toEqual([
      [visit.items[0]?._id, '10:00'],
      [visit.items[1]?._id, '12:40'],
    ]);
    const listed = (await admin.rest<Booking[]>('GET', '/admin/bookings')).body.data.map((b) => b._id);
    expect(listed).toEqual(expect.arrayContaining([...visit.items.map((item) => item._id), inGap.body.data._id]));

    await editService('Hair Colouring', { processingMinutes: 0 });
  });

  it('moves a visit of three services whole or not at all', async () => {
    const day = freshDay();
    const cora = await customer('Cora Mover');
    const visit = await bookVisitOk(cora, day, '10:00', [
      { service: 'Classic Manicure', specialist: 'Maya Chen' },
      { service: 'Haircut & Styling', specialist: 'Anna Petrova' },
      { service: 'Gel Pedicure', specialist: 'Maya Chen' },
    ]);
    expect(visit.items.map((item) => item.timeSlot)).toEqual(['10:00', '10:45', '11:45']);
    const ids = visit.items.map((item) => item._id);
    const before = rowsOf(ids).map((row) => ({ startsAt: row.startsAt, endsAt: row.endsAt, status: row.status }));

    // Anna has someone at 14:30-15:30: starting at 14:00, the cut (14:45) does not fit.
    const blocker = await bookOne(await customer('Ben Blocker'), day, '14:30', 'Haircut & Styling', 'Anna Petrova');
    expect(blocker.status, JSON.stringify(blocker.body)).toBe(201);
    const refused = await cora.client.rest<Visit>('PATCH', `/users/visits/${visit._id}`, {
      bookingDate: day,
      timeSlot: '14:00',
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.message).toBe(SLOT_TAKEN_MESSAGE);
    const bySalon = await admin.rest<Visit>('PATCH', `/admin/visits/${visit._id}`, {
      bookingDate: day,
      timeSlot: '14:00',
    });
    expect(bySalon.status, JSON.stringify(bySalon.body)).toBe(409);
    expect(rowsOf(ids).map((row) => ({ startsAt: row.startsAt, endsAt: row.endsAt, status: row.status }))).toEqual(
      before,
    );
    const listed = await cora.client.rest<CustomerBooking[]>('GET', '/users/appointment');
    expect(listed.body.data.map((b) => b.timeSlot)).toEqual(['10:00', '10:45', '11:45']);

    // At 15:00 everything fits: each item moves by the same five hours.
    const moved = await cora.client.rest<Visit>('PATCH', `/users/visits/${visit._id}`, {
      bookingDate: day,
      timeSlot: '15:00',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data._id).toBe(visit._id);
    expect(moved.body.data.items.map((item) => [item._id, item.timeSlot, item.specialist.name])).toEqual([
      [ids[0], '15:00', 'Maya Chen'],
      [ids[1], '15:45', 'Anna Petrova'],
      [ids[2], '16:45', 'Maya Chen'],
    ]);
    const after = rowsOf(ids);
    const shift = 5 * 60 * MINUTE;
    after.forEach((row, i) => {
      expect(row.startsAt.getTime() - (before[i]?.startsAt.getTime() ?? 0)).toBe(shift);
      expect(row.endsAt.getTime() - (before[i]?.endsAt.getTime() ?? 0)).toBe(shift);
    });
    // The old time is free again.
    expect(await visitSlots(day, [{ service: 'Classic Manicure', specialist: 'Maya Chen' }])).toContain('10:00');
  });

  it('moves a visit onto the time its own next item leaves, by the same specialist, in one piece', async () => {
    // Pedicure 10:00-11:00 and manicure 11:00-11:45, both Maya's: an hour later the pedicure starts
    // where the manicure started, which the index of live (specialist, start) must allow midway.
    const day = freshDay();
    const dina = await customer('Dina Shifted');
    const visit = await bookVisitOk(dina, day, '10:00', [
      { service: 'Gel Pedicure', specialist: 'Maya Chen' },
      { service: 'Classic Manicure', specialist: 'Maya Chen' },
    ]);
    const ids = visit.items.map((item) => item._id);
    const moved = await admin.rest<Visit>('PATCH', `/admin/visits/${visit._id}`, {
      bookingDate: day,
      timeSlot: '11:00',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.items.map((item) => item.timeSlot)).toEqual(['11:00', '12:00']);
    // And back again through the spec's path, dragging the second item as the calendar does.
    const back = await admin.rest<Booking>('PATCH', `/admin/bookings/${ids[1] ?? ''}`, { timeSlot: '11:00' });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(rowsOf(ids).map((row) => row.timeSlot)).toEqual(['10:00', '11:00']);
  });

  it('prices and times each item at its specialist’s own terms, also when the salon picks the specialist', async () => {
    const day = freshDay();
    const leilaId = idOfSpecialist(db(), 'Leila Haddad');
    const cutId = idOfService(db(), 'Haircut & Styling');
    const cutByLeila = [{ service: 'Haircut & Styling', specialist: 'Leila Haddad' }];
    const anyCut = [{ service: 'Haircut & Styling', specialist: 'any' }];
    // Leila works until 20:00: an hour's cut may start at 19:00.
    expect((await visitSlots(day, cutByLeila)).at(-1)).toBe('19:00');
    expect(await visitSlots(day, anyCut)).toContain('19:00');

    const current = await admin.rest<SpecialistServiceTerms>('GET', `/admin/specialists/${leilaId}/services`);
    expect(current.status, JSON.stringify(current.body)).toBe(200);
    const lines = current.body.data.services.map((line) =>
      line.service._id === cutId
        ? { service: cutId, price: 55, duration: 75 }
        : { service: line.service._id, price: line.price, duration: line.duration },
    );
    expect(lines.map((line) => line.service)).toContain(cutId);
    const saved = await admin.rest<SpecialistServiceTerms>('PUT', `/admin/specialists/${leilaId}/services`, {
      services: lines,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.services.find((line) => line.service._id === cutId)).toEqual({
      service: { _id: cutId, name: 'Haircut & Styling', price: 45, duration: 60 },
      price: 55,
      duration: 75,
    });

    // Her cut takes 75 minutes now: the last start is 18:30, for her and for "any" (Anna ends at 18:00).
    expect((await visitSlots(day, cutByLeila)).at(-1)).toBe('18:30');
    const anyAfter = await visitSlots(day, anyCut);
    expect(anyAfter.at(-1)).toBe('18:30');
    expect(anyAfter).not.toContain('19:00');

    const dee = await customer('Dee Dearer');
    const visit = await bookVisitOk(dee, day, '10:00', [
      { service: 'Classic Manicure', specialist: 'Maya Chen' },
      { service: 'Haircut & Styling', specialist: 'Leila Haddad' },
    ]);
    expect(visit.price).toBe(25 + 55);
    expect(visit.items[1]).toMatchObject({
      specialist: { name: 'Leila Haddad' },
      timeSlot: '10:45',
      endTime: '12:00',
      price: 55,
    });
    const [, leilaRow] = rowsOf(visit.items.map((item) => item._id));
    expect(leilaRow).toMatchObject({ price: 55, servicePrice: 55, durationMinutes: 75 });
    expect((leilaRow?.endsAt.getTime() ?? 0) - (leilaRow?.startsAt.getTime() ?? 0)).toBe(75 * MINUTE);

    // "Any" at 18:30 can only be Leila (at her terms); at 09:00 only Anna (at the service's).
    const late = await bookVisitOk(await customer('Lou Late'), day, '18:30', anyCut);
    expect(late.items[0]).toMatchObject({ specialist: { name: 'Leila Haddad' }, endTime: '19:45', price: 55 });
    const early = await bookVisitOk(await customer('Eli Early'), day, '09:00', anyCut);
    expect(early.items[0]).toMatchObject({ specialist: { name: 'Anna Petrova' }, endTime: '10:00', price: 45 });

    // Back to the service's own terms.
    const reset = await admin.rest('PUT', `/admin/specialists/${leilaId}/services`, {
      services: lines.map((line) => (line.service === cutId ? { ...line, price: null, duration: null } : line)),
    });
    expect(reset.status).toBe(200);
  });

  it('keeps a service’s minimum notice and its own booking horizon, in the free times and the booking alike', async () => {
    const SERVICE = 'Evening Make up';
    // Anna (Monday to Saturday) and Sofia (Sunday to Friday): someone does it every day.
    const anyMakeUp = [{ service: SERVICE, specialist: 'any' }];
    const today = todayIn(zone);
    const tomorrow = addCalendarDays(today, 1);
    const withoutNotice = {
      today: await visitSlots(today, anyMakeUp),
      tomorrow: await visitSlots(tomorrow, anyMakeUp),
    };
    expect(withoutNotice.tomorrow.length).toBeGreaterThan(0);
    // A manicure first, then the make-up: the notice binds the make-up's own start.
    const manicureThenMakeUp = [{ service: 'Classic Manicure', specialist: 'any' }, ...anyMakeUp];
    const mixedWithoutNotice = [
      ...(await visitSlots(today, manicureThenMakeUp)).map((time) => ({ day: today, time })),
      ...(await visitSlots(tomorrow, manicureThenMakeUp)).map((time) => ({ day: tomorrow, time })),
    ];

    await editService(SERVICE, { minNoticeMinutes: 1440 });
    const noticeFrom = Date.now() + 1440 * MINUTE;
    const at = (day: string, time: string) => instantAt(day, time, zone).getTime();
    // Tomorrow offers only what starts a day from now or later; today nothing.
    expect(await visitSlots(tomorrow, anyMakeUp)).toEqual(
      withoutNotice.tomorrow.filter((time) => at(tomorrow, time) >= noticeFrom),
    );
    expect(await visitSlots(today, anyMakeUp)).toEqual([]);

    // A time that was free and is less than a day away (and not about to pass).
    const soon = [
      ...withoutNotice.today.map((time) => ({ day: today, time })),
      ...withoutNotice.tomorrow.map((time) => ({ day: tomorrow, time })),
    ].find(({ day, time }) => at(day, time) > Date.now() + 10 * MINUTE && at(day, time) < noticeFrom - 10 * MINUTE);
    if (!soon) throw new Error('no free time less than a day away');
    const fay = await customer('Fay Hurry');
    const tooSoon = await bookVisit(fay, soon.day, soon.time, anyMakeUp);
    expect(tooSoon.status, JSON.stringify(tooSoon.body)).toBe(400);
    expect(tooSoon.body.errors).toEqual([{ path: 'timeSlot', message: expect.stringContaining(SERVICE) as unknown }]);
    const mixedSoon = mixedWithoutNotice.find(
      ({ day, time }) => at(day, time) > Date.now() + 10 * MINUTE && at(day, time) < noticeFrom - 90 * MINUTE,
    );
    if (!mixedSoon) throw new Error('no free time for a manicure and make-up less than a day away');
    const makeUpTooSoon = await bookVisit(fay, mixedSoon.day, mixedSoon.time, manicureThenMakeUp);
    expect(makeUpTooSoon.status, JSON.stringify(makeUpTooSoon.body)).toBe(400);
    expect(makeUpTooSoon.body.errors).toEqual([
      { path: 'timeSlot', message: `${SERVICE} must be booked at least 1 day ahead.` },
    ]);
    expect(db().select().from(bookings).where(eq(bookings.userId, fay.id)).all()).toEqual([]);
    // The salon may book it at shorter notice.
    const bySalon = await admin.rest<Visit>('POST', '/admin/visits', {
      firstName: 'Walk',
      lastName: 'In',
      phone: '9000011111',
      email: 'walk-in-notice@example.test',
      bookingDate: soon.day,
      timeSlot: soon.time,
      items: anyMakeUp,
    });
    expect(bySalon.status, JSON.stringify(bySalon.body)).toBe(201);

    await editService(SERVICE, { minNoticeMinutes: 0, maxAdvanceDays: 7 });
    const tenAhead = addCalendarDays(today, 10);
    const horizon = `${SERVICE} can be booked up to 7 days ahead.`;
    const tooFar = await bookVisit(fay, tenAhead, '11:00', anyMakeUp);
    expect(tooFar.status, JSON.stringify(tooFar.body)).toBe(400);
    expect(tooFar.body.errors).toEqual([{ path: 'bookingDate', message: horizon }]);
    // With a service that has no horizon of its own before it, the visit keeps the nearest.
    const mixed = await bookVisit(fay, tenAhead, '11:00', [
      { service: 'Classic Manicure', specialist: 'Maya Chen' },
      ...anyMakeUp,
    ]);
    expect(mixed.status, JSON.stringify(mixed.body)).toBe(400);
    expect(mixed.body.errors).toEqual([{ path: 'bookingDate', message: horizon }]);
    expect(await visitSlots(tenAhead, anyMakeUp)).toEqual([]);
    expect((await visitSlots(addCalendarDays(today, 5), anyMakeUp)).length).toBeGreaterThan(0);
    expect(db().select().from(bookings).where(eq(bookings.userId, fay.id)).all()).toEqual([]);

    await editService(SERVICE, { maxAdvanceDays: null });
  });

  it('confirms a visit of three services in one mail listing each, and cancels it whole with one mail', async () => {
    const day = freshDay();
    const gia = await customer('Gia Three');
    const visit = await bookVisitOk(gia, day, '10:00', [
      { service: 'Classic Manicure', specialist: 'Maya Chen' },
      { service: 'Haircut & Styling', specialist: 'Anna Petrova' },
      { service: 'Gel Pedicure', specialist: 'Maya Chen' },
    ]);
    const lines = [
      '10:00 AM Classic Manicure with Maya Chen',
      '10:45 AM Haircut & Styling with Anna Petrova',
      '11:45 AM Gel Pedicure with Maya Chen',
    ];

    const confirmation = await salon.smtp.waitForMail(gia.email);
    for (const line of lines) expect(confirmation.text).toContain(line);
    expect(confirmation.text).toContain(`$${String(25 + 45 + 40)}`);
    await app.outbox.settled();
    expect(mailsTo(gia.email)).toHaveLength(1);

    const cancelled = await gia.client.rest<Visit>('PATCH', `/users/visits/${visit._id}/cancel`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data.items.map((item) => item.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    expect(rowsOf(visit.items.map((item) => item._id)).map((row) => row.status)).toEqual([
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    const mine = await gia.client.rest<CustomerBooking[]>('GET', '/users/appointment');
    expect(mine.body.data.map((b) => b.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);

    const cancellation = await salon.smtp.waitForMail(gia.email);
    expect(cancellation.subject).toContain('cancelled');
    for (const line of lines) expect(cancellation.text).toContain(line);
    await app.outbox.settled();
    expect(mailsTo(gia.email)).toHaveLength(2);

    // Every item's time is free again.
    expect(await visitSlots(day, [{ service: 'Classic Manicure', specialist: 'Maya Chen' }])).toContain('10:00');
    expect(await visitSlots(day, [{ service: 'Haircut & Styling', specialist: 'Anna Petrova' }])).toContain('10:30');
    expect(
      db()
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(eq(bookings.bookingDate, day), ne(bookings.status, 'cancelled'), isNotNull(bookings.visitId)))
        .all(),
    ).toEqual([]);
  });

  it('confirms a whole visit for the salon at once, with one mail listing every item', async () => {
    const day = freshDay();
    const hal = await customer('Hal Confirmed');
    const visit = await bookVisitOk(hal, day, '13:00', [
      { service: 'Classic Manicure', specialist: 'Maya Chen' },
      { service: 'Haircut & Styling', specialist: 'Anna Petrova' },
    ]);
    await salon.smtp.waitForMail(hal.email);
    await app.outbox.settled();
    const confirmed = await admin.rest<Visit>('PATCH', `/admin/visits/${visit._id}/status`, { status: 'Confirmed' });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.data.items.map((item) => item.status)).toEqual(['confirmed', 'confirmed']);
    const mail = await salon.smtp.waitForMail(hal.email);
    expect(mail.subject).toContain('confirmed');
    expect(mail.text).toContain('1:00 PM Classic Manicure with Maya Chen');
    expect(mail.text).toContain('1:45 PM Haircut & Styling with Anna Petrova');
    await app.outbox.settled();
    expect(mailsTo(hal.email)).toHaveLength(2);
    // Setting it again changes nothing and sends nothing.
    const again = await admin.rest<Visit>('PATCH', `/admin/visits/${visit._id}/status`, { status: 'confirmed' });
    expect(again.status).toBe(200);
    await app.outbox.settled();
    expect(mailsTo(hal.email)).toHaveLength(2);
  });

  it('Cancelling one item of a visit alone tells the customer about that item', async () => {
    const day = freshDay();
    const hana = await customer('Hana Half');
    const visit = await bookVisitOk(hana, day, '10:00', [
      { service: 'Classic Manicure', specialist: 'Maya Chen' },
      { service: 'Haircut & Styling', specialist: 'Anna Petrova' },
    ]);
    const [manicure, cut] = visit.items;
    if (!manicure || !cut) throw new Error('the visit has not two items');
    expect([manicure.timeSlot, cut.timeSlot]).toEqual(['10:00', '10:45']);
    await salon.smtp.waitForMail(hana.email);
    await app.outbox.settled();
    expect(mailsTo(hana.email)).toHaveLength(1);
    // Anna is busy with the cut: 11:00 is not free for her.
    const annasCut = [{ service: 'Haircut & Styling', specialist: 'Anna Petrova' }];
    expect(await visitSlots(day, annasCut)).not.toContain('11:00');

    const cancelled = await hana.client.rest<Booking>('PATCH', `/users/appointment/${cut._id}/cancel`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data).toMatchObject({ _id: cut._id, status: 'cancelled' });

    // One mail, about the cut alone.
    const cancellation = await salon.smtp.waitForMail(hana.email);
    await app.outbox.settled();
    expect(mailsTo(hana.email)).toHaveLength(2);
    expect(cancellation.subject).toContain('cancelled');
    expect(cancellation.subject).toContain('Haircut & Styling');
    expect(cancellation.subject).not.toContain('Classic Manicure');
    expect(cancellation.text).toContain('Service: Haircut & Styling');
    expect(cancellation.text).toContain('Specialist: Anna Petrova');
    expect(cancellation.text).toContain('Time: 10:45 AM');
    expect(cancellation.text).toContain('Price: $45');
    expect(cancellation.text).not.toContain('Classic Manicure');
    expect(cancellation.text).not.toContain('Maya Chen');

    // The manicure stays booked and its time held; the cut's time is free again.
    const mine = await hana.client.rest<CustomerBooking[]>('GET', '/users/appointment');
    expect(mine.body.data.map((b) => [b._id, b.status])).toEqual([
      [manicure._id, 'pending'],
      [cut._id, 'cancelled'],
    ]);
    expect(rowsOf([manicure._id, cut._id]).map((row) => [row.status, row.visitId])).toEqual([
      ['pending', visit._id],
      ['cancelled', visit._id],
    ]);
    expect(await visitSlots(day, [{ service: 'Classic Manicure', specialist: 'Maya Chen' }])).not.toContain('10:00');
    expect(await visitSlots(day, annasCut)).toContain('11:00');

    // A Confirm of the whole visit tapped on the pending visit the screen showed would reopen the cut: refused.
    const wholeVisit = await admin.rest('PATCH', `/admin/visits/${visit._id}/status`, {
      status: 'confirmed',
      expectedStatus: 'pending',
    });
    expect(wholeVisit.status).toBe(409);
    expect(wholeVisit.body.message).toBe('This booking is cancelled now, so it was not changed.');
    expect(rowsOf([manicure._id, cut._id]).map((row) => row.status)).toEqual(['pending', 'cancelled']);

    // The salon confirms the manicure: one mail, about the manicure alone.
    const confirmed = await admin.rest<Booking>('PATCH', `/admin/bookings/${manicure._id}/status`, {
      status: 'confirmed',
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.data).toMatchObject({ _id: manicure._id, status: 'confirmed' });
    const confirmation = await salon.smtp.waitForMail(hana.email);
    await app.outbox.settled();
    expect(mailsTo(hana.email)).toHaveLength(3);
    expect(confirmation.subject).toContain('confirmed');
    expect(confirmation.subject).toContain('Classic Manicure');
    expect(confirmation.text).toContain('Service: Classic Manicure');
    expect(confirmation.text).toContain('Specialist: Maya Chen');
    expect(confirmation.text).toContain('Time: 10:00 AM');
    expect(confirmation.text).not.toContain('Haircut & Styling');
    expect(rowsOf([manicure._id, cut._id]).map((row) => row.status)).toEqual(['confirmed', 'cancelled']);
  });

  it('keeps one reminder per visit, on its first open item and listing what is still booked', async () => {
    const day = freshDay();
    const rita = await customer('Rita Remind');
    const visit = await bookVisitOk(rita, day, '10:00', [
      { service: 'Classic Manicure', specialist: 'Maya Chen' },
      { service: 'Haircut & Styling', specialist: 'Anna Petrova' },
    ]);
    const [manicure, cut] = visit.items;
    if (!manicure || !cut) throw new Error('the visit has not two items');
    /** The waiting reminders of the visit: on which item, about which services. */
    const reminders = () =>
      db()
        .select({ bookingId: messages.bookingId, payload: messages.payload })
        .from(messages)
        .where(
          and(
            inArray(messages.bookingId, [manicure._id, cut._id]),
            eq(messages.kind, 'reminder'),
            eq(messages.status, 'pending'),
          ),
        )
        .all()
        .map((row) => {
          const { booking } = JSON.parse(row.payload ?? '{}') as {
            booking: { details: { serviceName: string; time: string } };
          };
          return [
            row.bookingId === manicure._id ? 'manicure' : 'cut',
            booking.details.time,
            booking.details.serviceName,
          ];
        });
    const setStatus = async (id: string, status: string) => {
      const answer = await admin.rest<Booking>('PATCH', `/admin/bookings/${id}/status`, { status });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    };
    const both = 'Classic Manicure and Haircut & Styling';
    expect(reminders()).toEqual([['manicure', '10:00', both]]);

    // The salon cancels the manicure alone: the cut is still booked and still reminded of.
    await setStatus(manicure._id, 'cancelled');
    expect(reminders()).toEqual([['cut', '10:45', 'Haircut & Styling']]);
    // Reopened, the manicure leads the visit's reminder again.
    await setStatus(manicure._id, 'confirmed');
    expect(reminders()).toEqual([['manicure', '10:00', both]]);
    // The cut done elsewhere: the reminder tells of the manicure alone.
    await setStatus(cut._id, 'cancelled');
    expect(reminders()).toEqual([['manicure', '10:00', 'Classic Manicure']]);
    // The whole visit cancelled: nothing left to remind of.
    const cancelled = await admin.rest<Visit>('PATCH', `/admin/visits/${visit._id}/status`, { status: 'cancelled' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(reminders()).toEqual([]);
  });

  it('Moving one item of a visit moves the whole visit by the same amount', async () => {
    const day = freshDay();
    const ivo = await customer('Ivo Shift');
    const visit = await bookVisitOk(ivo, day, '13:00', [
      { service: 'Classic Manicure', specialist: 'Maya Chen' },
      { service: 'Haircut & Styling', specialist: 'Anna Petrova' },
    ]);
    const ids = visit.items.map((item) => item._id);
    const [manicureId, cutId] = ids;
    if (!manicureId || !cutId) throw new Error('the visit has not two items');
    expect(visit.items.map((item) => [item.timeSlot, item.specialist.name])).toEqual([
      ['13:00', 'Maya Chen'],
      ['13:45', 'Anna Petrova'],
    ]);
    await salon.smtp.waitForMail(ivo.email);
    await app.outbox.settled();
    expect(mailsTo(ivo.email)).toHaveLength(1);
    const before = rowsOf(ids);

    // The customer moves the cut from 13:45 to 15:45: the manicure moves by the same two hours.
    const moved = await ivo.client.rest<Booking>('PATCH', `/users/appointment/${cutId}`, {
      bookingDate: day,
      timeSlot: '15:45',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toMatchObject({ _id: cutId, bookingDate: day, timeSlot: '15:45', status: 'pending' });
    const after = rowsOf(ids);
    expect(after.map((row) => [row.bookingDate, row.timeSlot, row.specialistName, row.visitId, row.status])).toEqual([
      [day, '15:00', 'Maya Chen', visit._id, 'pending'],
      [day, '15:45', 'Anna Petrova', visit._id, 'pending'],
    ]);
    const shift = 2 * 60 * MINUTE;
    after.forEach((row, i) => {
      expect(row.startsAt.getTime() - (before[i]?.startsAt.getTime() ?? 0)).toBe(shift);
      expect(row.endsAt.getTime() - (before[i]?.endsAt.getTime() ?? 0)).toBe(shift);
    });
    expect(after[0]?.startsAt.getTime()).toBe(instantAt(day, '15:00', zone).getTime());
    const mine = await ivo.client.rest<CustomerBooking[]>('GET', '/users/appointment');
    expect(mine.body.data.map((b) => [b._id, b.timeSlot, b.status])).toEqual([
      [manicureId, '15:00', 'pending'],
      [cutId, '15:45', 'pending'],
    ]);
    // Maya's old time is free again.
    expect(await visitSlots(day, [{ service: 'Classic Manicure', specialist: 'Maya Chen' }])).toContain('13:00');

    // One mail for the move, listing both items at their new times.
    const movedMail = await salon.smtp.waitForMail(ivo.email);
    await app.outbox.settled();
    expect(mailsTo(ivo.email)).toHaveLength(2);
    expect(movedMail.subject).toContain('moved');
    expect(movedMail.text).toContain('3:00 PM Classic Manicure with Maya Chen');
    expect(movedMail.text).toContain('3:45 PM Haircut & Styling with Anna Petrova');

    // Maya has someone at 17:00: moving the cut to 17:45 would put the manicure there. Refused whole.
    const blocker = await bookOne(await customer('Mia Busy'), day, '17:00', 'Classic Manicure', 'Maya Chen');
    expect(blocker.status, JSON.stringify(blocker.body)).toBe(201);
    const refused = await admin.rest<Booking>('PATCH', `/admin/bookings/${cutId}`, {
      bookingDate: day,
      timeSlot: '17:45',
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    // The salon is told what the move clashes with.
    expect(refused.body.message).toBe("Clashes with Mia Busy's Classic Manicure, 5:00 PM – 5:45 PM.");
    expect(rowsOf(ids)).toEqual(after);
    await app.outbox.settled();
    expect(mailsTo(ivo.email)).toHaveLength(2);
  });
});
