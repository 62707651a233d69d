// Accounts end to end over HTTP, through /api/v1 and /trpc, with mail received by a real SMTP server.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { otpCodes, passwordResetTokens, salonContact } from '@/server/db/schema';
import { useTestApp } from '@/server/test/app';
import { codeIn, type TestSmtpServer } from '@/server/test/smtp';
import { TestClient } from '@/server/test/http';
import { verifiedBy } from '@/server/test/signup';
import type { TestEnvironment } from '@/server/test/test-db';

const avatarPng = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: '#e64980' } })
    .png()
    .toBuffer();

const signupForm = async (fields: Record<string, string>) => {
  const form = new FormData();
  form.append('avatar', new Blob([new Uint8Array(await avatarPng())], { type: 'image/png' }), 'me.png');
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
};

describe('accounts over HTTP', () => {
  let env: TestEnvironment;
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  let counter = 0;
  const uniqueEmail = () => `person${++counter}-${Date.now()}@example.test`;
  // Each browser a person of its own, from an address of its own (the per-address limits count them apart).
  let clients = 0;
  const client = () => new TestClient(app, { 'x-forwarded-for': `203.0.113.${String((++clients % 250) + 1)}` });

  const salon = useTestApp({ smtp: true });
  beforeAll(() => {
    ({ env, app, smtp } = salon);
  });

  /** Signs a new customer up through /api/v1 and returns their e-mail and password. */
  async function signUp(browser = client()) {
    const email = uniqueEmail();
    expect((await browser.rest('POST', '/otp/send-otp', { email })).status).toBe(200);
    const code = codeIn((await smtp.waitForMail(email)).text);
    expect((await browser.rest('POST', '/otp/verify-otp', { email, otp: code })).status).toBe(200);
    const password = 'secret-pass';
    const form = await signupForm({ fullName: 'Nina Novak', email, password, phone: '9876500000' });
    const registered = await browser.rest<{ _id: string; email: string; avatar: { url: string } }>(
      'POST',
      '/users/register',
      form,
    );
    expect(registered.status).toBe(201);
    return { email, password, registered: registered.body };
  }

  it('signs a customer up with the e-mailed code, then refuses the same e-mail again (400 without a typed code, 409 with one)', async () => {
    const { email, registered } = await signUp();
    expect(registered).toMatchObject({ success: true, statusCode: 201, message: 'Registration successful' });
    expect(registered.data).toMatchObject({ email, fullName: 'Nina Novak', phone: '9876500000' });
    expect(registered.data._id).toMatch(/^[0-9a-f]{24}$/);
    expect(JSON.stringify(registered.data)).not.toMatch(/password/i);
    const avatar = await app.inject({ method: 'GET', url: new URL(registered.data.avatar.url).pathname });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['content-type']).toBe('image/webp');

    // A second browser that also typed a code for the address before the first signed up.
    const again = await client().rest(
      'POST',
      '/users/register',
      await signupForm({ fullName: 'Nina Again', email, password: 'secret-pass', phone: '9876500000' }),
    );
    expect(again.status).toBe(400);
    const second = verifiedBy(client(), env.database.db, email);
    const twice = await second.rest(
      'POST',
      '/users/register',
      await signupForm({ fullName: 'Nina Again', email, password: 'secret-pass', phone: '9876500000' }),
    );
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This email is already registered. Please log in.');
  });

  it('signs up, logs in and out through the typed tRPC procedures as well', async () => {
    const browser = client();
    const email = uniqueEmail();
    expect((await browser.trpc('mutation', 'public.auth.sendOtp', { email })).status).toBe(200);
    const otp = codeIn((await smtp.waitForMail(email)).text);
    expect((await browser.trpc('mutation', 'public.auth.verifyOtp', { email, otp })).status).toBe(200);
    const avatar = `data:image/png;base64,${(await avatarPng()).toString('base64')}`;
    const registered = await browser.trpc<{ email: string }>('mutation', 'public.auth.register', {
      fullName: 'Tara Typed',
      email,
      password: 'typed-pass',
      phone: '9876500009',
      avatar,
    });
    expect(registered.data?.email).toBe(email);
    expect((await browser.trpc('query', 'public.auth.session')).data).toEqual({ user: null });
    const login = await browser.trpc<{ user: { fullName: string } }>('mutation', 'public.auth.login', {
      email,
      password: 'typed-pass',
    });
    expect(login.data?.user.fullName).toBe('Tara Typed');
    expect((await browser.trpc<{ user: { email: string } }>('query', 'public.auth.session')).data?.user.email).toBe(
      email,
    );
    expect((await browser.trpc('mutation', 'customer.account.refresh')).status).toBe(200);
    expect((await browser.trpc('mutation', 'customer.account.logout')).status).toBe(200);
    const after = await browser.trpc('query', 'customer.account.me');
    expect(after.status).toBe(401);
    expect(after.error?.data.code).toBe('UNAUTHORIZED');
  });

  it('refuses a sign-up whose e-mail was not verified with the spec message', async () => {
    const form = await signupForm({
      fullName: 'Otto Unverified',
      email: uniqueEmail(),
      password: 'secret-pass',
      phone: '9876500001',
    });
    const response = await client().rest('POST', '/users/register', form);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Please verify your email with OTP before signing up.');
  });

  it('reports field messages of the shared schemas for invalid sign-up input', async () => {
    const form = new FormData();
    form.append('fullName', 'Al');
    form.append('email', 'not-an-email');
    form.append('password', '123');
    form.append('phone', '12345');
    const response = await client().rest('POST', '/users/register', form);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'fullName', message: 'Name is too short' },
        { path: 'email', message: 'Enter a valid email' },
        { path: 'password', message: 'Minimum 6 characters' },
        { path: 'phone', message: 'Please enter a valid 10-digit phone number.' },
      ]),
    );
  });

  it('voids a code after five wrong tries, even for the right code after', async () => {
    const email = uniqueEmail();
    await client().rest('POST', '/otp/send-otp', { email });
    const code = codeIn((await smtp.waitForMail(email)).text);
    const wrong = code === '0000' ? '1111' : '0000';
    for (let i = 0; i < 5; i++) {
      const attempt = await client().rest('POST', '/otp/verify-otp', { email, otp: wrong });
      expect(attempt.status).toBe(400);
    }
    const late = await client().rest('POST', '/otp/verify-otp', { email, otp: code });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('Too many wrong codes. Please request a new one.');
  });

  it('refuses an expired code', async () => {
    const email = uniqueEmail();
    await client().trpc('mutation', 'public.auth.sendOtp', { email });
    const code = codeIn((await smtp.waitForMail(email)).text);
    env.database.db
      .update(otpCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(otpCodes.email, email))
      .run();
    const response = await client().trpc('mutation', 'public.auth.verifyOtp', { email, otp: code });
    expect(response.status).toBe(400);
    expect(response.error?.message).toBe('This code has expired. Please request a new one.');
  });

  it('rejects malformed codes with the spec messages', async () => {
    const short = await client().rest('POST', '/otp/verify-otp', { email: uniqueEmail(), otp: '12' });
    expect(short.body.errors).toContainEqual({ path: 'otp', message: 'OTP must be 4 digits' });
    const letters = await client().rest('POST', '/otp/verify-otp', { email: uniqueEmail(), otp: '12ab' });
    expect(letters.body.errors).toContainEqual({ path: 'otp', message: 'OTP must be numeric' });
    const noEmail = await client().rest('POST', '/otp/send-otp', { email: '' });
    expect(noEmail.body.message).toBe('Please enter your email');
    const badEmail = await client().rest('POST', '/otp/send-otp', { email: 'x@' });
    expect(badEmail.body.message).toBe('Please enter a valid email address.');
  });

  it('limits the codes sent to one address', async () => {
    const email = uniqueEmail();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await client().rest('POST', '/otp/send-otp', { email })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('never tells send-otp callers whether an address is registered', async () => {
    const taken = await client().rest('POST', '/otp/send-otp', { email: 'customer@salon.test' });
    const fresh = await client().rest('POST', '/otp/send-otp', { email: uniqueEmail() });
    expect(taken.status).toBe(fresh.status);
    expect(taken.body.message).toBe(fresh.body.message);
    const mail = await smtp.waitForMail('customer@salon.test');
    expect(mail.text).toContain('already');
  });

  it('logs a customer in with HttpOnly cookies, serves me, refreshes, and logs out', async () => {
    const browser = client();
    expect((await browser.rest('GET', '/users/me')).status).toBe(401);
    const login = await browser.rest<{ user: { email: string } }>('POST', '/users/login', {
      email: 'Customer@Salon.test',
      password: 'customer123',
    });
    expect(login.status).toBe(200);
    expect(login.body.data.user.email).toBe('customer@salon.test');
    expect(JSON.stringify(login.body.data)).not.toMatch(/password/i);
    const cookie = browser.lastSetCookies.find((c) => c.startsWith('salon_session='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/i);

    const me = await browser.rest<{ fullName: string }>('GET', '/users/me');
    expect(me.status).toBe(200);
    expect(me.body.data.fullName).toBe('Clara Demo');
    expect((await browser.trpc<{ fullName: string }>('query', 'customer.account.me')).data?.fullName).toBe(
      'Clara Demo',
    );

    const refreshed = await browser.rest('POST', '/users/refresh-token');
    expect(refreshed.status).toBe(200);
    expect(browser.lastSetCookies.some((c) => c.startsWith('salon_session='))).toBe(true);

    expect((await browser.rest('POST', '/users/logout')).status).toBe(200);
    expect((await browser.rest('GET', '/users/me')).status).toBe(401);
    expect((await browser.rest('POST', '/users/refresh-token')).status).toBe(401);
  });

  it('gives a wrong password and an unknown e-mail the same answer, and throttles repeated failures', async () => {
    const { email } = await signUp();
    const wrong = await client().rest('POST', '/users/login', { email, password: 'not-it' });
    const unknown = await client().rest('POST', '/users/login', { email: uniqueEmail(), password: 'not-it' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(unknown.body.message);
    for (let i = 0; i < 4; i++) await client().rest('POST', '/users/login', { email, password: 'not-it' });
    const throttled = await client().rest('POST', '/users/login', { email, password: 'secret-pass' });
    expect(throttled.status).toBe(429);
    expect(throttled.body.message).toMatch(/Too many login attempts/);
  });

  it('resets a password once through the e-mailed link, ending other sessions', async () => {
    const { email, password } = await signUp();
    const elsewhere = client();
    await elsewhere.rest('POST', '/users/login', { email, password });
    expect((await elsewhere.rest('GET', '/users/me')).status).toBe(200);

    const asked = await client().rest('POST', '/users/forgot-password', { email });
    expect(asked.body.message).toBe('Password reset link sent! Please check your email.');
    const mail = await smtp.waitForMail(email);
    const link = /http:\/\/salon\.test\/reset-password\/([a-z0-9]+)/.exec(mail.text ?? '');
    expect(link).not.toBeNull();
    const token = link?.[1] ?? '';

    const reset = await client().rest('POST', '/users/reset-password', { token, password: 'brand-new-pass' });
    expect(reset.status).toBe(200);
    expect((await elsewhere.rest('GET', '/users/me')).status).toBe(401);
    expect((await client().rest('POST', '/users/login', { email, password: 'brand-new-pass' })).status).toBe(200);
    const again = await client().rest('POST', '/users/reset-password', { token, password: 'another-pass' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('The reset link is invalid or has expired.');
  });

  it('refuses a reset link older than an hour', async () => {
    const { email } = await signUp();
    await client().rest('POST', '/users/forgot-password', { email });
    const token = /reset-password\/([a-z0-9]+)/.exec((await smtp.waitForMail(email)).text ?? '')?.[1] ?? '';
    env.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .run();
    const response = await client().rest('POST', '/users/reset-password', { token, password: 'brand-new-pass' });
    expect(response.status).toBe(400);
  });

  it('answers forgot-password the same for an unknown e-mail and sends nothing', async () => {
    const nobody = uniqueEmail();
    const known = await client().rest('POST', '/users/forgot-password', { email: 'customer@salon.test' });
    const unknown = await client().rest('POST', '/users/forgot-password', { email: nobody });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    await expect(smtp.waitForMail(nobody, 300)).rejects.toThrow();
  });

  it('logs an admin in, changes the password, and publishes the profile as contact info', async () => {
    const admin = client();
    const login = await admin.rest<{ user: { fullName: string } }>('POST', '/admin/login', {
      email: 'admin@salon.test',
      password: 'admin12345',
    });
    expect(login.status).toBe(200);
    expect(login.body.data.user.fullName).toBe('Salon Admin');
    expect(admin.cookies.has('salon_admin_session')).toBe(true);
    expect((await admin.rest('GET', '/admin/me')).status).toBe(200);
    expect((await admin.rest('GET', '/users/me')).status).toBe(401);

    const wrongCurrent = await admin.rest('POST', '/admin/change-password', {
      currentPassword: 'nope',
      newPassword: 'admin67890',
    });
    expect(wrongCurrent.status).toBe(400);
    const changed = await admin.rest('POST', '/admin/change-password', {
      currentPassword: 'admin12345',
      newPassword: 'admin67890',
    });
    expect(changed.status).toBe(200);
    expect(
      (await client().rest('POST', '/admin/login', { email: 'admin@salon.test', password: 'admin67890' })).status,
    ).toBe(200);
    await admin.rest('POST', '/admin/change-password', { currentPassword: 'admin67890', newPassword: 'admin12345' });

    const form = new FormData();
    for (const [name, value] of Object.entries({
      fullName: 'Rosa Owner',
      email: 'ignored@elsewhere.test',
      phone: '9000000042',
      secondaryPhone: '',
      address: '7 Lotus Lane, Pune',
      latitude: '18.52',
      longitude: '73.85',
    })) {
      form.append(name, value);
    }
    const updated = await admin.rest<{ fullName: string; email: string }>('PATCH', '/admin/update', form);
    expect(updated.status).toBe(200);
    expect(updated.body.message).toBe('Profile updated!');
    expect(updated.body.data).toMatchObject({ fullName: 'Rosa Owner', email: 'admin@salon.test' });
    // The public e-mail is not the login e-mail: a save that does not name one keeps the seed's.
    const contact = await client().rest('GET', '/contact-info');
    expect(contact.body.data).toEqual({
      address: '7 Lotus Lane, Pune',
      email: 'hello@salon.test',
      phone: '9000000042',
      secondaryPhone: null,
      location: { lat: 18.52, lng: 73.85 },
    });
    expect(env.database.db.select().from(salonContact).all()).toHaveLength(1);

    // A malformed one is refused with the form's message, and changes nothing.
    form.set('contactEmail', 'front desk');
    form.set('address', '8 Lotus Lane, Pune');
    const refused = await admin.rest('PATCH', '/admin/update', form);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('Enter a valid email');
    expect((await client().rest<{ address: string }>('GET', '/contact-info')).body.data.address).toBe(
      '7 Lotus Lane, Pune',
    );

    // Given, it is what customers see; the login e-mail stays.
    form.set('contactEmail', ' Front.Desk@Rose.test ');
    expect((await admin.rest('PATCH', '/admin/update', form)).status).toBe(200);
    expect((await client().rest<{ email: string }>('GET', '/contact-info')).body.data.email).toBe(
      'front.desk@rose.test',
    );
    expect((await admin.rest<{ email: string }>('GET', '/admin/me')).body.data.email).toBe('admin@salon.test');
    form.set('contactEmail', 'hello@salon.test');
    expect((await admin.rest('PATCH', '/admin/update', form)).status).toBe(200);
  });

  it('keeps customers and strangers out of the back office and strangers out of customer calls', async () => {
    const customer = client();
    await customer.rest('POST', '/users/login', { email: 'customer@salon.test', password: 'customer123' });
    const adminCalls: ['GET' | 'POST' | 'PATCH', string][] = [
      ['GET', '/admin/me'],
      ['POST', '/admin/logout'],
      ['POST', '/admin/refresh-token'],
      ['POST', '/admin/change-password'],
      ['PATCH', '/admin/update'],
    ];
    for (const [method, path] of adminCalls) {
      const body = method === 'GET' ? undefined : {};
      expect((await client().rest(method, path, body)).status, `${path} without a session`).toBe(401);
      expect((await customer.rest(method, path, body)).status, `${path} as a customer`).toBe(403);
    }
    for (const [method, path] of [
      ['GET', '/users/me'],
      ['POST', '/users/logout'],
      ['POST', '/users/refresh-token'],
    ] as const) {
      expect((await client().rest(method, path)).status, path).toBe(401);
    }
  });

  it('refuses a state-changing request sent from another site', async () => {
    const foreign = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    const rest = await client().rest(
      'POST',
      '/users/login',
      { email: 'customer@salon.test', password: 'customer123' },
      foreign,
    );
    expect(rest.status).toBe(403);
    expect(rest.body.success).toBe(false);
    const trpc = await client().trpc(
      'mutation',
      'public.auth.login',
      { email: 'customer@salon.test', password: 'customer123' },
      foreign,
    );
    expect(trpc.status).toBe(403);
    const sameSite = await client().rest(
      'POST',
      '/users/login',
      { email: 'customer@salon.test', password: 'customer123' },
      {
        origin: 'http://salon.test',
        'sec-fetch-site': 'same-origin',
      },
    );
    expect(sameSite.status).toBe(200);
  });
});
