// Brute force and abuse over real HTTP (/api/v1 and /trpc), with mail caught by a real SMTP
// server: code guessing, throttles on codes, logins and reset links, single-use reset links, and
// answers that never tell a stranger which e-mail addresses have accounts.
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_CUSTOMER } from '@/server/setup/seed';
import { otpCodes, users } from '@/server/db/schema';
import { useTestApp } from '@/server/test/app';
import { createCustomer } from '@/server/test/bookings';
import { jpegBytes } from '@/server/test/catalogue';
import { TestClient } from '@/server/test/http';
import { codeIn, type TestSmtpServer } from '@/server/test/smtp';
import type { TestEnvironment } from '@/server/test/test-db';
import { OTP_MAX_FAILED_ATTEMPTS, OTP_SENDS_PER_WINDOW } from './otp';

const resetTokenIn = (text: string | undefined): string => {
  const token = /\/reset-password\/([a-z0-9]+)/.exec(text ?? '')?.[1];
  if (!token) throw new Error(`no reset link in mail: ${text ?? ''}`);
  return token;
};

/** Another code of 4 digits than `code`, the `n`th such guess. */
const wrongGuess = (code: string, n: number): string => {
  const guess = String(n % 10_000).padStart(4, '0');
  return guess === code ? String((n + 1) % 10_000).padStart(4, '0') : guess;
};

/**
 * A visitor from its own client address: the app believes X-Forwarded-For from a proxy on the box
 * (app.inject connects from 127.0.0.1), so each test's counts per address start at zero.
 */
let addresses = 0;
const newAddress = (): Record<string, string> => ({ 'x-forwarded-for': `203.0.113.${++addresses}` });

/**
 * What an outsider sees of an answer: status, headers and body, less the request's own id. The
 * caller's own e-mail echoed back (send-otp's `data.email`) tells them nothing, so it is masked;
 * the length then follows from the body.
 */
function seenFromOutside(response: LightMyRequestResponse, email: string) {
  const headers = Object.fromEntries(
    Object.entries(response.headers).filter(([name]) => !['x-request-id', 'date', 'content-length'].includes(name)),
  );
  return { status: response.statusCode, headers, body: response.body.replaceAll(email, '<email>') };
}

