// My account's e-mail change over HTTP, with a real SMTP server: a code to the new
// address and the current password, sign-up's messages and limits, no word on who is registered
// before the code, 409 for an address taken by then, and a notice to the old one.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '@/shared/schemas/bookings';
import { bookings, messages, users } from '@/server/db/schema';
import { DEMO_CUSTOMER } from '@/server/setup/seed';
import { useTestApp } from '@/server/test/app';
import { createCustomer, futureWorkday, type TestCustomer } from '@/server/test/bookings';
import { TestClient } from '@/server/test/http';
import { codeIn, type TestSmtpServer } from '@/server/test/smtp';
import type { TestEnvironment } from '@/server/test/test-db';

const otherThan = (code: string) => (code === '0000' ? '1111' : '0000');

describe('changing the e-mail address', () => {
  let env: TestEnvironment;
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  let counter = 0;
  const db = () => env.database.db;
  const newAddress = () => `new${++counter}-${Date.now()}@example.test`;
  /** A customer logged in from an address of their own (the code limits count per client address). */
  const customer = async (name: string): Promise<TestCustomer> => {
    const made = await createCustomer(app, db(), name);
    const client = new TestClient(app, { 'x-forwarded-for': `192.0.2.${String(++counter)}` });
    expect((await client.rest('POST', '/users/login', { email: made.email, password: 'booking-pass' })).status).toBe(
      200,
    );
    return { ...made, client };
  };
  const emailOf = (id: string) => db().select({ email: users.email }).from(users).where(eq(users.id, id)).get()?.email;

  const salon = useTestApp({ smtp: true });
  beforeAll(() => {
    ({ env, app, smtp } = salon);
  });

  it('moves the account only with the code mailed to the new address, and tells the old address', async () => {
    const ida = await customer('Ida Moving');
    const elsewhere = new TestClient(app);
    expect((await elsewhere.rest('POST', '/users/login', { email: ida.email, password: 'booking-pass' })).status).toBe(
      200,
    );
    const booked = await ida.client.rest<Booking>('POST', '/users/appointment', {
      bookingDate: futureWorkday(env.config.timezone, 40),
      timeSlot: '10:00',
      service: 'Classic Manicure',
      specialist: 'Maya Chen',
    });
    expect(booked.status).toBe(201);
    expect((await smtp.waitForMail(ida.email)).subject).toMatch(/^Booking received/);
    const email = newAddress();

    const sent = await ida.client.rest('POST', '/users/change-email/send-otp', { email });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ message: 'OTP sent to your email!', data: { email } });
    const mail = await smtp.waitForMail(email);
    expect(mail.subject).toBe('Confirm your new e-mail address');
    const code = codeIn(mail.text);

    // A wrong code: sign-up's message, under the code, and nothing changes.
    const wrong = await ida.client.rest('POST', '/users/change-email', {
      email,
      otp: otherThan(code),
      currentPassword: 'booking-pass',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Invalid OTP.');
    expect(wrong.body.errors).toEqual([{ path: 'otp', message: 'Invalid OTP.' }]);
    expect(emailOf(ida.id)).toBe(ida.email);
    expect((await elsewhere.rest('GET', '/users/me')).status).toBe(200);

    // The right code with a wrong password: refused under the password, and the code still holds.
    const reset = await new TestClient(app).rest('POST', '/users/forgot-password', { email: ida.email });
    expect(reset.status).toBe(200);
    const resetLink = /\/reset-password\/(\S+)/.exec((await smtp.waitForMail(ida.email)).text ?? '')?.[1] ?? '';
    const guessed = await ida.client.rest('POST', '/users/change-email', {
      email,
      otp: code,
      currentPassword: 'not-my-password',
    });
    expect(guessed.status).toBe(400);
    expect(guessed.body.errors).toEqual([{ path: 'currentPassword', message: 'Current password is incorrect' }]);
    expect(emailOf(ida.id)).toBe(ida.email);

    // The right one moves the account.
    const changed = await ida.client.rest<{ email: string }>('POST', '/users/change-email', {
      email,
      otp: code,
      currentPassword: 'booking-pass',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      message: 'Email changed!',
      data: { _id: ida.id, email, fullName: 'Ida Moving' },
    });
    expect(emailOf(ida.id)).toBe(email);
    expect((await ida.client.rest<{ email: string }>('GET', '/users/me')).body.data.email).toBe(email);
    // The code is used up.
    expect(
      (
        await ida.client.rest('POST', '/users/change-email', {
          email: newAddress(),
          otp: code,
          currentPassword: 'booking-pass',
        })
      ).status,
    ).toBe(400);
    // The reset link mailed to the old address before the move no longer opens the account.
    const stale = await new TestClient(app).rest('POST', '/users/reset-password', {
      token: resetLink,
      password: 'taken-over',
    });
    expect(stale.status).toBe(400);

    // The old address hears of it, the new one masked.
    const notice = await smtp.waitForMail(ida.email);
    expect(notice.subject).toBe('Your e-mail address was changed');
    expect(notice.text).toContain(`${email.slice(0, 1)}***@example.test`);
    expect(notice.text).not.toContain(email);

    // The other browser is logged out; this one stays. The new address logs in, the old one not.
    expect((await elsewhere.rest('GET', '/users/me')).status).toBe(401);
    expect((await new TestClient(app).rest('POST', '/users/login', { email, password: 'booking-pass' })).status).toBe(
      200,
    );
    const old = await new TestClient(app).rest('POST', '/users/login', { email: ida.email, password: 'booking-pass' });
    expect(old.status).toBe(401);
    expect(old.body.message).toBe('Invalid email or password');

    // The booking ahead, and its reminder waiting to go out, follow the account.
    expect(
      db().select({ email: bookings.email }).from(bookings).where(eq(bookings.id, booked.body.data._id)).get()?.email,
    ).toBe(email);
    const reminder = db()
      .select({ recipient: messages.recipient })
      .from(messages)
      .where(
        and(
          eq(messages.bookingId, booked.body.data._id),
          eq(messages.kind, 'reminder'),
          eq(messages.status, 'pending'),
        ),
      )
      .get();
    expect(reminder?.recipient).toBe(email);
  });

  it('works through the typed tRPC procedures as well', async () => {
    const jon = await customer('Jon Typed');
    const email = newAddress();
    expect((await jon.client.trpc('mutation', 'customer.account.requestEmailChange', { email })).data).toEqual({
      email,
    });
    const otp = codeIn((await smtp.waitForMail(email)).text);
    const changed = await jon.client.trpc<{ email: string }>('mutation', 'customer.account.confirmEmailChange', {
      email,
      otp,
      currentPassword: 'booking-pass',
    });
    expect(changed.data?.email).toBe(email);
    expect((await jon.client.trpc<{ email: string }>('query', 'customer.account.me')).data?.email).toBe(email);
  });

  it('says nothing of who is registered before the code is right, refuses the own address, and answers 409 once taken, changing nothing', async () => {
    const kim = await customer('Kim Staying');
    // Another customer's address: the same answer as any other, and its owner gets sign-up's
    // "you have an account" mail, not a code anyone could use.
    const taken = await kim.client.rest('POST', '/users/change-email/send-otp', {
      email: DEMO_CUSTOMER.email.toUpperCase(),
    });
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({ message: 'OTP sent to your email!', data: { email: DEMO_CUSTOMER.email } });
    const told = await smtp.waitForMail(DEMO_CUSTOMER.email);
    expect(told.text).not.toMatch(/\b\d{4}\b(?!-)/);
    expect(told.text).toContain('/login');
    const guessedCode = await kim.client.rest('POST', '/users/change-email', {
      email: DEMO_CUSTOMER.email,
      otp: '1234',
      currentPassword: 'booking-pass',
    });
    // A wrong code says only that: whether someone holds the address is told after the code.
    expect(guessedCode.status).toBe(400);
    expect(guessedCode.body.errors).toEqual([{ path: 'otp', message: 'Invalid OTP.' }]);
    expect(emailOf(kim.id)).toBe(kim.email);
    const same = await kim.client.rest('POST', '/users/change-email/send-otp', { email: kim.email });
    expect(same.status).toBe(400);
    expect(same.body.errors).toEqual([{ path: 'email', message: 'This is already your email address.' }]);
    const malformed = await kim.client.rest('POST', '/users/change-email/send-otp', { email: 'x@' });
    expect(malformed.body.errors).toEqual([{ path: 'email', message: 'Please enter a valid email address.' }]);

    // Taken between the code and the confirmation: 409 then too.
    const email = newAddress();
    expect((await kim.client.rest('POST', '/users/change-email/send-otp', { email })).status).toBe(200);
    const otp = codeIn((await smtp.waitForMail(email)).text);
    const quicker = await createCustomer(app, db(), 'Lena Quicker');
    db().update(users).set({ email }).where(eq(users.id, quicker.id)).run();
    const late = await kim.client.rest('POST', '/users/change-email', { email, otp, currentPassword: 'booking-pass' });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This email is already registered. Please log in.');
    expect(emailOf(kim.id)).toBe(kim.email);
    expect(
      (await new TestClient(app).rest('POST', '/users/login', { email: kim.email, password: 'booking-pass' })).status,
    ).toBe(200);
  });

  it('limits the codes and the wrong tries as sign-up does, and needs a customer session', async () => {
    const max = await customer('Max Eager');
    const email = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await max.client.rest('POST', '/users/change-email/send-otp', { email })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const codes = [
      codeIn((await smtp.waitForMail(email)).text),
      codeIn((await smtp.waitForMail(email)).text),
      codeIn((await smtp.waitForMail(email)).text),
    ];
    const wrong =
      ['0000', '1111', '2222', '3333', '4444', '5555'].find((candidate) => !codes.includes(candidate)) ?? '9999';
    for (let i = 0; i < 5; i++)
      expect(
        (await max.client.rest('POST', '/users/change-email', { email, otp: wrong, currentPassword: 'booking-pass' }))
          .status,
      ).toBe(400);
    const locked = await max.client.rest('POST', '/users/change-email', {
      email,
      otp: codes[2],
      currentPassword: 'booking-pass',
    });
    expect(locked.status).toBe(400);
    expect(locked.body.message).toBe('Too many wrong codes. Please request a new one.');
    expect(emailOf(max.id)).toBe(max.email);
    const none = await max.client.rest('POST', '/users/change-email', {
      email: newAddress(),
      otp: '1234',
      currentPassword: 'booking-pass',
    });
    expect(none.body.message).toBe('No code is pending for this email. Please request a new one.');

    const visitor = new TestClient(app);
    expect((await visitor.rest('POST', '/users/change-email/send-otp', { email: newAddress() })).status).toBe(401);
    expect(
      (
        await visitor.rest('POST', '/users/change-email', {
          email: newAddress(),
          otp: '1234',
          currentPassword: 'booking-pass',
        })
      ).status,
    ).toBe(401);
  });

  it('gives a new address to exactly one of two customers confirming it at the same moment', async () => {
    const [ann, bob] = [await customer('Ann Racer'), await customer('Bob Racer')];
    const email = newAddress();
    expect((await ann.client.rest('POST', '/users/change-email/send-otp', { email })).status).toBe(200);
    const annCode = codeIn((await smtp.waitForMail(email)).text);
    expect((await bob.client.rest('POST', '/users/change-email/send-otp', { email })).status).toBe(200);
    const bobCode = codeIn((await smtp.waitForMail(email)).text);
    const answers = await Promise.all([
      ann.client.rest('POST', '/users/change-email', { email, otp: annCode, currentPassword: 'booking-pass' }),
      bob.client.rest('POST', '/users/change-email', { email, otp: bobCode, currentPassword: 'booking-pass' }),
    ]);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    // The other is refused: its code was used up with the address (400), or the address is taken (409).
    expect(answers.every((answer) => [200, 400, 409].includes(answer.status))).toBe(true);
    expect(db().select({ id: users.id }).from(users).where(eq(users.email, email)).all()).toHaveLength(1);
    expect([emailOf(ann.id), emailOf(bob.id)].filter((address) => address === email)).toHaveLength(1);
  });
});
