// Deleting a customer's account over HTTP, with a real SMTP server and a real webhook
// receiver: upcoming bookings cancelled with the usual mails, reviews kept as "Former customer",
// and afterwards not one table of the database holding the customer's name, e-mail or phone.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '@/shared/schemas/bookings';
import type { Review } from '@/shared/schemas/reviews';
import type { BuildAppOptions } from '@/server/app';
import { recall, remember } from '@/server/catalogue/cache';
import { newId } from '@/server/db/ids';
import {
  bookings,
  messages,
  otpCodes,
  passwordResetTokens,
  sessions,
  users,
  webhookEndpoints,
} from '@/server/db/schema';
import { useTestApp } from '@/server/test/app';
import { jpegDataUrl } from '@/server/test/catalogue';
import { updateCustomerProfile } from './profile';
import { bookingRow, createCustomer, futureWorkday, idOfService, idOfSpecialist } from '@/server/test/bookings';
import { TestClient } from '@/server/test/http';
import { codeIn, type TestSmtpServer } from '@/server/test/smtp';
import type { TestEnvironment } from '@/server/test/test-db';
import { until } from '@/server/test/until';
import type { WebhookReceiver } from '@/server/test/webhook-receiver';

/** Short retry waits, so nothing lingers in the outbox. */
const QUICK: BuildAppOptions['delivery'] = {
  retry: { firstWaitMs: 100, maxWaitMs: 300, maxAttempts: 100 },
  pollMs: 100,
};

