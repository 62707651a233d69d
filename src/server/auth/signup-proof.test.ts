// Sign-up belongs to the browser that typed the code: verifying sets an HttpOnly proof cookie that
// registration requires, so a stranger polling `register` for an address cannot take it the moment
// its owner verifies; registration is throttled per client address; and neither sign-up nor the
// e-mail change tells a stranger whether an address has an account before the code is proven.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings, users } from '@/server/db/schema';
import { useTestApp } from '@/server/test/app';
import { createCustomer, futureWorkday } from '@/server/test/bookings';
import { signedIn } from '@/server/test/catalogue';
import { TestClient } from '@/server/test/http';
import { codeIn, type TestSmtpServer } from '@/server/test/smtp';
import type { TestEnvironment } from '@/server/test/test-db';

/** The sign-up code, named as such in its mail. */
const SIGN_UP_CODE = /verification code is: (\d{4})\b/;

let addresses = 0;
const newAddress = (): Record<string, string> => ({ 'x-forwarded-for': `192.0.2.${++addresses}` });

describe('sign-up proof', () => {
  let env: TestEnvironment;
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  let avatar: Blob;
  let emails = 0;
  const freshEmail = () => `owner${++emails}-${Date.now()}@example.test`;

  const signupForm = (email: string, fullName: string) => {
    const form = new FormData();
    form.append('avatar', avatar, 'me.png');
    for (const [name, value] of Object.entries({ fullName, email, password: 'owners-pass', phone: '9876533333' }))
      form.append(name, value);
    return form;
  };

  const salon = useTestApp({ smtp: true });
  beforeAll(async () => {
    ({ env, app, smtp } = salon);
    const png = await sharp({ create: { width: 48, height: 48, channels: 3, background: '#228be6' } })
      .png()
      .toBuffer();
    avatar = new Blob([new Uint8Array(png)], { type: 'image/png' });
  });

  it('keeps a phone customer’s address from a stranger polling sign-up while its owner verifies it', async () => {
    // The salon books by phone for an address nobody has signed up with yet.
    const email = freshEmail();
    const admin = await signedIn(app, 'admin');
    const phoned = await admin.rest<{ _id: string }>('POST', '/admin/bookings', {
      firstName: 'Pia',
      lastName: 'Phoned',
      phone: '9876544444',
      email,
      bookingDate: futureWorkday(env.config.timezone, 20, ['Tuesday', 'Wednesday', 'Thursday', 'Friday']),
      timeSlot: '10:00',
      service: 'Haircut & Styling',
      specialist: 'Anna Petrova',
    });
    expect(phoned.status).toBe(201);

    const stranger = new TestClient(app, newAddress());
    const poll = () => stranger.rest('POST', '/users/register', signupForm(email, 'Sly Stranger'));
    expect((await poll()).status).toBe(400);

    const owner = new TestClient(app, newAddress());
    expect((await owner.rest('POST', '/otp/send-otp', { email })).status).toBe(200);
    await smtp.waitForMail(email); // the booking's confirmation
    const verified = await owner.request('POST', '/api/v1/otp/verify-otp', {
      email,
      otp: codeIn((await smtp.waitForMail(email)).text, SIGN_UP_CODE),
    });
    expect(verified.statusCode).toBe(200);
    const proof = verified.cookies.find((cookie) => cookie.name === 'salon_signup');
    expect(proof).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect((proof?.expires?.getTime() ?? 0) - Date.now()).toBeGreaterThan(29 * 60_000);

    // The moment the owner has verified, the stranger's next polls still fail, and change nothing.
    for (let n = 0; n < 3; n++) {
      const answer = await poll();
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('Please verify your email with OTP before signing up.');
    }
    const registered = await owner.rest<{ fullName: string }>(
      'POST',
      '/users/register',
      signupForm(email, 'Pia Phoned'),
    );
    expect(registered.status).toBe(201);
    expect(registered.body.data.fullName).toBe('Pia Phoned');
    // The proof is spent: the cookie is cleared and the owner's phone booking is theirs.
    expect(owner.cookies.has('salon_signup')).toBe(false);
    const account = env.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
    expect(
      env.database.db
        .select({ userId: bookings.userId })
        .from(bookings)
        .where(eq(bookings.id, phoned.body.data._id))
        .get()?.userId,
    ).toBe(account?.id);
    expect((await stranger.rest('POST', '/users/login', { email, password: 'owners-pass' })).status).toBe(200);
    expect((await stranger.rest<{ fullName: string }>('GET', '/users/me')).body.data.fullName).toBe('Pia Phoned');
  });

  it('takes a proof only for the address it was given for, and only once', async () => {
    const first = freshEmail();
    const other = freshEmail();
    const owner = new TestClient(app, newAddress());
    expect((await owner.rest('POST', '/otp/send-otp', { email: first })).status).toBe(200);
    expect(
      (
        await owner.rest('POST', '/otp/verify-otp', {
          email: first,
          otp: codeIn((await smtp.waitForMail(first)).text, SIGN_UP_CODE),
        })
      ).status,
    ).toBe(200);
    expect((await owner.rest('POST', '/users/register', signupForm(other, 'Other Person'))).status).toBe(400);
    expect((await owner.rest('POST', '/users/register', signupForm(first, 'First Person'))).status).toBe(201);
    // Sent again by hand after it was spent.
    const replay = new TestClient(app, newAddress());
    const spent = await new TestClient(app, newAddress()).request('POST', '/api/v1/otp/verify-otp', {
      email: other,
      otp: '0000',
    });
    expect(spent.cookies.some((cookie) => cookie.name === 'salon_signup')).toBe(false);
    replay.cookies.set('salon_signup', 'not-a-proof');
    expect((await replay.rest('POST', '/users/register', signupForm(first, 'First Again'))).status).toBe(400);
  });

  it('throttles sign-up attempts per client address before anything else is checked', async () => {
    const poller = new TestClient(app, newAddress());
    const statuses: number[] = [];
    for (let n = 0; n < 12; n++)
      statuses.push((await poller.rest('POST', '/users/register', signupForm(freshEmail(), 'Polly Poller'))).status);
    expect(statuses).toEqual([...Array<number>(10).fill(400), 429, 429]);
    console.log(
      '[guarantee] sign-up: only the browser that typed the code may register (HttpOnly proof cookie); 10 attempts an hour per client address, then 429',
    );
  });

  it('says nothing of who holds an address when the e-mail change’s code is wrong', async () => {
    const mover = await createCustomer(app, env.database.db, 'Max Mover');
    const holder = await createCustomer(app, env.database.db, 'Hal Holder');
    const confirm = (email: string) =>
      mover.client.rest('POST', '/users/change-email', { email, otp: '0000', currentPassword: 'booking-pass' });
    const held = await confirm(holder.email);
    const free = await confirm(freshEmail());
    expect(held.status).toBe(400);
    expect([free.status, free.body.message, free.body.errors]).toEqual([
      held.status,
      held.body.message,
      held.body.errors,
    ]);
  });
});
