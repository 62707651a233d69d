// The nudges to rebook (README "Nudges to rebook") over real HTTP, a real SQLite file and a real
// SMTP server: a service's interval is set in the admin's form (and refused outside 1 to 52
// weeks); that long after a completed visit its customer gets one mail, with a link to the booking
// form with the service and specialist chosen and a one-click unsubscribe of the nudges alone;
// none after a booking made since, nor for old history, nor once turned off (from the mail or My
// account); a booking made after a nudge counts in the reports as the nudge's.
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ParsedMail } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import { REBOOK_WEEKS_MAX } from '@/shared/constants';
import type { Booking } from '@/shared/schemas/bookings';
import type { SalonReport } from '@/shared/schemas/reports';
import type { Service } from '@/shared/schemas/services';
import type { BuildAppOptions } from '@/server/app';
import { bookings, messages, rebookNudges, services, users } from '@/server/db/schema';
import { addCalendarDays, todayIn } from '@/server/domain/calendar';
import { useTestApp } from '@/server/test/app';
import {
  bookingRow,
  createCustomer,
  futureWorkday,
  idOfService,
  idOfSpecialist,
  type TestCustomer,
} from '@/server/test/bookings';
import { multipartForm } from '@/server/test/catalogue';
import type { TestClient } from '@/server/test/http';
import type { TestSmtpServer } from '@/server/test/smtp';

const QUICK: BuildAppOptions['delivery'] = {
  retry: { firstWaitMs: 100, maxWaitMs: 300, maxAttempts: 100 },
  pollMs: 100,
};

const COLOUR = 'Hair Colouring';
const LEILA = 'Leila Haddad';

/** A header as the message carried it (mailparser makes objects of some List-* headers). */
const headerOf = (mail: ParsedMail, name: string): string | undefined =>
  mail.headerLines.find((line) => line.key === name)?.line.replace(/^[^:]+:\s*/, '');

