// Reminder e-mails (reminders and review requests) over real HTTP and a real SMTP server: each
// carries a one-click unsubscribe (RFC 8058) that a mail provider's POST and the page's button
// both honour, every mail says it is automated, and My account's switch turns them off and on.
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ParsedMail } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '@/shared/schemas/bookings';
import type { BuildAppOptions } from '@/server/app';
import { bookings, messages, users } from '@/server/db/schema';
import { useTestApp } from '@/server/test/app';
import { createCustomer, futureWorkday, type TestCustomer } from '@/server/test/bookings';
import { signedIn } from '@/server/test/catalogue';
import type { TestClient } from '@/server/test/http';
import type { TestSmtpServer } from '@/server/test/smtp';
import type { TestEnvironment } from '@/server/test/test-db';

const QUICK: BuildAppOptions['delivery'] = {
  retry: { firstWaitMs: 100, maxWaitMs: 300, maxAttempts: 100 },
  pollMs: 100,
};

/** A header as the message carried it (mailparser makes objects of some List-* headers). */
const headerOf = (mail: ParsedMail, name: string): string | undefined =>
  mail.headerLines.find((line) => line.key === name)?.line.replace(/^[^:]+:\s*/, '');

describe('reminder e-mails and their one-click unsubscribe', () => {
  let env: TestEnvironment;
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  let admin: TestClient;
  let slot = 0;
  const db = () => env.database.db;

  const salon = useTestApp({
    smtp: true,
    env: { REMINDER_HOURS: '24', REVIEW_REQUEST_HOURS: '2' },
    admin: true,
    delivery: QUICK,
  });
  beforeAll(() => {
    ({ env, app, smtp, admin } = salon);
  });

  async function book(customer: TestCustomer): Promise<Booking> {
    const times = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00'];
    const day = futureWorkday(env.config.timezone, 20 + Math.floor(slot / times.length), [
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
    ]);
    const answer = await customer.client.rest<Booking>('POST', '/users/appointment', {
      bookingDate: day,
      timeSlot: times[slot++ % times.length],
      service: 'Classic Manicure',
      specialist: 'Maya Chen',
    });
    expect(answer.status, answer.body.message).toBe(201);
    return answer.body.data;
  }
  const rowsOf = (bookingId: string, kind: 'reminder' | 'review-request') =>
    db()
      .select()
      .from(messages)
      .where(and(eq(messages.bookingId, bookingId), eq(messages.kind, kind)))
      .all();
  /** The reminder of `booking` falls due now and is sent. */
  async function remindNow(customer: TestCustomer, booking: Booking): Promise<ParsedMail> {
    db()
      .update(messages)
      .set({ dueAt: new Date() })
      .where(and(eq(messages.bookingId, booking._id), eq(messages.kind, 'reminder')))
      .run();
    app.outbox.wake();
    await app.outbox.settled();
    const mail = smtp.messages
      .filter((one) => JSON.stringify(one.to).includes(customer.email) && one.subject?.startsWith('Reminder:'))
      .at(-1);
    if (!mail) throw new Error('no reminder sent');
    return mail;
  }

  it('sends reminders with a working one-click unsubscribe, and sends none after it', async () => {
    const customer = await createCustomer(app, db(), 'Una Subscribe');
    const first = await book(customer);
    const second = await book(customer);
    const reminder = await remindNow(customer, first);

    const link = /^<(http:\/\/salon\.test\/unsubscribe\/[a-z2-7]+)>$/.exec(
      headerOf(reminder, 'list-unsubscribe') ?? '',
    )?.[1];
    expect(link).toBeDefined();
    expect(headerOf(reminder, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(headerOf(reminder, 'auto-submitted')).toBe('auto-generated');
    expect(reminder.text).toContain(link);
    expect(reminder.html).toContain(`href="${link ?? ''}"`);
    const path = new URL(link ?? '').pathname;

    // Opening the link (or a scanner following it) changes nothing; a wrong token is refused.
    await app.inject({ method: 'GET', url: path });
    expect((await customer.client.rest('GET', '/users/me/reminder-mails')).body.data).toEqual({ reminderMails: true });
    const wrong = await app.inject({
      method: 'POST',
      url: '/unsubscribe/notatoken',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect([wrong.statusCode, wrong.body]).toEqual([404, 'This unsubscribe link is not valid.']);

    // The mail provider's button: a form POST from its own servers.
    const oneClick = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toBe(
      'You will get no more reminders or review requests by e-mail. You can turn them on again in My account.',
    );
    expect((await customer.client.rest('GET', '/users/me/reminder-mails')).body.data).toEqual({ reminderMails: false });
    // The other booking's reminder will not go out; a completed booking gets no review request.
    expect(rowsOf(second._id, 'reminder').map((row) => [row.status, row.lastError])).toEqual([
      ['cancelled', 'The customer turned reminder e-mails off.'],
    ]);
    expect((await admin.rest('PATCH', `/admin/bookings/${second._id}/status`, { status: 'completed' })).status).toBe(
      200,
    );
    expect(rowsOf(second._id, 'review-request')).toEqual([]);
    // Twice is harmless, as multipart too (RFC 8058 prefers it).
    const form = new FormData();
    form.append('List-Unsubscribe', 'One-Click');
    const encoded = new Response(form);
    const again = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(again.statusCode).toBe(200);
    console.log(
      '[guarantee] reminder e-mails: one-click unsubscribe (RFC 8058) in every reminder and review request; a provider’s POST turns them off at once, a GET never',
    );
  });

  it('turns reminders off and on in My account, and re-arms the ones ahead', async () => {
    const customer = await createCustomer(app, db(), 'Otto Toggle');
    const booking = await book(customer);
    expect(rowsOf(booking._id, 'reminder').map((row) => row.status)).toEqual(['pending']);
    const off = await customer.client.trpc('mutation', 'customer.account.updateReminderMails', {
      reminderMails: false,
    });
    expect(off.data).toEqual({ reminderMails: false });
    expect(rowsOf(booking._id, 'reminder').map((row) => row.status)).toEqual(['cancelled']);
    // A booking made while they are off is not reminded.
    const later = await book(customer);
    expect(rowsOf(later._id, 'reminder')).toEqual([]);
    const on = await customer.client.rest('PUT', '/users/me/reminder-mails', { reminderMails: true });
    expect([on.status, on.body.data]).toEqual([200, { reminderMails: true }]);
    for (const id of [booking._id, later._id])
      expect(rowsOf(id, 'reminder').filter((row) => row.status === 'pending')).toHaveLength(1);
    const bad = await customer.client.rest('PUT', '/users/me/reminder-mails', { reminderMails: 'sometimes' });
    expect(bad.status).toBe(400);
  });

  it('drops a waiting reminder when it falls due if its customer turned reminders off meanwhile', async () => {
    const customer = await createCustomer(app, db(), 'Sly Slipped');
    const booking = await book(customer);
    // Turned off by another process's write that did not cancel the row (an older server, a script).
    db().update(users).set({ unsubscribedAt: new Date() }).where(eq(users.id, customer.id)).run();
    db()
      .update(messages)
      .set({ dueAt: new Date() })
      .where(and(eq(messages.bookingId, booking._id), eq(messages.kind, 'reminder')))
      .run();
    app.outbox.wake();
    await app.outbox.settled();
    expect(rowsOf(booking._id, 'reminder').map((row) => [row.status, row.lastError])).toEqual([
      ['cancelled', 'The customer turned reminder e-mails off.'],
    ]);
    expect(
      db().select({ status: bookings.status }).from(bookings).where(eq(bookings.id, booking._id)).get()?.status,
    ).toBe('pending');
  });

  it('at the next start, links the reminders an older server wrote, and keeps a retry’s wait', async () => {
    const customer = await createCustomer(app, db(), 'Olga Older');
    const [old, retrying] = [await book(customer), await book(customer)];
    const reminderOf = (id: string) => rowsOf(id, 'reminder')[0];
    // As a server before the link wrote it; and one whose send failed, waiting ten minutes to try again.
    db().run(
      sql`UPDATE messages SET payload = json_remove(payload, '$.unsubscribeLink') WHERE booking_id = ${old._id} AND kind = 'reminder'`,
    );
    const retryAt = new Date(Date.now() + 10 * 60_000);
    db()
      .update(messages)
      .set({ attempts: 1, dueAt: retryAt })
      .where(and(eq(messages.bookingId, retrying._id), eq(messages.kind, 'reminder')))
      .run();
    expect(reminderOf(old._id)?.payload).not.toContain('unsubscribeLink');

    app = await salon.restart();
    admin = await signedIn(app, 'admin');
    expect(JSON.parse(reminderOf(old._id)?.payload ?? '{}')).toMatchObject({
      unsubscribeLink: expect.stringMatching(/^http:\/\/salon\.test\/unsubscribe\/[a-z2-7]+$/) as unknown,
    });
    expect(reminderOf(retrying._id)?.dueAt.getTime()).toBe(retryAt.getTime());
  });

  it('marks every mail it sends as automated', async () => {
    const customer = await createCustomer(app, db(), 'Ada Auto');
    await book(customer);
    const confirmation = await smtp.waitForMail(customer.email);
    expect(headerOf(confirmation, 'auto-submitted')).toBe('auto-generated');
    expect(headerOf(confirmation, 'list-unsubscribe')).toBeUndefined();
  });
});
