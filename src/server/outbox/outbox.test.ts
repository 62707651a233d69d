// The durable outbox over real HTTP, a real SMTP server and a real webhook receiver:
// mails that wait out an SMTP outage and arrive once, reminders across a restart, review
// requests, the salon's notices, and signed webhooks with retries and address checks.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '@/shared/schemas/bookings';
import type { MessagePage } from '@/shared/schemas/messages';
import { buildApp, type BuildAppOptions } from '@/server/app';
import { newId } from '@/server/db/ids';
import { admins, bookings, messages, webhookEndpoints } from '@/server/db/schema';
import { useTestApp } from '@/server/test/app';
import {
  bookingRow,
  createCustomer,
  futureWorkday,
  idOfService,
  idOfSpecialist,
  type TestCustomer,
} from '@/server/test/bookings';
import { signedIn } from '@/server/test/catalogue';
import { TestClient } from '@/server/test/http';
import { startSmtpServer, type TestSmtpServer } from '@/server/test/smtp';
import { createTestEnvironment, type TestEnvironment } from '@/server/test/test-db';
import { until } from '@/server/test/until';
import type { WebhookReceiver } from '@/server/test/webhook-receiver';
import { freePort } from '@/server/free-port';

/** Short waits, so a test sees several retries in a second. */
const QUICK: BuildAppOptions['delivery'] = {
  retry: { firstWaitMs: 100, maxWaitMs: 300, maxAttempts: 100 },
  pollMs: 100,
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const bookingForm = (day: string, timeSlot: string, service = 'Classic Manicure', specialist = 'Maya Chen') => ({
  bookingDate: day,
  timeSlot,
  service,
  specialist,
});

async function book(customer: TestCustomer, day: string, timeSlot: string): Promise<Booking> {
  const answer = await customer.client.rest<Booking>('POST', '/users/appointment', bookingForm(day, timeSlot));
  expect(answer.status, answer.body.message).toBe(201);
  return answer.body.data;
}

const mailsTo = (smtp: TestSmtpServer, to: string) =>
  smtp.messages.filter((mail) => JSON.stringify(mail.to ?? '').includes(to));

describe('mail while the SMTP server is down', () => {
  let env: TestEnvironment;
  let app: FastifyInstance;
  let smtp: TestSmtpServer | undefined;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    env = await createTestEnvironment({ seed: true, env: { SMTP_URL: `smtp://127.0.0.1:${String(port)}` } });
    app = await buildApp({ config: env.config, database: env.database, clientDir: null, delivery: QUICK });
  });
  afterAll(async () => {
    await app.close();
    await smtp?.close();
  });

  it('keeps every message, retries it, and delivers each exactly once when the server is back', async () => {
    const customer = await createCustomer(app, env.database.db, 'Olive Outage');
    const day = futureWorkday(env.config.timezone, 6);
    const made = [];
    for (const time of ['09:00', '10:00', '11:00', '12:00', '13:00']) made.push(await book(customer, day, time));
    const confirmations = () =>
      env.database.db
        .select()
        .from(messages)
        .where(and(eq(messages.recipient, customer.email), eq(messages.kind, 'booking-created')))
        .all();
    // Every confirmation has been tried more than once, and is still waiting.
    await until(
      'two failed attempts each',
      () =>
        confirmations().length === 5 && confirmations().every((row) => row.attempts >= 2 && row.status === 'pending'),
    );
    expect(confirmations()[0]?.lastError).toMatch(/ECONNREFUSED|connect/i);

    smtp = await startSmtpServer({ port });
    await until('all sent', () => confirmations().every((row) => row.status === 'sent'));
    await app.outbox.settled();
    const received = mailsTo(smtp, customer.email).filter((mail) => mail.subject?.startsWith('Booking received'));
    expect(received).toHaveLength(5);
    expect(new Set(received.map((mail) => mail.messageId)).size).toBe(5);
    // Sent rows keep no content.
    expect(confirmations().every((row) => row.payload === null && row.sentAt !== null)).toBe(true);
    console.log(
      `[guarantee] SMTP down: ${String(made.length)} confirmations waited through ${String(Math.min(...confirmations().map((row) => row.attempts)) - 1)}+ failed attempts each, then arrived exactly once each`,
    );
  });
});

