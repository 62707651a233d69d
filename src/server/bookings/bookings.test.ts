// Booking over HTTP as customers do it: free slots, booking without double-booking, their own
// list and cancellation, with the e-mails received by a real SMTP server.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ParsedMail } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import { WEEKDAYS } from '@/shared/constants';
import type { Booking, CustomerBooking } from '@/shared/schemas/bookings';
import type { Service } from '@/shared/schemas/services';
import type { Specialist } from '@/shared/schemas/specialists';
import { buildApp } from '@/server/app';
import { bookings, messages } from '@/server/db/schema';
import { instantAt } from '@/server/domain/calendar';
import { icsDateTime } from '@/server/mail/ics';
import { useTestApp } from '@/server/test/app';
import {
  bookingRow,
  createCustomer,
  futureWorkday,
  idOfService,
  idOfSpecialist,
  type TestCustomer,
} from '@/server/test/bookings';
import { jpegDataUrl } from '@/server/test/catalogue';
import { TestClient } from '@/server/test/http';
import type { TestSmtpServer } from '@/server/test/smtp';
import type { TestEnvironment } from '@/server/test/test-db';
import { CANCEL_CUTOFF_MESSAGE } from '@/shared/bookings';
import { SLOT_TAKEN_MESSAGE } from './commands';

const calendarOf = (mail: ParsedMail): string => {
  const attachment = mail.attachments.find((a) => a.contentType === 'text/calendar');
  if (!attachment) throw new Error(`no calendar attachment in "${mail.subject ?? ''}"`);
  return attachment.content.toString('utf8');
};