/** `YYYY-MM-DD` and `HH:MM` of an instant in the salon's zone. */
function localDayAndTime(instant: Date, timeZone: string): { day: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

describe('deleting a customer account', () => {
  let env: TestEnvironment;
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  let hooks: WebhookReceiver;
  let admin: TestClient;
  let counter = 0;
  const db = () => env.database.db;
  const zone = () => env.config.timezone;

  const salon = useTestApp({ smtp: true, webhooks: true, admin: true, delivery: QUICK });
  beforeAll(async () => {
    ({ env, app, smtp, hooks, admin } = salon);
    const endpoint = await admin.rest('POST', '/admin/webhooks', {
      url: `${hooks.url}/salon`,
      events: ['booking.cancelled', 'review.created'],
    });
    expect(endpoint.status).toBe(201);
  });

  /** Every row of every table (FTS shadow tables included), as text: what a copy of the file would give away. */
  function databaseText(): string {
    const sqlite = env.database.sqlite;
    const tables = sqlite
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .all();
    const dump: string[] = [];
    for (const { name } of tables) {
      for (const row of sqlite
        .prepare<[], Record<string, unknown>>(`SELECT * FROM "${name.replaceAll('"', '""')}"`)
        .all()) {
        const values = Object.values(row).map((value) =>
          Buffer.isBuffer(value) ? value.toString('latin1') : String(value),
        );
        dump.push(`${name}: ${values.join(' | ')}`);
      }
    }
    return dump.join('\n');
  }

  /** A customer signed up through the product (a stored picture, used codes), logged in. */
  async function signUp(fullName: string, phone: string) {
    const email = `leaving${++counter}-${Date.now()}@example.test`;
    const browser = new TestClient(app, { 'x-forwarded-for': `198.51.100.${String(counter)}` });
    expect((await browser.rest('POST', '/otp/send-otp', { email })).status).toBe(200);
    const otp = codeIn((await smtp.waitForMail(email)).text);
    expect((await browser.rest('POST', '/otp/verify-otp', { email, otp })).status).toBe(200);
    const form = new FormData();
    const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#7048e8' } })
      .png()
      .toBuffer();
    form.append('avatar', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'me.png');
    for (const [name, value] of Object.entries({ fullName, email, password: 'leaving-pass', phone }))
      form.append(name, value);
    const registered = await browser.rest<{ _id: string; avatar: { url: string } }>('POST', '/users/register', form);
    expect(registered.status).toBe(201);
    expect((await browser.rest('POST', '/users/login', { email, password: 'leaving-pass' })).status).toBe(200);
    return {
      client: browser,
      id: registered.body.data._id,
      email,
      fullName,
      phone,
      avatarUrl: registered.body.data.avatar.url,
    };
  }

  const bookingsOf = (userId: string) => db().select().from(bookings).where(eq(bookings.userId, userId)).all();

  it('cancels the upcoming bookings with the usual mails, keeps reviews as "Former customer", and leaves no personal data in any table', async () => {
    const zelda = await signUp('Zelda Quixote-Marlowe', '9123456789');
    const other = await createCustomer(app, db(), 'Otto Staying');
    const serviceId = idOfService(db(), 'Classic Manicure');
    const specialistId = idOfSpecialist(db(), 'Maya Chen');

    // Two bookings ahead (one confirmed by the salon), one starting within the cut-off, one
    // completed (its review request still waiting), and one long past.
    const day = futureWorkday(zone(), 45);
    const book = async (timeSlot: string) => {
      const made = await zelda.client.rest<Booking>('POST', '/users/appointment', {
        bookingDate: day,
        timeSlot,
        service: 'Classic Manicure',
        specialist: 'Maya Chen',
      });
      expect(made.status, made.body.message).toBe(201);
      return made.body.data._id;
    };
    const pendingAhead = await book('10:00');
    const confirmedAhead = await book('11:00');
    const completed = await book('12:00');
    expect(
      (await admin.rest('PATCH', `/admin/bookings/${confirmedAhead}/status`, { status: 'confirmed' })).status,
    ).toBe(200);
    expect((await admin.rest('PATCH', `/admin/bookings/${completed}/status`, { status: 'completed' })).status).toBe(
      200,
    );
    // About an hour ahead, at 7 past a ten-minute mark: off the slot grid the demo salon's own
    // bookings start on, so it never meets one of Anna's (one live booking per specialist and start).
    const hourAhead = Date.now() + 60 * 60_000;
    const soonStart = new Date(hourAhead - (hourAhead % 600_000) + 7 * 60_000);
    const soonAt = localDayAndTime(soonStart, zone());
    const soon = bookingRow({
      userId: zelda.id,
      serviceId,
      specialistId: idOfSpecialist(db(), 'Anna Petrova'),
      day: soonAt.day,
      time: soonAt.time,
      timeZone: zone(),
      firstName: 'Zelda',
      lastName: 'Quixote-Marlowe',
      status: 'confirmed',
    });
    const past = bookingRow({
      userId: zelda.id,
      serviceId,
      specialistId,
      day: '2026-01-15',
      time: '10:00',
      timeZone: zone(),
      firstName: 'Zelda',
      lastName: 'Quixote-Marlowe',
      status: 'confirmed',
      price: 40,
    });
    db()
      .insert(bookings)
      .values([
        { ...soon, email: zelda.email, phone: zelda.phone },
        { ...past, email: zelda.email, phone: zelda.phone },
      ])
      .run();

    // A review, approved; a reset link asked for; a new address tried but never confirmed; a second browser.
    const review = await zelda.client.rest<Review>('POST', `/reviews/${serviceId}`, {
      service: serviceId,
      rating: 5,
      comment: 'Wonderful hands, lovely tea.',
    });
    expect(review.status).toBe(201);
    expect((await admin.rest('PATCH', `/admin/reviews/${review.body.data._id}/approve`)).status).toBe(200);
    expect((await new TestClient(app).rest('POST', '/users/forgot-password', { email: zelda.email })).status).toBe(200);
    await smtp.waitForMail(zelda.email);
    // She moved to a new address (the sign-up code and the reset link went to the first one), and
    // asked for a code for a third one she never confirmed.
    const firstAddress = zelda.email;
    const currentAddress = `zelda.now${String(counter)}@example.test`;
    expect((await zelda.client.rest('POST', '/users/change-email/send-otp', { email: currentAddress })).status).toBe(
      200,
    );
    const moved = await zelda.client.rest('POST', '/users/change-email', {
      email: currentAddress,
      otp: codeIn((await smtp.waitForMail(currentAddress)).text),
      currentPassword: 'leaving-pass',
    });
    expect(moved.status).toBe(200);
    await until('the notice to the first address', () =>
      smtp.messages.some(
        (mail) => mail.subject === 'Your e-mail address was changed' && JSON.stringify(mail.to).includes(firstAddress),
      ),
    );
    const triedAddress = `zelda.elsewhere${String(counter)}@example.test`;
    expect((await zelda.client.rest('POST', '/users/change-email/send-otp', { email: triedAddress })).status).toBe(200);
    await smtp.waitForMail(triedAddress);
    const secondBrowser = new TestClient(app);
    expect(
      (await secondBrowser.rest('POST', '/users/login', { email: currentAddress, password: 'leaving-pass' })).status,
    ).toBe(200);
    await app.outbox.settled();
    const avatarFile = join(env.config.uploadsDir, new URL(zelda.avatarUrl).pathname.split('/').pop() ?? '');
    expect(existsSync(avatarFile)).toBe(true);
    const hooksBefore = hooks.received.length;
    const mailsBefore = smtp.messages.length;

    // Deleted through the REST path beside the spec's.
    const deleted = await zelda.client.request('DELETE', '/api/v1/users/me', { password: 'leaving-pass' });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({
      statusCode: 200,
      data: { message: 'Your account has been deleted.' },
      message: 'Your account has been deleted.',
      success: true,
    });
    expect(String(deleted.headers['set-cookie'])).toMatch(/salon_session=;/);

    // The three bookings ahead are cancelled, the one within the cut-off too; the others keep their status.
    const statusOf = (id: string) => bookingsOf(zelda.id).find((row) => row.id === id)?.status;
    expect([statusOf(pendingAhead), statusOf(confirmedAhead), statusOf(soon.id)]).toEqual([
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    expect([statusOf(completed), statusOf(past.id)]).toEqual(['completed', 'confirmed']);

    // The customer's cancellation mails and the salon's notices went out, as when a customer cancels, and the webhooks.
    const cancelledHooks = (await hooks.waitFor(hooksBefore + 3))
      .slice(hooksBefore)
      .map((hook) => JSON.parse(hook.body) as { type: string });
    expect(cancelledHooks.map((hook) => hook.type)).toEqual([
      'booking.cancelled',
      'booking.cancelled',
      'booking.cancelled',
    ]);
    await until('six mails', () => smtp.messages.length >= mailsBefore + 6);
    await app.outbox.settled();
    const sentSince = smtp.messages.slice(mailsBefore);
    const to = (address: string) => sentSince.filter((mail) => JSON.stringify(mail.to).includes(address));
    // Nothing else reached the customer: the review request waiting for the completed booking was dropped.
    // The bookings ahead made with the first address followed her to the current one; the one written
    // with the first address behind the product's back (within the cut-off) did not, and its mail goes there.
    const toHer = [...to(currentAddress), ...to(firstAddress)];
    expect(toHer).toHaveLength(3);
    expect(toHer.every((mail) => mail.subject?.startsWith('Booking cancelled: Classic Manicure on '))).toBe(true);
    expect(toHer.every((mail) => (mail.text ?? '').includes('Your booking has been cancelled, as you asked.'))).toBe(
      true,
    );
    const notices = to('hello@salon.test').map((mail) => mail.subject ?? '');
    expect(notices).toHaveLength(3);
    expect(notices.every((subject) => subject.startsWith('Booking cancelled: Zelda Quixote-Marlowe'))).toBe(true);
    expect(sentSince).toHaveLength(6);
    const requests = db()
      .select()
      .from(messages)
      .where(and(eq(messages.kind, 'review-request'), eq(messages.bookingId, completed)))
      .all();
    expect(requests.map((row) => [row.status, row.recipient])).toEqual([['cancelled', '']]);

    // The review stays, signed "Former customer" without a picture, on every public listing.
    const publicReviews = await new TestClient(app).rest<Review[]>('GET', '/reviews');
    expect(publicReviews.body.data.find((listed) => listed._id === review.body.data._id)?.user).toEqual({
      _id: zelda.id,
      fullName: 'Former customer',
      avatar: null,
    });
    const viaTrpc = await new TestClient(app).trpc<Review[]>('query', 'public.reviews.list');
    expect(viaTrpc.data?.find((listed) => listed._id === review.body.data._id)?.user.fullName).toBe('Former customer');

    // Past bookings stay for the reports, anonymous.
    expect(bookingsOf(zelda.id)).toHaveLength(5);
    expect(
      bookingsOf(zelda.id).every(
        (row) => row.firstName === 'Former' && row.lastName === 'customer' && row.email === '' && row.phone === '',
      ),
    ).toBe(true);
    expect(bookingsOf(zelda.id).find((row) => row.id === past.id)?.price).toBe(40);

    // The tombstone, and nothing left to log in with.
    expect(db().select().from(users).where(eq(users.id, zelda.id)).get()).toMatchObject({
      fullName: 'Former customer',
      email: '',
      phone: '',
      avatarUrl: null,
      passwordHash: '',
      notes: '',
      deletedAt: expect.any(Date) as unknown,
    });
    expect(db().select().from(sessions).where(eq(sessions.userId, zelda.id)).all()).toEqual([]);
    expect(db().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, zelda.id)).all()).toEqual([]);
    expect(
      db()
        .select()
        .from(otpCodes)
        .where(inArray(otpCodes.email, [firstAddress, currentAddress, triedAddress]))
        .all(),
    ).toEqual([]);
    expect(existsSync(avatarFile)).toBe(false);

    // Not one table holds the name, the e-mail, the phone or the address tried.
    const text = databaseText().toLowerCase();
    for (const personal of [
      'Zelda Quixote-Marlowe',
      'Zelda',
      'Quixote',
      firstAddress,
      currentAddress,
      triedAddress,
      zelda.phone,
    ]) {
      expect(text.includes(personal.toLowerCase()), `the database still holds ${personal}`).toBe(false);
    }

    // The other customer is untouched.
    expect(
      db().select({ email: users.email, fullName: users.fullName }).from(users).where(eq(users.id, other.id)).get(),
    ).toEqual({ email: other.email, fullName: 'Otto Staying' });
    expect((await other.client.rest('GET', '/users/me')).status).toBe(200);
  });

  it('answers 401 to the deleted customer’s other sessions and never logs the old credentials in', async () => {
    const yara = await signUp('Yara Vanished', '9111222333');
    const elsewhere = new TestClient(app);
    expect((await elsewhere.rest('POST', '/users/login', { email: yara.email, password: 'leaving-pass' })).status).toBe(
      200,
    );

    const deleted = await yara.client.trpc<{ message: string }>('mutation', 'customer.account.deleteAccount', {
      password: 'leaving-pass',
    });
    expect(deleted.data).toEqual({ message: 'Your account has been deleted.' });
    expect(yara.client.cookies.has('salon_session')).toBe(false);

    for (const browser of [elsewhere, yara.client]) {
      expect((await browser.rest('GET', '/users/me')).status).toBe(401);
      expect((await browser.trpc('query', 'customer.account.me')).status).toBe(401);
      expect((await browser.trpc('query', 'customer.bookings.list')).status).toBe(401);
      expect((await browser.trpc('query', 'public.auth.session')).data).toEqual({ user: null });
    }
    const login = await new TestClient(app).rest('POST', '/users/login', {
      email: yara.email,
      password: 'leaving-pass',
    });
    expect(login.status).toBe(401);
    expect(login.body.message).toBe('Invalid email or password');
    // The address is free again: signing up with it gets a code, not "you already have an account".
    expect((await new TestClient(app).rest('POST', '/otp/send-otp', { email: yara.email })).status).toBe(200);
    expect((await smtp.waitForMail(yara.email)).text).toMatch(/verification code is: \d{4}/);
  });

  it('changes nothing when the password is wrong or missing', async () => {
    const walt = await signUp('Walt Hesitant', '9111222444');
    const day = futureWorkday(zone(), 50);
    const booked = await walt.client.rest<Booking>('POST', '/users/appointment', {
      bookingDate: day,
      timeSlot: '14:00',
      service: 'Classic Manicure',
      specialist: 'Maya Chen',
    });
    expect(booked.status).toBe(201);
    await app.outbox.settled();
    const before = databaseText();

    for (const body of [{ password: 'not-my-password' }, { password: '' }, {}]) {
      const refused = await walt.client.rest('DELETE', '/users/me', body);
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([{ path: 'password', message: 'Password is incorrect' }]);
    }
    const tooLong = await walt.client.rest('DELETE', '/users/me', { password: 'x'.repeat(129) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual([{ path: 'password', message: 'Password must be at most 128 characters' }]);
    const viaTrpc = await walt.client.trpc('mutation', 'customer.account.deleteAccount', { password: 'still-wrong' });
    expect(viaTrpc.status).toBe(400);
    expect(viaTrpc.error?.message).toBe('Password is incorrect');

    await app.outbox.settled();
    expect(databaseText()).toBe(before);
    expect((await walt.client.rest('GET', '/users/me')).status).toBe(200);
    expect(
      db()
        .select({ status: bookings.status })
        .from(bookings)
        .where(and(eq(bookings.userId, walt.id)))
        .all(),
    ).toEqual([{ status: 'pending' }]);
  });

  it('keeps no details of theirs in a message about their booking that fails for good, and drops the public pages’ cached copies', async () => {
    // An endpoint the delivery refuses at once (plain http to a host not allowed): its deliveries fail for good.
    const refusing = newId();
    db()
      .insert(webhookEndpoints)
      .values({
        id: refusing,
        url: 'http://refused.invalid/hook',
        events: JSON.stringify(['booking.cancelled']),
        secret: 'whsec_dGVzdHRlc3R0ZXN0dGVzdHRlc3R0ZXN0',
      })
      .run();
    try {
      const vera = await signUp('Vera Vanishing-Cache', '9111222555');
      const day = futureWorkday(zone(), 52);
      const booked = await vera.client.rest<Booking>('POST', '/users/appointment', {
        bookingDate: day,
        timeSlot: '15:00',
        service: 'Classic Manicure',
        specialist: 'Maya Chen',
      });
      expect(booked.status).toBe(201);
      await app.outbox.settled();
      // A rendered public page, cached with reviewers' names in it.
      remember(db(), 'page:/', 'a page naming Vera Vanishing-Cache');

      expect(
        (await vera.client.trpc('mutation', 'customer.account.deleteAccount', { password: 'leaving-pass' })).status,
      ).toBe(200);
      expect(recall(db(), 'page:/')).toBeUndefined();
      await app.outbox.settled();

      const refused = db().select().from(messages).where(eq(messages.endpointId, refusing)).all();
      expect(refused.map((row) => [row.status, row.payload])).toEqual([['failed', null]]);
      const text = databaseText().toLowerCase();
      for (const personal of ['Vanishing-Cache', vera.email, vera.phone])
        expect(text.includes(personal.toLowerCase()), personal).toBe(false);
    } finally {
      db().delete(webhookEndpoints).where(eq(webhookEndpoints.id, refusing)).run();
    }
  });

  it('never writes a profile back onto a deleted account, whatever was on its way', async () => {
    const uma = await signUp('Uma Racing', '9111222666');
    expect((await uma.client.rest('DELETE', '/users/me', { password: 'leaving-pass' })).status).toBe(200);
    // The save that had passed the session check before the deletion committed.
    await expect(
      updateCustomerProfile({ db: db(), config: env.config }, uma.id, {
        fullName: 'Uma Racing',
        phone: '9111222666',
        avatar: await jpegDataUrl(),
      }),
    ).rejects.toMatchObject({ kind: 'not-signed-in' });
    expect(db().select().from(users).where(eq(users.id, uma.id)).get()).toMatchObject({
      fullName: 'Former customer',
      phone: '',
      avatarUrl: null,
    });
    expect(databaseText().toLowerCase().includes('uma racing')).toBe(false);
  });

  it('refuses a sixth wrong password within 15 minutes with 429, and then the right one too', async () => {
    const tess = await signUp('Tess Guessed', '9111222777');
    for (let i = 0; i < 5; i++)
      expect((await tess.client.rest('DELETE', '/users/me', { password: `guess-${String(i)}` })).status).toBe(400);
    const blocked = await tess.client.rest('DELETE', '/users/me', { password: 'leaving-pass' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/^Too many wrong passwords\. Please try again in \d+ minutes?\.$/);
    expect((await tess.client.rest('GET', '/users/me')).status).toBe(200);
  });

  it('drops the public pages’ cached copies when a customer renames themselves, as their reviews show the name', async () => {
    const rita = await signUp('Rita Renamed', '9111222888');
    remember(db(), 'page:/', 'a page naming Rita Renamed');
    const form = new FormData();
    for (const [name, value] of Object.entries({ fullName: 'Rita Newname', phone: '9111222888' }))
      form.append(name, value);
    expect((await rita.client.rest('PATCH', '/users/me', form)).status).toBe(200);
    expect(recall(db(), 'page:/')).toBeUndefined();
  });
});