describe('reminders, review requests and the salon’s notices', () => {
  let env: TestEnvironment;
  let smtp: TestSmtpServer;
  let app: FastifyInstance;
  let admin: TestClient;
  let customer: TestCustomer;

  const salon = useTestApp({
    smtp: true,
    env: { REMINDER_HOURS: '24', REVIEW_REQUEST_HOURS: '2' },
    admin: true,
    delivery: QUICK,
  });
  beforeAll(async () => {
    ({ env, smtp, app, admin } = salon);
    customer = await createCustomer(app, env.database.db, 'Rita Reminded');
  });

  const db = () => env.database.db;
  const reminderRows = (bookingId: string) =>
    db()
      .select()
      .from(messages)
      .where(and(eq(messages.bookingId, bookingId), eq(messages.kind, 'reminder')))
      .all();

  it('reminds an open booking after a restart, never a cancelled one, and a moved one only for its new time', async () => {
    const day = futureWorkday(env.config.timezone, 30);
    const kept = await book(customer, day, '10:00');
    const cancelled = await book(customer, day, '11:00');
    const moved = await book(customer, day, '12:00');
    const begun = await book(customer, day, '13:00');
    expect((await customer.client.rest('PATCH', `/users/appointment/${cancelled._id}/cancel`)).status).toBe(200);
    const newDay = futureWorkday(env.config.timezone, 32);
    expect(
      (
        await customer.client.rest('PATCH', `/users/appointment/${moved._id}`, {
          bookingDate: newDay,
          timeSlot: '15:00',
        })
      ).status,
    ).toBe(200);
    // Armed for 24 hours before each open booking; the cancelled one's and the moved one's old reminder are disarmed.
    expect(reminderRows(kept._id).map((row) => row.status)).toEqual(['pending']);
    expect(reminderRows(cancelled._id).map((row) => row.status)).toEqual(['cancelled']);
    expect(
      reminderRows(moved._id)
        .map((row) => row.status)
        .sort(),
    ).toEqual(['cancelled', 'pending']);
    const keptStart = db()
      .select({ startsAt: bookings.startsAt })
      .from(bookings)
      .where(eq(bookings.id, kept._id))
      .get()?.startsAt;
    expect(reminderRows(kept._id)[0]?.dueAt.getTime()).toBe((keptStart?.getTime() ?? 0) - 24 * 3_600_000);

    // The server stops; while it is down the reminders fall due (the bookings come within 24 hours),
    // and one booking begins.
    await app.close();
    for (const [index, id] of [kept._id, moved._id].entries()) {
      db()
        .update(bookings)
        .set({ startsAt: new Date(Date.now() + (index + 1) * 3_600_000) })
        .where(eq(bookings.id, id))
        .run();
    }
    db()
      .update(bookings)
      .set({ startsAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, begun._id))
      .run();
    const before = mailsTo(smtp, customer.email).length;

    const startedAt = Date.now();
    app = await salon.restart();
    await app.outbox.settled();
    const reminders = mailsTo(smtp, customer.email)
      .slice(before)
      .filter((mail) => mail.subject?.startsWith('Reminder:'));
    expect(reminders).toHaveLength(2);
    const movedTime = '3:00 PM';
    expect(reminders.filter((mail) => mail.subject?.includes(movedTime))).toHaveLength(1);
    expect(reminders.filter((mail) => mail.subject?.includes('10:00 AM'))).toHaveLength(1);
    expect(reminders.every((mail) => mail.text?.includes('http://salon.test/my-appointments'))).toBe(true);
    expect(reminderRows(begun._id).map((row) => [row.status, row.lastError])).toEqual([
      ['cancelled', 'The booking has begun.'],
    ]);
    console.log(
      `[guarantee] reminders: due while the server was down, sent ${String(Date.now() - startedAt)} ms after the restart (2 of 2); 0 for the cancelled, 0 for the old time of the moved, 0 for the one that had begun`,
    );
    admin = await signedIn(app, 'admin');
    customer = await createCustomer(app, db(), 'Rita Reminded');
  });

  it('arms the reminders of open bookings made before the outbox existed, once', async () => {
    const day = futureWorkday(env.config.timezone, 40);
    const old = bookingRow({
      day,
      time: '16:00',
      timeZone: env.config.timezone,
      userId: customer.id,
      serviceId: idOfService(db(), 'Classic Manicure'),
      specialistId: idOfSpecialist(db(), 'Maya Chen'),
    });
    const closed = {
      ...bookingRow({
        day,
        time: '17:00',
        timeZone: env.config.timezone,
        userId: customer.id,
        serviceId: old.serviceId,
        specialistId: old.specialistId,
      }),
      status: 'cancelled' as const,
    };
    db().insert(bookings).values([old, closed]).run();
    for (let start = 0; start < 2; start++) {
      const restarted = await buildApp({
        config: env.config,
        database: env.database,
        clientDir: null,
        delivery: QUICK,
      });
      await restarted.close();
    }
    expect(reminderRows(old.id).map((row) => [row.status, row.dueAt.getTime()])).toEqual([
      ['pending', old.startsAt.getTime() - 24 * 3_600_000],
    ]);
    expect(reminderRows(closed.id)).toEqual([]);
  });

  it('moves the reminders already armed when REMINDER_HOURS changes: one now due goes out at once', async () => {
    const later = await book(customer, futureWorkday(env.config.timezone, 10), '17:00');
    const farAhead = await book(customer, futureWorkday(env.config.timezone, 45), '17:00');
    const startsAt =
      db()
        .select({ startsAt: bookings.startsAt })
        .from(bookings)
        .where(eq(bookings.id, later._id))
        .get()
        ?.startsAt.getTime() ?? 0;
    const pendingDue = () =>
      reminderRows(later._id)
        .filter((row) => row.status === 'pending')
        .map((row) => row.dueAt.getTime());
    expect(pendingDue()).toEqual([startsAt - 24 * 3_600_000]);
    const restart = async (reminderHours: number) => {
      app = await salon.restart({ reminderHours });
      await app.outbox.settled();
      // The same customer, in a browser of the restarted server.
      const client = new TestClient(app);
      expect(
        (await client.rest('POST', '/users/login', { email: customer.email, password: 'booking-pass' })).status,
      ).toBe(200);
      customer = { ...customer, client };
    };
    const remindersTo = () =>
      mailsTo(smtp, customer.email).filter((mail) => mail.subject?.startsWith('Reminder:')).length;

    // 48 hours: the reminder waits, a day earlier than before.
    await restart(48);
    expect(pendingDue()).toEqual([startsAt - 48 * 3_600_000]);
    // 400 hours (more than the 10 days ahead): due now, and it goes out at once.
    const before = remindersTo();
    const restartedAt = Date.now();
    await restart(400);
    expect(remindersTo()).toBe(before + 1);
    expect(reminderRows(later._id).map((row) => row.status)).toEqual(['sent']);
    console.log(
      `[guarantee] reminders: REMINDER_HOURS raised from 24 to 400 at a restart: the reminder of a booking 10 days ahead went out ${String(Date.now() - restartedAt)} ms after the start`,
    );

    // The one 45 days ahead waits, now 400 hours before it.
    const farStart =
      db()
        .select({ startsAt: bookings.startsAt })
        .from(bookings)
        .where(eq(bookings.id, farAhead._id))
        .get()
        ?.startsAt.getTime() ?? 0;
    expect(reminderRows(farAhead._id).map((row) => [row.status, row.dueAt.getTime()])).toEqual([
      ['pending', farStart - 400 * 3_600_000],
    ]);

    // Reminders off: a waiting one is cancelled. Back on: it is armed again at the setting.
    await restart(0);
    expect(reminderRows(farAhead._id).map((row) => [row.status, row.lastError])).toEqual([
      ['cancelled', 'Reminders are turned off.'],
    ]);
    await restart(24);
    expect(
      reminderRows(farAhead._id)
        .filter((row) => row.status === 'pending')
        .map((row) => row.dueAt.getTime()),
    ).toEqual([farStart - 24 * 3_600_000]);
    admin = await signedIn(app, 'admin');
  });

  it('arms no reminder for a booking made inside the reminder window', async () => {
    const soon = await createTestEnvironment({ seed: true, env: { REMINDER_HOURS: '720' } });
    const other = await buildApp({ config: soon.config, database: soon.database, clientDir: null, delivery: QUICK });
    try {
      const someone = await createCustomer(other, soon.database.db, 'Sam Soon');
      const booked = await book(someone, futureWorkday(soon.config.timezone, 3), '10:00');
      expect(
        soon.database.db
          .select()
          .from(messages)
          .where(and(eq(messages.bookingId, booked._id), eq(messages.kind, 'reminder')))
          .all(),
      ).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('asks for a review once, a while after the booking is completed and over, linking to that service’s review form', async () => {
    const done = await book(customer, futureWorkday(env.config.timezone, 34), '14:00');
    const requests = () =>
      db()
        .select()
        .from(messages)
        .where(and(eq(messages.bookingId, done._id), eq(messages.kind, 'review-request')))
        .all();
    expect((await admin.rest('PATCH', `/admin/bookings/${done._id}/status`, { status: 'completed' })).status).toBe(200);
    const [request] = requests();
    expect(request?.status).toBe('pending');
    // Marked completed weeks ahead (paid in advance, say): asked two hours after it ends, not now.
    const row = db().select().from(bookings).where(eq(bookings.id, done._id)).get();
    const ends = (row?.startsAt.getTime() ?? 0) + (row?.durationMinutes ?? 0) * 60_000;
    expect(request?.dueAt.getTime()).toBe(ends + 2 * 3_600_000);
    // Completed again later: still one request.
    expect((await admin.rest('PATCH', `/admin/bookings/${done._id}/status`, { status: 'confirmed' })).status).toBe(200);
    expect((await admin.rest('PATCH', `/admin/bookings/${done._id}/status`, { status: 'completed' })).status).toBe(200);
    expect(requests()).toHaveLength(1);

    db().update(messages).set({ dueAt: new Date() }).where(eq(messages.kind, 'review-request')).run();
    app.outbox.wake();
    const mail = await smtp.waitForMail(customer.email);
    const skipConfirmations = async (first: typeof mail): Promise<typeof mail> =>
      first.subject?.startsWith('How was your') ? first : skipConfirmations(await smtp.waitForMail(customer.email));
    const asked = await skipConfirmations(mail);
    expect(asked.subject).toBe('How was your Classic Manicure?');
    expect(asked.text).toContain(`http://salon.test/service?review=${idOfService(db(), 'Classic Manicure')}#review`);
    await app.outbox.settled();
    expect(requests()[0]?.status).toBe('sent');
  });

  it('tells the salon of new, moved and cancelled bookings, unless switched off in Settings', async () => {
    const salon = 'hello@salon.test';
    const day = futureWorkday(env.config.timezone, 36);
    const before = mailsTo(smtp, salon).length;
    const made = await book(customer, day, '09:00');
    await app.outbox.settled();
    const notices = () => mailsTo(smtp, salon).slice(before);
    expect(notices().map((mail) => mail.subject)).toEqual([
      `New booking: Rita Reminded, Classic Manicure at 9:00 AM on ${longDay(day)}`,
    ]);
    expect(notices()[0]?.text).toContain(customer.email);
    expect(notices()[0]?.text).toContain(`http://salon.test/admin/calendar?date=${day}`);
    expect(
      (await customer.client.rest('PATCH', `/users/appointment/${made._id}`, { bookingDate: day, timeSlot: '10:30' }))
        .status,
    ).toBe(200);
    expect((await customer.client.rest('PATCH', `/users/appointment/${made._id}/cancel`)).status).toBe(200);
    await app.outbox.settled();
    expect(notices().map((mail) => mail.subject?.split(':')[0])).toEqual([
      'New booking',
      'Booking moved',
      'Booking cancelled',
    ]);

    const off = await admin.rest<{ notifyBookings: boolean; salonEmail: string }>('PUT', '/admin/notifications', {
      notifyBookings: false,
    });
    expect(off.body.data).toMatchObject({ notifyBookings: false, salonEmail: salon });
    await book(customer, day, '14:00');
    await app.outbox.settled();
    expect(notices()).toHaveLength(3);
    expect((await admin.rest('PUT', '/admin/notifications', { notifyBookings: 'yes' })).status).toBe(400);
    expect((await admin.rest('GET', '/admin/notifications')).body.data).toMatchObject({ notifyBookings: false });
  });
});

/** "Tuesday 01/12/2026", as the mails write a day. */
function longDay(day: string): string {
  const [year = '', month = '', date = ''] = day.split('-');
  const weekday = new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'UTC' });
  return `${weekday} ${date}/${month}/${year}`;
}

describe('webhooks', () => {
  let env: TestEnvironment;
  let app: FastifyInstance;
  let admin: TestClient;
  let receiver: WebhookReceiver;
  let customer: TestCustomer;

  const salon = useTestApp({
    webhooks: true,
    admin: true,
    delivery: { ...QUICK, retry: { firstWaitMs: 100, maxWaitMs: 200, maxAttempts: 3 } },
  });
  beforeAll(async () => {
    ({ env, app, hooks: receiver, admin } = salon);
    customer = await createCustomer(app, env.database.db, 'Wendy Webhook');
  });

  const db = () => env.database.db;
  const day = () => futureWorkday(env.config.timezone, 38);

  it('posts subscribed events signed with the endpoint’s secret, and retries a 500', async () => {
    const created = await admin.rest<{ _id: string; secret: string; events: string[] }>('POST', '/admin/webhooks', {
      url: `${receiver.url}/hooks`,
      events: ['booking.created', 'booking.cancelled'],
    });
    expect(created.status).toBe(201);
    expect(created.body.data.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    // The secret is shown once: the list never carries it.
    const listed = await admin.rest<unknown[]>('GET', '/admin/webhooks');
    expect(JSON.stringify(listed.body.data)).not.toContain(created.body.data.secret);

    receiver.answerWith(500);
    const booking = await book(customer, day(), '10:00');
    const [failed, delivered] = await receiver.waitFor(2);
    // The retry is the same message: same id and body, and a valid signature each time.
    expect(delivered?.headers['webhook-id']).toBe(failed?.headers['webhook-id']);
    expect(delivered?.body).toBe(failed?.body);
    const verifier = new Webhook(created.body.data.secret);
    const payload = verifier.verify(delivered?.body ?? '', delivered?.headers as Record<string, string>) as {
      type: string;
      data: Booking;
    };
    expect(payload.type).toBe('booking.created');
    expect(payload.data).toMatchObject({ _id: booking._id, status: 'pending', bookingDate: booking.bookingDate });
    // Tampered bodies do not verify.
    expect(() =>
      verifier.verify(
        (delivered?.body ?? '').replace('pending', 'confirmed'),
        delivered?.headers as Record<string, string>,
      ),
    ).toThrow();
    await app.outbox.settled();
    const row = db()
      .select()
      .from(messages)
      .where(eq(messages.id, String(delivered?.headers['webhook-id'])))
      .get();
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastCode: 200, channel: 'webhook' });

    // An event it did not pick is not sent; one it picked is.
    expect(
      (
        await customer.client.rest('PATCH', `/users/appointment/${booking._id}`, {
          bookingDate: booking.bookingDate,
          timeSlot: '11:30',
        })
      ).status,
    ).toBe(200);
    expect((await customer.client.rest('PATCH', `/users/appointment/${booking._id}/cancel`)).status).toBe(200);
    const [, , cancelled] = await receiver.waitFor(3);
    expect((JSON.parse(cancelled?.body ?? '{}') as { type: string }).type).toBe('booking.cancelled');
    await app.outbox.settled();
    await sleep(200);
    expect(receiver.received).toHaveLength(3);

    // The endpoint's list shows its last delivery; a test event goes out on request.
    const test = await admin.rest<{ messageId: string }>('POST', `/admin/webhooks/${created.body.data._id}/test`);
    expect(test.status).toBe(200);
    const [, , , tested] = await receiver.waitFor(4);
    expect((JSON.parse(tested?.body ?? '{}') as { type: string }).type).toBe('webhook.test');
    await app.outbox.settled();
    const after = await admin.rest<{ _id: string; lastDelivery: { status: string; code: number } }[]>(
      'GET',
      '/admin/webhooks',
    );
    expect(after.body.data.find((endpoint) => endpoint._id === created.body.data._id)?.lastDelivery).toMatchObject({
      status: 'sent',
      code: 200,
    });
    expect((await admin.rest('DELETE', `/admin/webhooks/${created.body.data._id}`)).status).toBe(200);
  });

  it('refuses private, loopback and plain-http endpoints unless their host is allowed, at creation and at delivery', async () => {
    for (const url of [
      'https://10.1.2.3/hook',
      'https://127.0.0.2/hook',
      'https://[::1]/hook',
      'https://169.254.169.254/latest',
      'https://localhost/hook',
    ]) {
      const refused = await admin.rest('POST', '/admin/webhooks', { url, events: ['booking.created'] });
      expect(refused.status, url).toBe(400);
      expect(JSON.stringify(refused.body), url).toMatch(/private or loopback address/);
    }
    const plain = await admin.rest('POST', '/admin/webhooks', {
      url: 'http://example.com/hook',
      events: ['booking.created'],
    });
    expect(plain.status).toBe(400);
    expect(JSON.stringify(plain.body)).toContain('https://');
    expect(
      (await admin.rest('POST', '/admin/webhooks', { url: 'ftp://example.com/x', events: ['booking.created'] })).status,
    ).toBe(400);
    expect((await admin.rest('POST', '/admin/webhooks', { url: `${receiver.url}/x`, events: [] })).status).toBe(400);
    expect(
      (await admin.rest('POST', '/admin/webhooks', { url: `${receiver.url}/x`, events: ['booking.exploded'] })).status,
    ).toBe(400);
    expect(db().select().from(webhookEndpoints).all()).toEqual([]);

    // An endpoint that got in some other way (an older version, a hand edit) is still refused when sending.
    const id = newId();
    db()
      .insert(webhookEndpoints)
      .values({
        id,
        url: 'https://127.0.0.2:9/hook',
        events: JSON.stringify(['booking.created']),
        secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      })
      .run();
    await book(customer, day(), '15:00');
    await app.outbox.settled();
    const row = db().select().from(messages).where(eq(messages.endpointId, id)).get();
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row?.lastError).toMatch(/private or loopback address/);
    db().delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).run();
  });

  it('lists messages with their status and sends a failed one again', async () => {
    const created = await admin.rest<{ _id: string }>('POST', '/admin/webhooks', {
      url: `${receiver.url}/flaky`,
      events: ['booking.created'],
    });
    const seen = receiver.received.length;
    receiver.answerWith(503, 503, 503);
    await book(customer, day(), '16:30');
    await receiver.waitFor(seen + 3);
    await app.outbox.settled();
    const failedPage = await admin.rest<MessagePage>('GET', '/admin/messages?status=failed&limit=5');
    expect(failedPage.status).toBe(200);
    const failed = failedPage.body.data.messages.find((message) => message.recipient === `${receiver.url}/flaky`);
    expect(failed).toMatchObject({ kind: 'webhook', status: 'failed', attempts: 3, lastCode: 503, resendable: true });
    expect(failedPage.body.data.counts.failed).toBeGreaterThanOrEqual(1);
    // A manager sees where it went, not the whole address (only the owner manages webhooks).
    const rita = db().select({ id: admins.id }).from(admins).where(eq(admins.email, 'reception@salon.test')).get();
    expect((await admin.rest('PATCH', `/admin/team/${rita?.id ?? ''}`, { role: 'manager' })).status).toBe(200);
    const manager = new TestClient(app);
    expect(
      (await manager.rest('POST', '/admin/login', { email: 'reception@salon.test', password: 'reception123' })).status,
    ).toBe(200);
    const managersPage = await manager.rest<MessagePage>('GET', '/admin/messages?status=failed&limit=5');
    const seenByManager = managersPage.body.data.messages.find((message) => message._id === failed?._id);
    expect(seenByManager?.recipient).toBe(new URL(receiver.url).host);
    expect(JSON.stringify(managersPage.body.data)).not.toContain('/flaky');
    expect((await admin.rest('PATCH', `/admin/team/${rita?.id ?? ''}`, { role: 'reception' })).status).toBe(200);

    const resent = await admin.rest('POST', `/admin/messages/${failed?._id ?? ''}/resend`);
    expect(resent.status).toBe(200);
    await receiver.waitFor(seen + 4);
    await app.outbox.settled();
    expect(
      db()
        .select()
        .from(messages)
        .where(eq(messages.id, failed?._id ?? ''))
        .get(),
    ).toMatchObject({ status: 'sent', lastCode: 200 });
    // Only a failed message can be sent again.
    const again = await admin.rest('POST', `/admin/messages/${failed?._id ?? ''}/resend`);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Only a failed message can be sent again.');
    expect((await admin.rest('GET', '/admin/messages?limit=101')).status).toBe(400);
    await admin.rest('DELETE', `/admin/webhooks/${created.body.data._id}`);
  });
});