describe('brute force and abuse', () => {
  let env: TestEnvironment;
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  let emails = 0;
  const freshEmail = () => `stranger${++emails}-${Date.now()}@example.test`;

  const salon = useTestApp({ smtp: true });
  beforeAll(() => {
    ({ env, app, smtp } = salon);
  });

  const mailsTo = async (email: string) => {
    await app.outbox.settled();
    return smtp.messages.filter((mail) => mail.to !== undefined && JSON.stringify(mail.to).includes(email)).length;
  };

  it('stops code guessing after five wrong codes: the right code is refused and the address cannot sign up', async () => {
    const email = freshEmail();
    const visitor = new TestClient(app, newAddress());
    expect((await visitor.rest('POST', '/otp/send-otp', { email })).status).toBe(200);
    const code = codeIn((await smtp.waitForMail(email)).text);

    const guesses = 25;
    const messages: string[] = [];
    for (let n = 0; n < guesses; n++) {
      // Alternating the two doors, as an attacker would try both.
      const otp = wrongGuess(code, n * 397);
      const answer =
        n % 2 === 0
          ? (await visitor.rest('POST', '/otp/verify-otp', { email, otp })).body
          : { message: (await visitor.trpc('mutation', 'public.auth.verifyOtp', { email, otp })).error?.message };
      messages.push(answer.message ?? '');
    }
    expect(messages.slice(0, OTP_MAX_FAILED_ATTEMPTS - 1)).toEqual(
      Array<string>(OTP_MAX_FAILED_ATTEMPTS - 1).fill('Invalid OTP.'),
    );
    expect(new Set(messages.slice(OTP_MAX_FAILED_ATTEMPTS - 1))).toEqual(
      new Set(['Too many wrong codes. Please request a new one.']),
    );

    const right = await visitor.rest('POST', '/otp/verify-otp', { email, otp: code });
    expect(right.status).toBe(400);
    expect(right.body.message).toBe('Too many wrong codes. Please request a new one.');
    const signUp = new FormData();
    for (const [name, value] of Object.entries({
      fullName: 'Gus Guesser',
      email,
      password: 'guessed-it',
      phone: '9876511111',
    })) {
      signUp.append(name, value);
    }
    signUp.append('avatar', new Blob([new Uint8Array(await jpegBytes())], { type: 'image/jpeg' }), 'me.jpg');
    const registered = await visitor.rest('POST', '/users/register', signUp);
    expect(registered.status).toBe(400);
    expect(registered.body.message).toBe('Please verify your email with OTP before signing up.');
    expect(env.database.db.select().from(users).where(eq(users.email, email)).all()).toEqual([]);
    expect(
      env.database.db.select().from(otpCodes).where(eq(otpCodes.email, email)).get()?.verifiedUntil ?? null,
    ).toBeNull();

    // The owner of the address is not locked out: a new code works.
    expect((await visitor.rest('POST', '/otp/send-otp', { email })).status).toBe(200);
    const fresh = codeIn((await smtp.waitForMail(email)).text);
    expect((await visitor.rest('POST', '/otp/verify-otp', { email, otp: fresh })).status).toBe(200);
    const budget = OTP_SENDS_PER_WINDOW * OTP_MAX_FAILED_ATTEMPTS;
    console.log(
      `[guarantee] OTP guessing: ${guesses + 1} tries on one code (${guesses} wrong, then the right one): ${guesses + 1} refused, address not verified; at most ${budget} guesses of 10000 codes per address per 15 minutes`,
    );
  });

  it('limits the codes sent to one address and says when to try again', async () => {
    const email = freshEmail();
    const statuses: number[] = [];
    // From a new client address each time: the limit belongs to the e-mail address, not the sender.
    for (let i = 0; i < OTP_SENDS_PER_WINDOW; i++) {
      statuses.push((await new TestClient(app, newAddress()).rest('POST', '/otp/send-otp', { email })).status);
    }
    const rest = await new TestClient(app, newAddress()).rest('POST', '/otp/send-otp', { email });
    const trpc = await new TestClient(app, newAddress()).trpc('mutation', 'public.auth.sendOtp', { email });
    expect(statuses).toEqual(Array<number>(OTP_SENDS_PER_WINDOW).fill(200));
    expect(rest.status).toBe(429);
    expect(rest.body.message).toBe('Too many codes were sent to this email. Please try again in 15 minutes.');
    expect(trpc.status).toBe(429);
    expect(trpc.error?.message).toBe(rest.body.message);
    expect(await mailsTo(email)).toBe(OTP_SENDS_PER_WINDOW);

    // As the oldest code ages, the wait shrinks with it.
    env.database.db
      .update(otpCodes)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(otpCodes.email, email))
      .run();
    const later = await new TestClient(app, newAddress()).rest('POST', '/otp/send-otp', { email });
    expect(later.body.message).toBe('Too many codes were sent to this email. Please try again in 4 minutes.');

    const other = freshEmail();
    expect((await new TestClient(app, newAddress()).rest('POST', '/otp/send-otp', { email: other })).status).toBe(200);
    console.log(
      `[guarantee] OTP sending: ${OTP_SENDS_PER_WINDOW + 3} requests for one address: ${OTP_SENDS_PER_WINDOW} codes sent, 3 refused with 429 naming the wait`,
    );
  });

  it('locks an account after five failed logins from anywhere, refusing even the right password', async () => {
    const customer = await createCustomer(app, env.database.db, 'Lena Locked');
    const attempts: number[] = [];
    for (let i = 0; i < 5; i++) {
      attempts.push(
        (
          await new TestClient(app, newAddress()).rest('POST', '/users/login', {
            email: customer.email,
            password: `guess-${i}`,
          })
        ).status,
      );
    }
    expect(attempts).toEqual([401, 401, 401, 401, 401]);
    const owner = await new TestClient(app, newAddress()).rest('POST', '/users/login', {
      email: customer.email,
      password: 'booking-pass',
    });
    expect(owner.status).toBe(429);
    expect(owner.body.message).toBe('Too many login attempts. Please try again in 15 minutes.');
    const viaTrpc = await new TestClient(app, newAddress()).trpc('mutation', 'public.auth.login', {
      email: customer.email,
      password: 'booking-pass',
    });
    expect(viaTrpc.status).toBe(429);
    // Another account is untouched by this one's lock.
    expect(
      (
        await new TestClient(app, newAddress()).rest('POST', '/users/login', {
          email: DEMO_CUSTOMER.email,
          password: DEMO_CUSTOMER.password,
        })
      ).status,
    ).toBe(200);

    // The back office has its own count, and its own lock.
    for (let i = 0; i < 5; i++) {
      await new TestClient(app, newAddress()).rest('POST', '/admin/login', {
        email: 'admin-two@salon.test',
        password: `guess-${i}`,
      });
    }
    const adminLocked = await new TestClient(app, newAddress()).rest('POST', '/admin/login', {
      email: 'admin-two@salon.test',
      password: 'anything',
    });
    expect(adminLocked.status).toBe(429);
    console.log(
      '[guarantee] login per account: 5 wrong passwords from 5 addresses, then the right one: refused with 429 (REST and tRPC)',
    );
  });

  it('stops one client address after twenty failed logins, whichever accounts it tries, and lets others in', async () => {
    const attacker = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      // A new account each time, so only the count per address can stop it.
      statuses.push(
        (
          await new TestClient(app, attacker).rest('POST', '/users/login', {
            email: freshEmail(),
            password: 'password1',
          })
        ).status,
      );
    }
    expect(statuses).toEqual(Array<number>(20).fill(401));
    const customer = await createCustomer(app, env.database.db, 'Ada Address');
    const right = await new TestClient(app, attacker).rest('POST', '/users/login', {
      email: customer.email,
      password: 'booking-pass',
    });
    expect(right.status).toBe(429);
    expect(right.body.message).toBe('Too many login attempts. Please try again in 15 minutes.');
    const admin = await new TestClient(app, attacker).rest('POST', '/admin/login', {
      email: DEMO_ADMIN.email,
      password: DEMO_ADMIN.password,
    });
    expect(admin.status).toBe(429);
    // The same account from another address logs in.
    expect(
      (
        await new TestClient(app, newAddress()).rest('POST', '/users/login', {
          email: customer.email,
          password: 'booking-pass',
        })
      ).status,
    ).toBe(200);
    console.log(
      '[guarantee] login per address: 20 failures over 20 accounts from one address, then 2 right passwords: both refused with 429; other addresses unaffected',
    );
  });

  it('limits reset-link requests per client address, and sends one account at most three links an hour', async () => {
    const attacker = newAddress();
    const customer = await createCustomer(app, env.database.db, 'Rita Reset');
    const answers: string[] = [];
    for (let i = 0; i < 10; i++) {
      const response = await new TestClient(app, attacker).request('POST', '/api/v1/users/forgot-password', {
        email: customer.email,
      });
      answers.push(`${response.statusCode} ${response.body}`);
    }
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toMatch(/^200 /);
    expect(await mailsTo(customer.email)).toBe(3);

    const refused = await new TestClient(app, attacker).rest('POST', '/users/forgot-password', { email: freshEmail() });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many requests. Please try again in 60 minutes.');
    const viaTrpc = await new TestClient(app, attacker).trpc('mutation', 'public.auth.forgotPassword', {
      email: freshEmail(),
    });
    expect(viaTrpc.status).toBe(429);
    expect(
      (await new TestClient(app, newAddress()).rest('POST', '/users/forgot-password', { email: freshEmail() })).status,
    ).toBe(200);
    console.log(
      '[guarantee] forgot-password: 12 requests from one address: 10 answered alike (3 mails to the account), 2 refused with 429',
    );
  });

  it('accepts a reset link once: the old password stops working and the link is refused after', async () => {
    const customer = await createCustomer(app, env.database.db, 'Una Once');
    expect(
      (
        await new TestClient(app, newAddress()).trpc('mutation', 'public.auth.forgotPassword', {
          email: customer.email,
        })
      ).status,
    ).toBe(200);
    const token = resetTokenIn((await smtp.waitForMail(customer.email)).text);

    const first = await new TestClient(app, newAddress()).trpc('mutation', 'public.auth.resetPassword', {
      token,
      password: 'first-new-pass',
    });
    expect(first.status).toBe(200);
    const second = await new TestClient(app, newAddress()).rest('POST', '/users/reset-password', {
      token,
      password: 'second-new-pass',
    });
    expect(second.status).toBe(400);
    expect(second.body.message).toBe('The reset link is invalid or has expired.');

    const login = (password: string) =>
      new TestClient(app, newAddress()).rest('POST', '/users/login', { email: customer.email, password });
    expect((await login('booking-pass')).status).toBe(401);
    expect((await login('second-new-pass')).status).toBe(401);
    expect((await login('first-new-pass')).status).toBe(200);
    // The session opened before the reset ended with it.
    expect((await customer.client.rest('GET', '/users/me')).status).toBe(401);
  });

  it('answers byte for byte alike for a registered and an unknown e-mail, sign-up without its proof too', async () => {
    const registered = await createCustomer(app, env.database.db, 'Rhea Registered');
    const unknown = freshEmail();
    const avatar = `data:image/jpeg;base64,${(await jpegBytes()).toString('base64')}`;
    /** Both e-mail addresses through the same request, each from a fresh client address. */
    const pairs: { label: string; status: number; call: (email: string) => Promise<LightMyRequestResponse> }[] = [];
    const rest = (label: string, status: number, path: string, body: (email: string) => object) =>
      pairs.push({
        label: `REST ${label}`,
        status,
        call: (email) => new TestClient(app, newAddress()).request('POST', `/api/v1${path}`, body(email)),
      });
    const trpc = (label: string, status: number, path: string, body: (email: string) => object) =>
      pairs.push({
        label: `tRPC ${label}`,
        status,
        call: (email) => new TestClient(app, newAddress()).request('POST', `/trpc/${path}`, body(email)),
      });

    // In this order, so the throttled states are compared too.
    rest('login, wrong password', 401, '/users/login', (email) => ({ email, password: 'not-the-password' }));
    trpc('login, wrong password', 401, 'public.auth.login', (email) => ({ email, password: 'not-the-password' }));
    rest('admin login, wrong password', 401, '/admin/login', (email) => ({ email, password: 'not-the-password' }));
    trpc('admin login, wrong password', 401, 'public.adminAuth.login', (email) => ({
      email,
      password: 'not-the-password',
    }));
    rest('verify-otp before any code', 400, '/otp/verify-otp', (email) => ({ email, otp: '1234' }));
    // Sign-up checks the proof of a typed code before it says "already registered".
    trpc('register without the proof', 400, 'public.auth.register', (email) => ({
      fullName: 'Sam Signup',
      email,
      password: 'signup-pass',
      phone: '9876522222',
      avatar,
    }));
    rest('send-otp', 200, '/otp/send-otp', (email) => ({ email }));
    trpc('sendOtp', 200, 'public.auth.sendOtp', (email) => ({ email }));
    rest('verify-otp, wrong code', 400, '/otp/verify-otp', (email) => ({ email, otp: '0000' }));
    trpc('verifyOtp, wrong code', 400, 'public.auth.verifyOtp', (email) => ({ email, otp: '0000' }));
    rest('send-otp, last one allowed', 200, '/otp/send-otp', (email) => ({ email }));
    rest('send-otp over the limit', 429, '/otp/send-otp', (email) => ({ email }));
    trpc('sendOtp over the limit', 429, 'public.auth.sendOtp', (email) => ({ email }));
    rest('forgot-password', 200, '/users/forgot-password', (email) => ({ email }));
    trpc('forgotPassword', 200, 'public.auth.forgotPassword', (email) => ({ email }));
    rest('forgot-password, third', 200, '/users/forgot-password', (email) => ({ email }));
    rest('forgot-password past the per-account cap', 200, '/users/forgot-password', (email) => ({ email }));
    for (let i = 3; i <= 5; i++)
      rest(`login failure ${i}`, 401, '/users/login', (email) => ({ email, password: `not-it-${i}` }));
    rest('login while locked', 429, '/users/login', (email) => ({ email, password: 'not-it-again' }));
    trpc('login while locked', 429, 'public.auth.login', (email) => ({ email, password: 'not-it-again' }));

    for (const { label, status, call } of pairs) {
      // The demo admin stands for a registered back-office address.
      const known = label.includes('admin login') ? DEMO_ADMIN.email : registered.email;
      const answers = [seenFromOutside(await call(known), known), seenFromOutside(await call(unknown), unknown)];
      expect(answers[0]?.status, label).toBe(status);
      expect(answers[0], label).toEqual(answers[1]);
    }
    // Mail is where the difference lives, and only the address's owner reads it.
    expect(await mailsTo(registered.email)).toBe(6);
    expect(await mailsTo(unknown)).toBe(3);

    console.log(
      `[guarantee] enumeration: ${pairs.length} e-mail-taking requests (REST and tRPC, incl. throttled states and sign-up without the code's proof) for a registered and an unknown address: 0 differences beyond the request id`,
    );
  });
});
