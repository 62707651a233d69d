// The salon's day over real HTTP (app.inject) on a real SQLite file, with the mails
// received by a real SMTP server: weekly hours with breaks, time off and closures, moving
// bookings (30 at once into one slot), the salon booking for a customer who phoned, "any specialist".
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ParsedMail } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Booking, CustomerBooking } from '@/shared/schemas/bookings';
import type { Calendar, CalendarBooking } from '@/shared/schemas/calendar';
import type { Schedule } from '@/shared/schemas/schedules';
import type { TimeOff } from '@/shared/schemas/time-off';
import { REGISTERED_EMAIL_MESSAGE } from '@/server/customers/walk-in';
import { bookings, users } from '@/server/db/schema';
import { addCalendarDays } from '@/server/domain/calendar';
import { useTestApp } from '@/server/test/app';
import { createCustomer, futureWorkday, idOfSpecialist, type TestCustomer } from '@/server/test/bookings';
import { TestClient } from '@/server/test/http';
import { codeIn } from '@/server/test/smtp';
import type { TestSmtpServer } from '@/server/test/smtp';
import type { TestEnvironment } from '@/server/test/test-db';

const calendarOf = (mail: ParsedMail): string => {
  const attachment = mail.attachments.find((a) => a.contentType === 'text/calendar');
  if (!attachment) throw new Error(`no calendar attachment in "${mail.subject ?? ''}"`);
  return attachment.content.toString('utf8');
};
const icsField = (ics: string, name: string) => new RegExp(`\\r\\n${name}:([^\\r]*)\\r\\n`).exec(ics)?.[1];