describe('booking an appointment', () => {
  let env: TestEnvironment;
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  let admin: TestClient;
  let zone: string;
  let mayaId: string;

  const salon = useTestApp({ smtp: true, admin: true });
  beforeAll(() => {
    ({ env, app, smtp, admin } = salon);
    zone = env.config.timezone;
    mayaId = idOfSpecialist(env.database.db, 'Maya Chen');
  });

  const db = () => env.database.db;
  const customer = (fullName?: string) => createCustomer(app, db(), fullName);

  async function freeSlots(specialistId: string, day: string, serviceName: string): Promise<string[]> {
    const query = new URLSearchParams({ specialistId, bookingDate: day, serviceName });
    const response = await new TestClient(app).rest<string[]>(
      'GET',
      `/users/appointment/available-slots?${query.toString()}`,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data;
  }

  const form = (who: TestCustomer, day: string, overrides: Record<string, string> = {}) => ({
    firstName: 'Bea',
    lastName: 'Booker',
    email: who.email,
    phone: who.phone,
    bookingDate: day,
    timeSlot: '10:00',
    service: 'Classic Manicure',
    specialist: 'Maya Chen',
    ...overrides,
  });

  const book = (who: TestCustomer, day: string, overrides: Record<string, string> = {}) =>
    who.client.rest<Booking>('POST', '/users/appointment', form(who, day, overrides));

  async function bookOk(who: TestCustomer, day: string, overrides: Record<string, string> = {}): Promise<Booking> {
    const response = await book(who, day, overrides);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  }

  it('offers a demo specialist’s free times on a future working day, on the slot grid within her hours', async () => {
    const day = futureWorkday(zone, 8);
    // Maya works 09:00-18:00; a 45-minute manicure fits up to 17:00 on the 30-minute grid.
    const expected = Array.from(
      { length: 17 },
      (_, i) => `${String(9 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
    );
    expect(await freeSlots(mayaId, day, 'Classic Manicure')).toEqual(expected);
    // The service name in any letter case; a date picker's date-time is read as the salon day it names.
    expect(await freeSlots(mayaId, day, 'classic manicure')).toEqual(expected);
    expect(await freeSlots(mayaId, instantAt(day, '00:00', zone).toISOString(), 'Classic Manicure')).toEqual(expected);
    const typed = await new TestClient(app).trpc<string[]>('query', 'public.bookings.availableSlots', {
      specialistId: mayaId,
      bookingDate: day,
      serviceName: 'Classic Manicure',
    });
    expect(typed.data).toEqual(expected);

    expect(await freeSlots(mayaId, futureWorkday(zone, 8, ['Sunday']), 'Classic Manicure')).toEqual([]);
    expect(await freeSlots(mayaId, day, 'Hot Stone Massage')).toEqual([]);
  });

  it('answers 404 for a specialist or service that does not exist, and 400 without the query', async () => {
    const day = futureWorkday(zone, 8);
    const query = (params: Record<string, string>) =>
      new TestClient(app).rest('GET', `/users/appointment/available-slots?${new URLSearchParams(params).toString()}`);
    const noSpecialist = await query({
      specialistId: '0123456789abcdef01234567',
      bookingDate: day,
      serviceName: 'Classic Manicure',
    });
    expect(noSpecialist.status).toBe(404);
    expect(noSpecialist.body.message).toBe('Specialist not found');
    const noService = await query({ specialistId: mayaId, bookingDate: day, serviceName: 'Tattoo' });
    expect(noService.status).toBe(404);
    expect(noService.body.message).toBe('Service not found');
    const nothing = await query({});
    expect(nothing.status).toBe(400);
    expect(nothing.body.errors?.map((e) => e.path)).toEqual(['specialistId', 'bookingDate', 'serviceName']);
  });

  it('books a free slot, e-mails the confirmation with a calendar invitation, and gives that time to nobody else', async () => {
    const bea = await customer('Bea Booker');
    const day = futureWorkday(zone, 9);
    const response = await book(bea, day);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ statusCode: 201, success: true, message: 'Appointment booked successfully' });
    const booking = response.body.data;
    expect(booking).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/) as unknown,
      user: { _id: bea.id, fullName: 'Bea Booker', email: bea.email, phone: bea.phone },
      service: { _id: idOfService(db(), 'Classic Manicure'), name: 'Classic Manicure', price: 25, duration: 45 },
      specialist: { _id: mayaId, name: 'Maya Chen' },
      firstName: 'Bea',
      lastName: 'Booker',
      email: bea.email,
      phone: bea.phone,
      bookingDate: day,
      timeSlot: '10:00',
      status: 'pending',
      price: 25,
      discountPercentage: null,
      createdAt: expect.any(String) as unknown,
      // A booking of one service on the spec's path is no visit's item.
      visitId: null,
      // Nor an occurrence of a standing appointment.
      seriesId: null,
    });

    const mail = await smtp.waitForMail(bea.email);
    expect(mail.subject).toContain('Classic Manicure');
    expect(mail.text).toContain('Maya Chen');
    expect(mail.text).toContain('10:00 AM (Asia/Kolkata time)');
    expect(mail.text).toContain('$25');
    expect(mail.text).toContain('12 Rose Street');
    expect(mail.html).toContain('Maya Chen');
    const ics = calendarOf(mail);
    const start = instantAt(day, '10:00', zone);
    expect(ics).toContain(`\r\nDTSTART:${icsDateTime(start)}\r\n`);
    expect(ics).toContain(`\r\nDTEND:${icsDateTime(new Date(start.getTime() + 45 * 60_000))}\r\n`);
    expect(ics).toContain(`\r\nUID:${booking._id}@salon\r\n`);
    expect(ics).toContain('\r\nMETHOD:REQUEST\r\n');
    // Pending: tentative in the customer's calendar until the salon confirms; then the same event, confirmed.
    expect(ics).toContain('\r\nSTATUS:TENTATIVE\r\n');
    expect((await admin.rest('PATCH', `/admin/bookings/${booking._id}/status`, { status: 'confirmed' })).status).toBe(
      200,
    );
    const confirmed = calendarOf(await smtp.waitForMail(bea.email));
    expect(confirmed).toContain('\r\nSTATUS:CONFIRMED\r\n');
    expect(confirmed).toContain(`\r\nUID:${booking._id}@salon\r\n`);

    const rival = await customer('Rita Rival');
    const again = await book(rival, day);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(SLOT_TAKEN_MESSAGE);
    // 09:30 and 10:30 would overlap the 10:00-10:45 manicure too.
    const left = await freeSlots(mayaId, day, 'Classic Manicure');
    expect(left).not.toContain('10:00');
    expect(left).not.toContain('09:30');
    expect(left).not.toContain('10:30');
    expect(left).toContain('09:00');
    expect(left).toContain('11:00');
  });

  it('gives exactly one of twenty simultaneous requests for one slot the booking', async () => {
    const day = futureWorkday(zone, 10);
    const crowd = await Promise.all([
      customer('Ann One'),
      customer('Ben Two'),
      customer('Cy Three'),
      customer('Di Four'),
    ]);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const who = crowd[i % crowd.length];
        if (!who) throw new Error('no customer');
        return book(who, day, { timeSlot: '15:00' });
      }),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(19).fill(409)]);
    expect(responses.filter((r) => r.status === 409).every((r) => r.body.message === SLOT_TAKEN_MESSAGE)).toBe(true);
    const rows = db()
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.specialistId, mayaId), eq(bookings.startsAt, instantAt(day, '15:00', zone))))
      .all();
    expect(rows).toHaveLength(1);
  });

  it('refuses a time that is not a free slot (off the grid, outside the specialist’s hours) and a day that cannot be booked', async () => {
    const ida = await customer('Ida Early');
    const day = futureWorkday(zone, 11);
    // Maya works 9:00–18:00 inside the salon's 9:00–20:00: 18:30 is the salon's, not hers.
    for (const timeSlot of ['10:15', '17:30', '18:30']) {
      const response = await book(ida, day, { timeSlot });
      expect(response.status, timeSlot).toBe(409);
    }
    const past = await book(ida, futureWorkday(zone, -10), { timeSlot: '10:00' });
    expect(past.status).toBe(400);
    expect(past.body.errors).toEqual([
      { path: 'bookingDate', message: 'This date is in the past. Please choose another one.' },
    ]);
    const tooFar = await book(ida, futureWorkday(zone, 61), { timeSlot: '10:00' });
    expect(tooFar.status).toBe(400);
    expect(tooFar.body.errors).toEqual([{ path: 'bookingDate', message: 'Bookings can be made up to 60 days ahead.' }]);
    const notOffered = await book(ida, day, { service: 'Hot Stone Massage' });
    expect(notOffered.status).toBe(400);
    expect(notOffered.body.errors).toEqual([
      { path: 'specialist', message: 'Maya Chen does not offer Hot Stone Massage.' },
    ]);
  });

  it('keeps a service’s buffer free after it, and each booking keeps the length it was booked with', async () => {
    const gloss = await admin.trpc<Service>('mutation', 'admin.services.create', {
      name: 'Gloss Treatment',
      price: 30,
      duration: 30,
      bufferMinutes: 30,
      category: 'Hair styling',
      description: 'A shine gloss for coloured hair.',
      image: await jpegDataUrl(),
    });
    expect(gloss.data).toMatchObject({ duration: 30, bufferMinutes: 30 });
    const glossId = gloss.data?._id ?? '';
    const iris = await admin.trpc<Specialist>('mutation', 'admin.specialists.create', {
      name: 'Iris Lane',
      phone: '9811100000',
      email: 'iris@salon.test',
      availableFrom: '09:00',
      availableTo: '12:00',
      availableDays: [...WEEKDAYS],
      expertise: [glossId],
      image: await jpegDataUrl(),
    });
    const irisId = iris.data?._id ?? '';
    const day = futureWorkday(zone, 12, WEEKDAYS);
    // 30 minutes of service and 30 of buffer: the last start is 11:00.
    expect(await freeSlots(irisId, day, 'Gloss Treatment')).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00']);

    const booking = await bookOk(await customer(), day, { service: 'Gloss Treatment', specialist: 'iris lane' });
    expect(booking.service).toMatchObject({ name: 'Gloss Treatment', duration: 30 });
    const row = db().select().from(bookings).where(eq(bookings.id, booking._id)).get();
    expect(row?.durationMinutes).toBe(30);
    expect((row?.endsAt.getTime() ?? 0) - (row?.startsAt.getTime() ?? 0)).toBe(60 * 60_000);
    expect(await freeSlots(irisId, day, 'Gloss Treatment')).toEqual(['09:00', '11:00']);

    const fields = {
      id: glossId,
      name: 'Gloss Treatment',
      price: 30,
      duration: 30,
      category: 'Hair styling',
      description: 'A shine gloss.',
    };
    // An update without the buffer keeps it; one with it replaces it.
    expect((await admin.trpc<Service>('mutation', 'admin.services.update', fields)).data?.bufferMinutes).toBe(30);
    expect(
      (await admin.trpc<Service>('mutation', 'admin.services.update', { ...fields, bufferMinutes: 0 })).data
        ?.bufferMinutes,
    ).toBe(0);
    // New bookings are shorter now; the one made keeps its hour (10:00-11:00).
    expect(await freeSlots(irisId, day, 'Gloss Treatment')).toEqual(['09:00', '09:30', '11:00', '11:30']);
  });

  it('refuses a removed service or specialist, while the bookings made of them stay readable in the back office', async () => {
    const create = async (name: string) =>
      (
        await admin.trpc<Service>('mutation', 'admin.services.create', {
          name,
          price: 35,
          duration: 45,
          category: 'Make up',
          description: `${name} for the test.`,
          image: await jpegDataUrl(),
        })
      ).data?._id ?? '';
    const lashId = await create('Lash Lift');
    const browId = await create('Brow Tint');
    const nora = await admin.trpc<Specialist>('mutation', 'admin.specialists.create', {
      name: 'Nora Vale',
      phone: '9811122222',
      email: 'nora@salon.test',
      availableFrom: '09:00',
      availableTo: '17:00',
      availableDays: [...WEEKDAYS],
      expertise: [lashId, browId],
      image: await jpegDataUrl(),
    });
    const noraId = nora.data?._id ?? '';
    const day = futureWorkday(zone, 13, WEEKDAYS);
    const cleo = await customer('Cleo Client');
    const lash = await bookOk(cleo, day, { service: 'Lash Lift', specialist: 'Nora Vale', timeSlot: '10:00' });
    const brow = await bookOk(cleo, day, { service: 'Brow Tint', specialist: 'Nora Vale', timeSlot: '12:00' });

    expect((await admin.rest('DELETE', `/admin/services/${lashId}`)).status).toBe(200);
    const query = new URLSearchParams({ specialistId: noraId, bookingDate: day, serviceName: 'Lash Lift' });
    expect(
      (await new TestClient(app).rest('GET', `/users/appointment/available-slots?${query.toString()}`)).status,
    ).toBe(404);
    const removedService = await book(cleo, day, { service: 'Lash Lift', specialist: 'Nora Vale', timeSlot: '14:00' });
    expect(removedService.status).toBe(400);
    expect(removedService.body.errors).toEqual([{ path: 'service', message: 'Select a service' }]);

    expect((await admin.rest('DELETE', `/admin/specialists/${noraId}`)).status).toBe(200);
    const removedSpecialist = await book(cleo, day, {
      service: 'Brow Tint',
      specialist: 'Nora Vale',
      timeSlot: '14:00',
    });
    expect(removedSpecialist.status).toBe(400);
    expect(removedSpecialist.body.errors).toEqual([{ path: 'specialist', message: 'Select a specialist' }]);

    const listed = (await admin.rest<Booking[]>('GET', '/admin/bookings')).body.data;
    expect(listed.find((b) => b._id === lash._id)).toMatchObject({
      service: { _id: lashId, name: 'Lash Lift', price: 35, duration: 45 },
      specialist: { _id: noraId, name: 'Nora Vale' },
    });
    expect(listed.find((b) => b._id === brow._id)).toMatchObject({
      service: { name: 'Brow Tint' },
      specialist: { name: 'Nora Vale' },
    });
    expect(
      (await cleo.client.rest<CustomerBooking[]>('GET', '/users/appointment')).body.data.map((b) => b._id),
    ).toEqual([lash._id, brow._id]);
  });

  it('lists a customer’s own bookings, upcoming ones first (soonest first), then past ones', async () => {
    const ivy = await customer('Ivy Stone Marsh');
    const sooner = futureWorkday(zone, 14);
    const later = futureWorkday(zone, 16);
    const first = await bookOk(ivy, later, { timeSlot: '12:00' });
    // Through tRPC without the identity fields: the names come from the account's full name.
    const typed = await ivy.client.trpc<Booking>('mutation', 'customer.bookings.create', {
      bookingDate: sooner,
      timeSlot: '13:30',
      service: 'Gel Pedicure',
      specialist: 'Maya Chen',
    });
    expect(typed.data).toMatchObject({ firstName: 'Ivy', lastName: 'Stone Marsh', email: ivy.email, phone: ivy.phone });
    const past = bookingRow({
      userId: ivy.id,
      serviceId: idOfService(db(), 'Classic Manicure'),
      specialistId: mayaId,
      day: futureWorkday(zone, -20),
      time: '11:00',
      timeZone: zone,
      status: 'completed',
    });
    db().insert(bookings).values(past).run();

    const mine = await ivy.client.rest<CustomerBooking[]>('GET', '/users/appointment');
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((b) => [b._id, b.upcoming, b.cancellable])).toEqual([
      [typed.data?._id, true, true],
      [first._id, true, true],
      [past.id, false, false],
    ]);
    expect((await (await customer()).client.rest<CustomerBooking[]>('GET', '/users/appointment')).body.data).toEqual(
      [],
    );
  });

  it('lets a customer cancel their own booking, tells them by e-mail, and frees the time', async () => {
    const cal = await customer('Cal Cancel');
    const day = futureWorkday(zone, 16);
    const booking = await bookOk(cal, day, { timeSlot: '14:00' });
    await smtp.waitForMail(cal.email);

    const cancelled = await cal.client.rest<Booking>('PATCH', `/users/appointment/${booking._id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toBe('Appointment cancelled');
    expect(cancelled.body.data).toMatchObject({ _id: booking._id, status: 'cancelled' });
    const mail = await smtp.waitForMail(cal.email);
    expect(mail.subject).toContain('Booking cancelled');
    expect(mail.text).toContain('as you asked');
    expect(calendarOf(mail)).toContain('\r\nMETHOD:CANCEL\r\n');
    expect(await freeSlots(mayaId, day, 'Classic Manicure')).toContain('14:00');

    const twice = await cal.client.rest('PATCH', `/users/appointment/${booking._id}/cancel`);
    expect(twice.status).toBe(400);
    // The cancelled booking does not hold the time: it can be booked again.
    await bookOk(cal, day, { timeSlot: '14:00' });
  });

  it('refuses a cancellation two hours or less before the start, and allows it before', async () => {
    const dan = await customer('Dan Late');
    const booking = await bookOk(dan, futureWorkday(zone, 17), { timeSlot: '16:00' });
    const moveStart = (minutesFromNow: number) =>
      db()
        .update(bookings)
        .set({
          startsAt: new Date(Date.now() + minutesFromNow * 60_000),
          endsAt: new Date(Date.now() + (minutesFromNow + 45) * 60_000),
        })
        .where(eq(bookings.id, booking._id))
        .run();

    moveStart(119);
    expect((await dan.client.rest<CustomerBooking[]>('GET', '/users/appointment')).body.data[0]?.cancellable).toBe(
      false,
    );
    const late = await dan.client.rest('PATCH', `/users/appointment/${booking._id}/cancel`);
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(CANCEL_CUTOFF_MESSAGE);
    expect(
      db().select({ status: bookings.status }).from(bookings).where(eq(bookings.id, booking._id)).get()?.status,
    ).toBe('pending');

    moveStart(125);
    const inTime = await dan.client.rest<Booking>('PATCH', `/users/appointment/${booking._id}/cancel`);
    expect(inTime.status).toBe(200);
    expect(inTime.body.data.status).toBe('cancelled');
  });

  it('refuses to cancel another customer’s booking (403) and an unknown one (404)', async () => {
    const owner = await customer('Olga Owner');
    const booking = await bookOk(owner, futureWorkday(zone, 18), { timeSlot: '11:00' });
    const stranger = await customer('Sam Stranger');
    const refused = await stranger.client.rest('PATCH', `/users/appointment/${booking._id}/cancel`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You can only cancel your own bookings.');
    const typed = await stranger.client.trpc('mutation', 'customer.bookings.cancel', { id: booking._id });
    expect(typed.error?.data.code).toBe('FORBIDDEN');
    expect((await stranger.client.rest('PATCH', '/users/appointment/0123456789abcdef01234567/cancel')).status).toBe(
      404,
    );
    expect(
      db().select({ status: bookings.status }).from(bookings).where(eq(bookings.id, booking._id)).get()?.status,
    ).toBe('pending');
  });

  it('asks a guest to log in before booking, and keeps a customer’s paths from guests and admins', async () => {
    const guest = new TestClient(app);
    const attempt = await guest.rest('POST', '/users/appointment', form(await customer(), futureWorkday(zone, 19)));
    expect(attempt.status).toBe(401);
    expect(attempt.body.message).toBe('Please login first');
    for (const who of [guest, admin]) {
      expect((await who.rest('POST', '/users/appointment', {})).status).toBe(401);
      expect((await who.rest('GET', '/users/appointment')).status).toBe(401);
      expect((await who.rest('PATCH', '/users/appointment/0123456789abcdef01234567/cancel')).status).toBe(401);
      expect((await who.trpc('mutation', 'customer.bookings.create', {})).status).toBe(401);
      expect((await who.trpc('query', 'customer.bookings.list')).status).toBe(401);
    }
  });

  it('keeps the booking when the confirmation e-mail cannot be sent, and keeps the mail to retry', async () => {
    const failing = await buildApp({
      config: env.config,
      database: env.database,
      clientDir: null,
      mailer: { send: () => Promise.reject(new Error('SMTP server is down')), close: () => undefined },
    });
    try {
      const eve = await createCustomer(failing, db(), 'Eve Offline');
      const response = await eve.client.rest<Booking>('POST', '/users/appointment', form(eve, futureWorkday(zone, 20)));
      expect(response.status).toBe(201);
      expect(
        db().select({ status: bookings.status }).from(bookings).where(eq(bookings.id, response.body.data._id)).get(),
      ).toEqual({
        status: 'pending',
      });
      await failing.outbox.settled();
      const confirmation = db()
        .select({
          status: messages.status,
          attempts: messages.attempts,
          lastError: messages.lastError,
          dueAt: messages.dueAt,
        })
        .from(messages)
        .where(and(eq(messages.bookingId, response.body.data._id), eq(messages.kind, 'booking-created')))
        .get();
      expect(confirmation).toMatchObject({ status: 'pending', attempts: 1, lastError: 'SMTP server is down' });
      expect(confirmation?.dueAt.getTime()).toBeGreaterThan(Date.now());
    } finally {
      await failing.close();
    }
  });
});