describe('nudges to rebook', () => {
  let app: FastifyInstance;
  let admin: TestClient;
  let smtp: TestSmtpServer;
  let zone: string;
  const salon = useTestApp({ smtp: true, admin: true, delivery: QUICK });
  const db = () => salon.db;
  beforeAll(async () => {
    ({ app, admin, smtp } = salon);
    zone = salon.config.timezone;
    // Hair Colouring is nudged for after 6 weeks, through the admin's multipart form.
    expect((await saveRebookWeeks(COLOUR, '6')).status).toBe(200);
  });

  const today = () => todayIn(zone);

  /** The admin's form (multipart PATCH /admin/services/{id}) with every field as stored and `rebookWeeks` as given. */
  async function saveRebookWeeks(name: string, rebookWeeks: string) {
    const row = db().select().from(services).where(eq(services.name, name)).get();
    if (!row) throw new Error(`no service ${name}`);
    return admin.rest<Service>(
      'PATCH',
      `/admin/services/${row.id}`,
      multipartForm({
        name: row.name,
        price: String(row.price),
        duration: String(row.durationMinutes),
        category: row.category,
        description: row.description,
        rebookWeeks,
      }),
    );
  }

  let visits = 0;
  /** A completed visit of `service` with `specialist`, `daysAgo` days ago (each at a time of its own), booked a day before it. */
  function completedVisit(who: TestCustomer, daysAgo: number, service = COLOUR, specialist = LEILA): string {
    const day = addCalendarDays(today(), -daysAgo);
    const time = `${String(9 + (visits++ % 9)).padStart(2, '0')}:00`;
    const row = bookingRow({
      userId: who.id,
      serviceId: idOfService(db(), service),
      specialistId: idOfSpecialist(db(), specialist),
      serviceName: service,
      day,
      time,
      timeZone: zone,
      status: 'completed',
      createdAt: new Date(Date.now() - (daysAgo + 1) * 86_400_000),
    });
    db().insert(bookings).values(row).run();
    return row.id;
  }

  const nudgesOf = (who: TestCustomer) => db().select().from(rebookNudges).where(eq(rebookNudges.userId, who.id)).all();
  const nudgeMailsTo = (who: TestCustomer) =>
    db()
      .select()
      .from(messages)
      .where(and(eq(messages.kind, 'rebook-nudge'), eq(messages.recipient, who.email)))
      .all();

  /** Two passes of the loop, then whatever they wrote is delivered. */
  async function runTwice(): Promise<void> {
    await app.nudges.runNow();
    await app.nudges.runNow();
    app.outbox.wake();
    await app.outbox.settled();
  }

  it('refuses an interval of 0 or 53 weeks in the admin form, in words, and saves 1 to 52 or none', async () => {
    const zero = await saveRebookWeeks('Classic Manicure', '0');
    expect(zero.status).toBe(400);
    expect(zero.body.errors).toContainEqual({
      path: 'rebookWeeks',
      message: 'Nudge to rebook must be at least 1 week (leave it empty for no nudge)',
    });
    const tooMany = await saveRebookWeeks('Classic Manicure', String(REBOOK_WEEKS_MAX + 1));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors).toContainEqual({
      path: 'rebookWeeks',
      message: 'Nudge to rebook must be at most 52 weeks',
    });
    // Over /trpc the same words.
    const row = db().select().from(services).where(eq(services.name, 'Classic Manicure')).get();
    const viaTrpc = await admin.trpc('mutation', 'admin.services.update', {
      id: row?.id,
      name: row?.name,
      price: row?.price,
      duration: row?.durationMinutes,
      category: row?.category,
      description: row?.description,
      rebookWeeks: 0.5,
    });
    expect(viaTrpc.status).toBe(400);
    expect(viaTrpc.error?.message).toContain('Nudge to rebook must be a whole number of weeks');

    const saved = await saveRebookWeeks('Classic Manicure', '52');
    expect([saved.status, saved.body.data.rebookWeeks]).toEqual([200, 52]);
    const cleared = await saveRebookWeeks('Classic Manicure', '');
    expect([cleared.status, cleared.body.data.rebookWeeks]).toEqual([200, null]);
    // The public list and the admin's answer carry it; the spec's fields stay.
    const listed = (await admin.rest<Service[]>('GET', '/services')).body.data.find((one) => one.name === COLOUR);
    expect(listed).toMatchObject({ name: COLOUR, rebookWeeks: 6, price: expect.any(Number) as unknown });
  });

  it('nudges once, that long after a completed visit, with the service and specialist in the link and a one-click unsubscribe', async () => {
    const nora = await createCustomer(app, db(), 'Nora Nudged');
    const visitId = completedVisit(nora, 43);
    await runTwice();
    expect(nudgesOf(nora)).toMatchObject([{ afterBookingId: visitId, bookedId: null }]);
    const mail = await smtp.waitForMail(nora.email);
    expect(mail.subject).toBe(`Time for your next ${COLOUR}?`);
    const serviceId = idOfService(db(), COLOUR);
    const leilaId = idOfSpecialist(db(), LEILA);
    expect(mail.text).toContain(`${salon.config.publicUrl}/appointment?service=${serviceId}&specialist=${leilaId}`);
    expect(mail.text).toContain(`your ${COLOUR} with ${LEILA}`);
    const token = db().select({ token: users.unsubscribeToken }).from(users).where(eq(users.id, nora.id)).get()?.token;
    const link = `${salon.config.publicUrl}/unsubscribe/${token ?? ''}?mails=nudges`;
    expect(headerOf(mail, 'list-unsubscribe')).toBe(`<${link}>`);
    expect(headerOf(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain(link);
    // The second pass sent nothing more, and a third neither.
    await runTwice();
    expect(nudgeMailsTo(nora)).toHaveLength(1);
    expect(smtp.messages.filter((one) => JSON.stringify(one.to).includes(nora.email))).toHaveLength(1);

    // The mail's one-click unsubscribe (a mail provider's POST) turns off the nudges, not the reminders.
    const path = new URL(link).pathname + new URL(link).search;
    const posted = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.body).toContain('no more nudges to rebook');
    expect((await nora.client.rest('GET', '/users/me/nudges')).body.data).toEqual({ nudges: false });
    expect((await nora.client.rest('GET', '/users/me/reminder-mails')).body.data).toEqual({ reminderMails: true });
    // A later visit of another nudged service is not nudged for any more.
    expect((await saveRebookWeeks('Gel Pedicure', '3')).status).toBe(200);
    completedVisit(nora, 22, 'Gel Pedicure', 'Maya Chen');
    await runTwice();
    expect(nudgesOf(nora)).toHaveLength(1);
    expect(nudgeMailsTo(nora)).toHaveLength(1);
  });

  it('nudges a visit of two services with intervals once', async () => {
    const vera = await createCustomer(app, db(), 'Vera Visit');
    expect((await saveRebookWeeks(COLOUR, '6')).status).toBe(200);
    expect((await saveRebookWeeks('Haircut & Styling', '6')).status).toBe(200);
    const colour = completedVisit(vera, 43);
    const cut = completedVisit(vera, 43, 'Haircut & Styling');
    // The two items of one visit, one after the other.
    const visitId = `visit-${colour}`;
    db()
      .update(bookings)
      .set({ visitId })
      .where(inArray(bookings.id, [colour, cut]))
      .run();
    await runTwice();
    expect(nudgesOf(vera)).toHaveLength(1);
    expect(nudgeMailsTo(vera)).toHaveLength(1);
    expect((await saveRebookWeeks('Haircut & Styling', '')).status).toBe(200);
  });

  it('never nudges after a booking made since the visit, for an older visit, or for old history', async () => {
    const otto = await createCustomer(app, db(), 'Otto Onward');
    completedVisit(otto, 43);
    // Another booking made since, of another service, and cancelled: still a booking since.
    const since = bookingRow({
      userId: otto.id,
      serviceId: idOfService(db(), 'Classic Manicure'),
      specialistId: idOfSpecialist(db(), 'Maya Chen'),
      day: addCalendarDays(today(), 10),
      time: '09:00',
      timeZone: zone,
      status: 'cancelled',
      createdAt: new Date(Date.now() - 20 * 86_400_000),
    });
    db().insert(bookings).values(since).run();
    // Two visits of the service: only the latest counts, and its moment has not come.
    const pia = await createCustomer(app, db(), 'Pia Twice');
    completedVisit(pia, 43);
    completedVisit(pia, 10);
    // A visit whose nudge moment is long past (the loop's first start mails nobody about it).
    const olga = await createCustomer(app, db(), 'Olga Old');
    completedVisit(olga, 42 + 20);
    await runTwice();
    for (const who of [otto, pia, olga]) {
      expect(nudgesOf(who), who.fullName).toEqual([]);
      expect(nudgeMailsTo(who), who.fullName).toEqual([]);
    }
  });

  it('never nudges a customer who turned nudges off in My account, and does once they are on again', async () => {
    const dora = await createCustomer(app, db(), 'Dora Declines');
    const off = await dora.client.rest('PUT', '/users/me/nudges', { nudges: false });
    expect([off.status, off.body.data]).toEqual([200, { nudges: false }]);
    completedVisit(dora, 44);
    await runTwice();
    expect(nudgesOf(dora)).toEqual([]);
    // Over /trpc too, and reminders were never touched.
    const on = await dora.client.trpc('mutation', 'customer.account.updateNudges', { nudges: true });
    expect(on.data).toEqual({ nudges: true });
    expect((await dora.client.rest('GET', '/users/me/reminder-mails')).body.data).toEqual({ reminderMails: true });
    await runTwice();
    expect(nudgesOf(dora)).toHaveLength(1);
    expect((await smtp.waitForMail(dora.email)).subject).toBe(`Time for your next ${COLOUR}?`);
  });

  it('counts a booking of the nudged service made after the nudge as the nudge’s, in the report and its CSV', async () => {
    const rhea = await createCustomer(app, db(), 'Rhea Rebooks');
    completedVisit(rhea, 45);
    await runTwice();
    expect(nudgesOf(rhea)).toHaveLength(1);
    await smtp.waitForMail(rhea.email);

    const day = futureWorkday(zone, 9, ['Tuesday', 'Wednesday', 'Thursday']);
    const leilaId = idOfSpecialist(db(), LEILA);
    const slots = await rhea.client.rest<string[]>(
      'GET',
      `/users/appointment/available-slots?specialistId=${leilaId}&bookingDate=${day}&serviceName=${encodeURIComponent(COLOUR)}`,
    );
    const [time] = slots.body.data;
    if (!time) throw new Error(`no free time on ${day}`);
    const reportOf = async () =>
      (await admin.rest<SalonReport>('GET', `/admin/reports?from=${day}&to=${day}`)).body.data;
    const before = await reportOf();
    expect(before).toMatchObject({ fromNudge: expect.any(Number) as unknown, fromWaitlist: 0 });

    // Another service first: not the nudge's.
    const other = await rhea.client.rest<Booking>('POST', '/users/appointment', {
      bookingDate: day,
      timeSlot: time,
      service: 'Classic Manicure',
      specialist: 'Maya Chen',
    });
    expect(other.status, other.body.message).toBe(201);
    const booked = await rhea.client.rest<Booking>('POST', '/users/appointment', {
      bookingDate: day,
      timeSlot: time,
      service: COLOUR,
      specialist: LEILA,
    });
    expect(booked.status, booked.body.message).toBe(201);
    const sourceOf = (id: string) =>
      db().select({ source: bookings.source }).from(bookings).where(eq(bookings.id, id)).get()?.source;
    expect(sourceOf(other.body.data._id)).toBe('direct');
    expect(sourceOf(booked.body.data._id)).toBe('nudge');
    expect(nudgesOf(rhea)).toMatchObject([{ bookedId: booked.body.data._id }]);

    const after = await reportOf();
    expect(after.fromNudge).toBe(before.fromNudge + 1);
    expect(after.fromWaitlist).toBe(0);
    const csv = await admin.request('GET', `/api/v1/admin/reports/bookings.csv?from=${day}&to=${day}`);
    const line = csv.body.split('\r\n').find((one) => one.includes('Hair Colouring') && one.includes('Rhea'));
    expect(line?.endsWith(',nudge')).toBe(true);

    // A second booking of it is not credited again: the nudge has its booking.
    const again = await rhea.client.rest<Booking>('POST', '/users/appointment', {
      bookingDate: futureWorkday(zone, 16, ['Tuesday', 'Wednesday', 'Thursday']),
      timeSlot: time,
      service: COLOUR,
      specialist: LEILA,
    });
    if (again.status === 201) expect(sourceOf(again.body.data._id)).toBe('direct');
  });
});