// Each test books on a day of its own: offsets two apart (3, 20, 23–29, 31–47), so a skipped Sunday
// never lands two tests on one day, whatever weekday today is in the salon's zone.
describe("the salon's day", () => {
  let env: TestEnvironment;
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  let admin: TestClient;
  let zone: string;
  let mayaId: string;
  let annaId: string;
  let sofiaId: string;

  const salon = useTestApp({ smtp: true, env: { BOOKINGS_PER_CUSTOMER_PER_HOUR: '1000' }, admin: true });
  beforeAll(() => {
    ({ env, app, smtp, admin } = salon);
    zone = env.config.timezone;
    mayaId = idOfSpecialist(env.database.db, 'Maya Chen');
    annaId = idOfSpecialist(env.database.db, 'Anna Petrova');
    sofiaId = idOfSpecialist(env.database.db, 'Sofia Rossi');
  });

  const db = () => env.database.db;

  async function freeSlots(specialistId: string, day: string, serviceName = 'Classic Manicure'): Promise<string[]> {
    const query = new URLSearchParams({ specialistId, bookingDate: day, serviceName });
    const response = await new TestClient(app).rest<string[]>(
      'GET',
      `/users/appointment/available-slots?${query.toString()}`,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data;
  }

  async function book(
    who: TestCustomer,
    day: string,
    timeSlot: string,
    specialist = 'Maya Chen',
    service = 'Classic Manicure',
  ): Promise<Booking> {
    const answer = await who.client.rest<Booking>('POST', '/users/appointment', {
      bookingDate: day,
      timeSlot,
      service,
      specialist,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.data;
  }

  it("keeps a weekday's own hours and breaks, falls back for the others, and offers no time in a break", async () => {
    const day = futureWorkday(zone, 6, ['Wednesday']);
    const put = await admin.rest<Schedule>('PUT', `/admin/specialists/${mayaId}/schedule`, {
      days: [
        {
          day: 'Wednesday',
          ranges: [
            { from: '14:00', to: '18:00' },
            { from: '09:00', to: '13:00' },
          ],
        },
        { day: 'Sunday', ranges: [{ from: '10:00', to: '12:00' }] },
      ],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.message).toBe('Schedule updated');
    const byDay = Object.fromEntries(put.body.data.days.map((d) => [d.day, d]));
    expect(byDay.Wednesday).toEqual({
      day: 'Wednesday',
      own: true,
      ranges: [
        { from: '09:00', to: '13:00' },
        { from: '14:00', to: '18:00' },
      ],
    });
    expect(byDay.Monday).toEqual({ day: 'Monday', own: false, ranges: [{ from: '09:00', to: '18:00' }] });
    expect(byDay.Sunday?.own).toBe(true);

    const slots = await freeSlots(mayaId, day);
    // A 45-minute manicure: 12:00 is the last start before the break (ends 12:45), 12:30 would run into it.
    expect(slots).toContain('12:00');
    expect(slots).not.toContain('12:30');
    expect(slots).not.toContain('13:00');
    expect(slots).toContain('14:00');
    expect(await freeSlots(mayaId, futureWorkday(zone, 6, ['Sunday']))).toEqual(['10:00', '10:30', '11:00']);

    const got = await admin.rest<Schedule>('GET', `/admin/specialists/${mayaId}/schedule`);
    expect(got.body.data).toEqual(put.body.data);

    // Overlapping ranges are refused and change nothing.
    const bad = await admin.rest('PUT', `/admin/specialists/${mayaId}/schedule`, {
      days: [
        {
          day: 'Monday',
          ranges: [
            { from: '09:00', to: '13:00' },
            { from: '12:00', to: '18:00' },
          ],
        },
      ],
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('The ranges of a day must not overlap');
    expect((await admin.rest<Schedule>('GET', `/admin/specialists/${mayaId}/schedule`)).body.data).toEqual(
      put.body.data,
    );

    // Back to the spec's hours for every day.
    expect((await admin.rest('PUT', `/admin/specialists/${mayaId}/schedule`, { days: [] })).status).toBe(200);
    expect(await freeSlots(mayaId, day)).toContain('12:30');
  });

  it('lists both bookings that time off overlaps, cancels neither, stops offering the time, and flags them', async () => {
    const day = futureWorkday(zone, 31);
    const bea = await createCustomer(app, db(), 'Bea Booked');
    const first = await book(bea, day, '10:00');
    const second = await book(bea, day, '11:00');
    const outside = await book(bea, day, '16:00');

    const added = await admin.rest<TimeOff & { affectedBookings: Booking[] }>(
      'POST',
      `/admin/specialists/${mayaId}/time-off`,
      {
        startsAt: `${day}T09:30`,
        endsAt: `${day}T12:00`,
        reason: 'Dentist',
      },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.data).toMatchObject({
      startsAt: `${day}T09:30`,
      endsAt: `${day}T12:00`,
      reason: 'Dentist',
      specialist: { _id: mayaId },
    });
    expect(added.body.data.affectedBookings.map((b) => b._id).sort()).toEqual([first._id, second._id].sort());
    const statuses = db()
      .select({ id: bookings.id, status: bookings.status })
      .from(bookings)
      .where(eq(bookings.bookingDate, day))
      .all();
    expect(statuses.filter((b) => b.status === 'cancelled')).toEqual([]);

    const slots = await freeSlots(mayaId, day);
    for (const time of ['09:00', '09:30', '10:00', '11:30']) expect(slots).not.toContain(time);
    expect(slots).toContain('12:00');

    const calendar = await admin.rest<Calendar>('GET', `/admin/calendar?from=${day}&to=${day}`);
    expect(calendar.status).toBe(200);
    const flag = (id: string) => calendar.body.data.bookings.find((b) => b._id === id)?.needsAttention;
    expect([flag(first._id), flag(second._id), flag(outside._id)]).toEqual([true, true, false]);
    expect(calendar.body.data.bookings.find((b) => b._id === first._id)).toMatchObject({
      timeSlot: '10:00',
      endTime: '10:45',
    });
    expect(calendar.body.data.timeOff.map((t) => t._id)).toContain(added.body.data._id);

    const attention = await admin.trpc<CalendarBooking[]>('query', 'admin.calendar.needsAttention');
    expect(attention.data?.map((b) => b._id)).toEqual(expect.arrayContaining([first._id, second._id]));

    // Moving one out of the time off clears its flag.
    const moved = await admin.rest<Booking>('PATCH', `/admin/bookings/${first._id}`, { timeSlot: '13:00' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const after = await admin.rest<Calendar>('GET', `/admin/calendar?from=${day}&to=${day}&specialistId=${mayaId}`);
    expect(after.body.data.bookings.find((b) => b._id === first._id)).toMatchObject({
      timeSlot: '13:00',
      needsAttention: false,
    });

    const removed = await admin.rest('DELETE', `/admin/specialists/${mayaId}/time-off/${added.body.data._id}`);
    expect(removed.status).toBe(200);
    expect(await freeSlots(mayaId, day)).toContain('09:00');
  });

  it('refuses a reschedule into time off or a taken time with 409, and changes nothing', async () => {
    const day = futureWorkday(zone, 33);
    const cy = await createCustomer(app, db(), 'Cy Mover');
    const booking = await book(cy, day, '10:00');
    const other = await book(cy, day, '15:00');
    await admin.rest('POST', `/admin/specialists/${mayaId}/time-off`, {
      startsAt: `${day}T12:00`,
      endsAt: `${day}T14:00`,
    });

    // The salon is told what each refused time clashes with.
    const clashes = {
      '12:30': 'Maya Chen is on time off then.',
      '15:00': "Clashes with Cy Mover's Classic Manicure, 3:00 PM – 3:45 PM.",
      '14:45': "Clashes with Cy Mover's Classic Manicure, 3:00 PM – 3:45 PM.",
    };
    for (const [timeSlot, clash] of Object.entries(clashes)) {
      const refused = await admin.rest('PATCH', `/admin/bookings/${booking._id}`, { timeSlot });
      expect(refused.status, timeSlot).toBe(409);
      expect(refused.body.message).toBe(clash);
    }
    const row = db()
      .select({ timeSlot: bookings.timeSlot, sequence: bookings.sequence })
      .from(bookings)
      .where(eq(bookings.id, booking._id))
      .get();
    expect(row).toEqual({ timeSlot: '10:00', sequence: 0 });
    expect(other.timeSlot).toBe('15:00');

    // Maya does not offer make-up; a removed booking cannot be moved; a past day is bad input.
    expect((await admin.rest('PATCH', `/admin/bookings/${booking._id}`, { specialist: annaId })).status).toBe(400);
    expect(
      (await admin.rest('PATCH', `/admin/bookings/${booking._id}`, { bookingDate: addCalendarDays(day, -40) })).status,
    ).toBe(400);
    expect((await admin.rest('PATCH', `/admin/bookings/${booking._id}`, {})).status).toBe(400);
    expect((await admin.rest('PATCH', '/admin/bookings/000000000000000000000000', { timeSlot: '11:00' })).status).toBe(
      404,
    );
  });

  it('gives exactly one of 30 simultaneous reschedules of different bookings into one free slot', async () => {
    // 30 bookings spread over the days ahead, all moved at once to one free time of one day.
    const target = futureWorkday(zone, 20);
    const crowd = await Promise.all(
      Array.from({ length: 30 }, (_, i) => createCustomer(app, db(), `Racer ${String(i)}`)),
    );
    // Offsets two apart: a Sunday skipped moves a day by one at most, so the four days are distinct.
    const days = [23, 25, 27, 29].map((offset) => futureWorkday(zone, offset));
    const owned: Booking[] = [];
    for (const [i, who] of crowd.entries()) {
      // Hourly from 09:00 to 17:00, nine a day.
      owned.push(await book(who, days[Math.floor(i / 9)] ?? target, `${String(9 + (i % 9)).padStart(2, '0')}:00`));
    }
    const answers = await Promise.all(
      owned.map((booking) =>
        admin.rest<Booking>('PATCH', `/admin/bookings/${booking._id}`, { bookingDate: target, timeSlot: '11:00' }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, ...Array<number>(29).fill(409)]);
    const holding = db()
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.bookingDate, target))
      .all()
      .filter((row) => owned.some((b) => b._id === row.id));
    expect(holding).toHaveLength(1);
  });

  it('books for a customer who phoned, without a password; when they sign up with that e-mail they see it', async () => {
    const day = futureWorkday(zone, 35);
    const email = `phoned${String(Date.now())}@example.test`;
    const made = await admin.rest<Booking>('POST', '/admin/bookings', {
      firstName: 'Pia',
      lastName: 'Phoned',
      phone: '9123456780',
      email,
      bookingDate: day,
      timeSlot: '10:00',
      service: 'Classic Manicure',
      specialist: 'Maya Chen',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data).toMatchObject({
      firstName: 'Pia',
      lastName: 'Phoned',
      phone: '9123456780',
      // The salon's own booking needs no confirming.
      status: 'confirmed',
      user: { email },
    });
    expect((await smtp.waitForMail(email)).subject).toContain('Booking received');
    const account = db().select({ passwordHash: users.passwordHash }).from(users).where(eq(users.email, email)).get();
    expect(account).toEqual({ passwordHash: '' });
    // Nothing logs into an account without a password.
    expect((await new TestClient(app).rest('POST', '/users/login', { email, password: '' })).status).toBe(400);
    expect(
      (await new TestClient(app).rest('POST', '/users/login', { email, password: 'not-a-real-password' })).status,
    ).toBe(401);

    // The same customer found by the quick search.
    const found = await admin.trpc<{ _id: string; hasPassword: boolean }[]>('query', 'admin.customers.search', {
      search: '912345678',
    });
    expect(found.data).toEqual([expect.objectContaining({ _id: made.body.data.user._id, hasPassword: false })]);

    // Sign-up with that e-mail joins the account and its booking.
    const visitor = new TestClient(app);
    expect((await visitor.rest('POST', '/otp/send-otp', { email })).status).toBe(200);
    const code = codeIn((await smtp.waitForMail(email)).text);
    expect((await visitor.rest('POST', '/otp/verify-otp', { email, otp: code })).status).toBe(200);
    const form = new FormData();
    for (const [name, value] of Object.entries({
      fullName: 'Pia Phoned',
      email,
      password: 'pia-password',
      phone: '9123456780',
    }))
      form.append(name, value);
    const { jpegBytes } = await import('@/server/test/catalogue');
    form.append('avatar', new Blob([new Uint8Array(await jpegBytes())], { type: 'image/jpeg' }), 'me.jpg');
    const registered = await visitor.rest<{ _id: string }>('POST', '/users/register', form);
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    expect(registered.body.data._id).toBe(made.body.data.user._id);
    const pia = new TestClient(app);
    expect((await pia.rest('POST', '/users/login', { email, password: 'pia-password' })).status).toBe(200);
    const mine = await pia.rest<CustomerBooking[]>('GET', '/users/appointment');
    expect(mine.body.data.map((b) => b._id)).toEqual([made.body.data._id]);
  });

  it("refuses a salon booking that names a registered customer's e-mail without picking them, and writes nothing", async () => {
    const day = futureWorkday(zone, 45);
    const rita = await createCustomer(app, db(), 'Rita Registered');
    const before = db().select({ id: bookings.id }).from(bookings).all().length;
    const usersBefore = db().select({ id: users.id }).from(users).all().length;
    const typo = await admin.rest('POST', '/admin/bookings', {
      firstName: 'Someone',
      lastName: 'Else',
      phone: '9000033333',
      email: rita.email,
      bookingDate: day,
      timeSlot: '10:00',
      service: 'Classic Manicure',
      specialist: 'Maya Chen',
    });
    expect(typo.status).toBe(400);
    expect(JSON.stringify(typo.body)).toContain(REGISTERED_EMAIL_MESSAGE);
    expect(db().select({ id: bookings.id }).from(bookings).all()).toHaveLength(before);
    expect(db().select({ id: users.id }).from(users).all()).toHaveLength(usersBefore);
    // Picked from the search, she is booked.
    const picked = await admin.rest<Booking>('POST', '/admin/bookings', {
      customerId: rita.id,
      firstName: 'Rita',
      lastName: 'Registered',
      phone: rita.phone,
      bookingDate: day,
      timeSlot: '10:00',
      service: 'Classic Manicure',
      specialist: 'Maya Chen',
    });
    expect(picked.status, JSON.stringify(picked.body)).toBe(201);
    expect(picked.body.data.user._id).toBe(rita.id);
  });

  it('books a walk-in without an e-mail, each as their own customer, and mails nobody', async () => {
    const day = futureWorkday(zone, 37);
    const walkIn = (timeSlot: string) =>
      admin.rest<Booking>('POST', '/admin/bookings', {
        firstName: 'Walk',
        lastName: 'In',
        phone: '9000011111',
        bookingDate: day,
        timeSlot,
        service: 'Classic Manicure',
        specialist: mayaId,
      });
    const one = await walkIn('10:00');
    const two = await walkIn('11:00');
    expect([one.status, two.status]).toEqual([201, 201]);
    expect(one.body.data.user._id).not.toBe(two.body.data.user._id);
    expect(one.body.data.user.email).toBe('');
    expect((await walkIn('10:00')).status).toBe(409);
    const missing = await admin.rest('POST', '/admin/bookings', {
      firstName: 'No',
      bookingDate: day,
      timeSlot: '12:00',
      service: 'Classic Manicure',
      specialist: mayaId,
    });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('Last name is required');
    // Confirmed unless the salon chooses pending, to confirm it later; nothing else is a first status.
    expect(one.body.data.status).toBe('confirmed');
    const later = await admin.rest<Booking>('POST', '/admin/bookings', {
      firstName: 'Walk',
      lastName: 'Later',
      phone: '9000011112',
      bookingDate: day,
      timeSlot: '17:00',
      service: 'Classic Manicure',
      specialist: mayaId,
      status: 'pending',
    });
    expect([later.status, later.body.data.status]).toEqual([201, 'pending']);
    const settled = await admin.rest('POST', '/admin/bookings', {
      firstName: 'Walk',
      lastName: 'Done',
      phone: '9000011113',
      bookingDate: day,
      timeSlot: '17:30',
      service: 'Classic Manicure',
      specialist: mayaId,
      status: 'completed',
    });
    expect(settled.status).toBe(400);
    expect(JSON.stringify(settled.body)).toContain('Status is confirmed or pending');
  });

  it('lets a customer move their own booking up to the cut-off, updating the calendar event, and cancel it with METHOD:CANCEL', async () => {
    // Times the walk-in test above leaves free: its day is this one when offset 10 falls on a Sunday.
    const day = futureWorkday(zone, 39);
    const dee = await createCustomer(app, db(), 'Dee Reschedule');
    const booking = await book(dee, day, '13:00');
    const confirmation = calendarOf(await smtp.waitForMail(dee.email));
    expect(icsField(confirmation, 'SEQUENCE')).toBe('0');

    const stranger = await createCustomer(app, db(), 'Stan Stranger');
    expect(
      (
        await stranger.client.rest('PATCH', `/users/appointment/${booking._id}`, {
          bookingDate: day,
          timeSlot: '14:00',
        })
      ).status,
    ).toBe(403);

    // The salon confirmed it; the customer's move asks the salon to confirm the new time.
    expect((await admin.rest('PATCH', `/admin/bookings/${booking._id}/status`, { status: 'confirmed' })).status).toBe(
      200,
    );
    await smtp.waitForMail(dee.email);
    const moved = await dee.client.rest<Booking>('PATCH', `/users/appointment/${booking._id}`, {
      bookingDate: day,
      timeSlot: '14:00',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.message).toBe('Appointment rescheduled');
    expect(moved.body.data).toMatchObject({ timeSlot: '14:00', bookingDate: day, status: 'pending' });
    const movedMail = await smtp.waitForMail(dee.email);
    expect(movedMail.subject).toContain('Booking moved');
    const update = calendarOf(movedMail);
    expect(icsField(update, 'UID')).toBe(icsField(confirmation, 'UID'));
    expect(icsField(update, 'SEQUENCE')).toBe('1');
    expect(icsField(update, 'METHOD')).toBe('REQUEST');
    expect(await freeSlots(mayaId, day)).toContain('13:00');

    const cancelled = await dee.client.rest('PATCH', `/users/appointment/${booking._id}/cancel`);
    expect(cancelled.status).toBe(200);
    const cancel = calendarOf(await smtp.waitForMail(dee.email));
    expect(icsField(cancel, 'METHOD')).toBe('CANCEL');
    expect(icsField(cancel, 'UID')).toBe(icsField(confirmation, 'UID'));
    expect(Number(icsField(cancel, 'SEQUENCE'))).toBeGreaterThan(1);

    // Inside the cut-off: refused with the reason.
    const late = await book(dee, day, '15:00');
    db()
      .update(bookings)
      .set({ startsAt: new Date(Date.now() + 60 * 60_000) })
      .where(eq(bookings.id, late._id))
      .run();
    const refused = await dee.client.rest('PATCH', `/users/appointment/${late._id}`, {
      bookingDate: day,
      timeSlot: '16:00',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Bookings can only be rescheduled up to 2 hours before the start.');
  });

  it("offers a booking's own time and the times next to it when moving it, to its owner and the salon only", async () => {
    const day = futureWorkday(zone, 41);
    const gus = await createCustomer(app, db(), 'Gus Mover');
    const booking = await book(gus, day, '10:00');
    const publicSlots = await freeSlots(mayaId, day);
    expect(publicSlots).not.toContain('10:00');
    expect(publicSlots).not.toContain('10:30');
    const input = { id: booking._id, specialistId: mayaId, bookingDate: day };
    const mine = await gus.client.trpc<string[]>('query', 'customer.bookings.rescheduleSlots', input);
    expect(mine.data).toEqual(expect.arrayContaining(['10:00', '10:30']));
    expect((await admin.trpc<string[]>('query', 'admin.bookings.rescheduleSlots', input)).data).toEqual(mine.data);
    const stranger = await createCustomer(app, db(), 'Sly Stranger');
    expect((await stranger.client.trpc('query', 'customer.bookings.rescheduleSlots', input)).status).toBe(403);
    // "Moving" it to where it is changes nothing: no new invitation.
    const same = await admin.rest<Booking>('PATCH', `/admin/bookings/${booking._id}`, {
      timeSlot: '10:00',
      specialist: mayaId,
    });
    expect(same.status).toBe(200);
    expect(
      db().select({ sequence: bookings.sequence }).from(bookings).where(eq(bookings.id, booking._id)).get(),
    ).toEqual({ sequence: 0 });
    // Moving by half an hour, onto its own former time, is accepted.
    const moved = await gus.client.rest<Booking>('PATCH', `/users/appointment/${booking._id}`, {
      bookingDate: day,
      timeSlot: '10:30',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  });

  it('offers "any specialist" the union of free times and books the one with the fewest bookings that day', async () => {
    const day = futureWorkday(zone, 47, ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']);
    const eve = await createCustomer(app, db(), 'Eve Anyone');
    // Anna works from 09:00, Sofia from 10:00: 09:00 is Anna's alone.
    const anySlots = await freeSlots('any', day, 'Evening Make up');
    expect(anySlots[0]).toBe('09:00');
    expect(anySlots).toEqual(
      [
        ...new Set([
          ...(await freeSlots(annaId, day, 'Evening Make up')),
          ...(await freeSlots(sofiaId, day, 'Evening Make up')),
        ]),
      ].sort(),
    );

    // Anna has one booking that day; at 11:00 both are free, so Sofia is picked.
    await book(eve, day, '14:00', 'Anna Petrova', 'Evening Make up');
    const picked = await book(eve, day, '11:00', 'any', 'Evening Make up');
    expect(picked.specialist.name).toBe('Sofia Rossi');
    const mail = await smtp.waitForMail(eve.email);
    expect(mail.text).toContain('Anna Petrova');
    expect((await smtp.waitForMail(eve.email)).text).toContain('Sofia Rossi');
    // Now each has one: by name, Anna.
    const late = await book(eve, day, '16:00', 'any', 'Evening Make up');
    expect(late.specialist.name).toBe('Anna Petrova');
    // Moving Anna's 16:00 to "any" at 12:00: the booking being moved does not count against her,
    // so each has one that day and Anna keeps it.
    const moved = await eve.client.rest<Booking>('PATCH', `/users/appointment/${late._id}`, {
      bookingDate: day,
      timeSlot: '12:00',
      specialist: 'any',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.specialist.name).toBe('Anna Petrova');
  });

  it('closes the salon for a day: no times offered, bookings on it listed and flagged, a second closure refused', async () => {
    const day = futureWorkday(zone, 43);
    const fay = await createCustomer(app, db(), 'Fay Holiday');
    const booking = await book(fay, day, '10:00');
    const closed = await admin.rest<{ _id: string; affectedBookings: Booking[] }>('POST', '/admin/closures', {
      date: day,
      reason: 'Public holiday',
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(201);
    expect(closed.body.data.affectedBookings.map((b) => b._id)).toEqual([booking._id]);
    expect(await freeSlots(mayaId, day)).toEqual([]);
    expect((await admin.rest('POST', '/admin/closures', { date: day })).status).toBe(409);
    const calendar = await admin.rest<Calendar>('GET', `/admin/calendar?from=${day}&to=${day}`);
    expect(calendar.body.data.closures).toEqual([{ _id: closed.body.data._id, date: day, reason: 'Public holiday' }]);
    expect(calendar.body.data.bookings.find((b) => b._id === booking._id)?.needsAttention).toBe(true);
    expect(calendar.body.data.specialists.every((s) => s.days.every((d) => d.ranges.length === 0))).toBe(true);
    expect((await admin.rest('DELETE', `/admin/closures/${closed.body.data._id}`)).status).toBe(200);
    expect(await freeSlots(mayaId, day)).not.toEqual([]);
  });

  it('refuses a calendar of more than 31 days and time off that ends before it starts', async () => {
    const day = futureWorkday(zone, 3);
    const long = await admin.rest('GET', `/admin/calendar?from=${day}&to=${addCalendarDays(day, 31)}`);
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain('The calendar shows at most 31 days at once');
    expect((await admin.rest('GET', `/admin/calendar?from=${day}&to=${addCalendarDays(day, 30)}`)).status).toBe(200);
    const backwards = await admin.rest('POST', `/admin/specialists/${mayaId}/time-off`, {
      startsAt: `${day}T12:00`,
      endsAt: `${day}T11:00`,
    });
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(backwards.body)).toContain('Time off must end after it starts');
  });
});
