// What a stranger can make the server spend (README "Guarantees"): cheap checks come before image
// decodes and password hashes, decodes run a few at a time, and the calls that send mail or cost a
// hash are limited per client address. Over HTTP through /api/v1, with the server's own rate
// limits.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { hashPassword } from '@/server/auth/passwords';
import { bookings, messages } from '@/server/db/schema';
import { IMAGE_DECODES_AT_ONCE } from '@/server/files/images';
import { useTestApp } from '@/server/test/app';
import { createCustomer, futureWorkday } from '@/server/test/bookings';
import { signedIn } from '@/server/test/catalogue';
import { TestClient } from '@/server/test/http';
import { rowsWritten } from '@/server/test/hostile';
import { verifiedBy } from '@/server/test/signup';
import type { TestEnvironment } from '@/server/test/test-db';

const MB = 1024 * 1024;

/** A 6000 x 6000 PNG (36 megapixels, under the 40 MP limit): small to send, large to decode. */
const hugePng = () =>
  sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#e64980' } })
    .png({ compressionLevel: 9 })
    .toBuffer();

const signupForm = (png: Buffer, email: string) => {
  const form = new FormData();
  form.append('avatar', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
  for (const [name, value] of Object.entries({
    fullName: 'Burst Person',
    email,
    password: 'secret-pass',
    phone: '9876500000',
  })) {
    form.append(name, value);
  }
  return form;
};

/**
 * The process's resident memory, sampled every 10 ms while `work` runs: the highest seen, in MB;
 * and the most images sharp was decoding at one moment.
 */
async function peakRssDuring(
  work: () => Promise<unknown>,
): Promise<{ before: number; peak: number; decoding: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  let decoding = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
    decoding = Math.max(decoding, sharp.counters().process);
  }, 10);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, process.memoryUsage().rss);
  return { before: before / MB, peak: peak / MB, decoding };
}

describe('what a stranger can make the server spend', () => {
  let env: TestEnvironment;
  let app: FastifyInstance;
  let clients = 0;
  const fromNewAddress = () => new TestClient(app, { 'x-forwarded-for': `198.51.100.${String(++clients)}` });

  const salon = useTestApp({ env: { BOOKINGS_PER_CUSTOMER_PER_HOUR: '3', REVIEWS_PER_CUSTOMER_PER_HOUR: '2' } });
  beforeAll(() => {
    ({ env, app } = salon);
  });

  /** The code in the newest mail to `email` in the outbox (`.eml` files, oldest name first). */
  const latestCodeIn = async (email: string): Promise<string> => {
    await app.outbox.settled();
    const mails = readdirSync(env.config.outboxDir)
      .sort()
      .map((name) => readFileSync(join(env.config.outboxDir, name), 'utf8'))
      .filter((text) => text.includes(`To: ${email}`));
    const code = /\b(\d{4})\b/.exec(mails.at(-1)?.split('\r\n\r\n').slice(1).join('\n') ?? '')?.[1];
    if (code === undefined) throw new Error(`no code mailed to ${email}`);
    return code;
  };
  const mailsWritten = async () => {
    await app.outbox.settled();
    return existsSync(env.config.outboxDir) ? readdirSync(env.config.outboxDir).length : 0;
  };
  const uploadsStored = () => readdirSync(env.config.uploadsDir).length;

  it('refuses 24 unverified sign-ups with a 36-megapixel avatar before decoding any, in little memory', async () => {
    const png = await hugePng();
    const uploads = uploadsStored();
    const rows = rowsWritten(env);
    let statuses: number[] = [];
    const started = performance.now();
    const memory = await peakRssDuring(async () => {
      statuses = await Promise.all(
        Array.from({ length: 24 }, async (_, index) => {
          const answer = await fromNewAddress().rest(
            'POST',
            '/users/register',
            signupForm(png, `unverified${String(index)}@example.test`),
          );
          expect(answer.body.message).toBe('Please verify your email with OTP before signing up.');
          return answer.status;
        }),
      );
    });
    const seconds = (performance.now() - started) / 1000;
    expect(statuses.every((status) => status === 400)).toBe(true);
    const avatar = `data:image/png;base64,${png.toString('base64')}`;
    const viaTrpc = await Promise.all(
      Array.from({ length: 4 }, (_, index) =>
        fromNewAddress().trpc('mutation', 'public.auth.register', {
          fullName: 'Burst Person',
          email: `unverified-trpc${String(index)}@example.test`,
          password: 'secret-pass',
          phone: '9876500000',
          avatar,
        }),
      ),
    );
    expect(viaTrpc.map((answer) => [answer.status, answer.error?.message])).toEqual(
      viaTrpc.map(() => [400, 'Please verify your email with OTP before signing up.']),
    );
    expect(uploadsStored()).toBe(uploads);
    expect(rowsWritten(env)).toBe(rows);
    expect(memory.decoding).toBe(0);
    expect(memory.peak - memory.before).toBeLessThan(64);
    console.log(
      `[guarantee] unverified sign-up burst: 24 at once with a ${String(Math.round(png.length / 1024))} KB 6000x6000 PNG: 24 refused with 400 in ${seconds.toFixed(2)} s, ` +
        `0 decoded, 0 files and 0 rows written; resident memory ${memory.before.toFixed(0)} -> peak ${memory.peak.toFixed(0)} MB (bound: +64 MB)`,
    );
  });

  it('decodes the avatars of a burst of verified sign-ups a few at a time, so memory stays bounded', async () => {
    const png = await hugePng();
    const emails = Array.from({ length: 8 }, (_, index) => `verified${String(index)}@example.test`);
    const signUps = emails.map((email) => ({ email, client: verifiedBy(fromNewAddress(), env.database.db, email) }));
    let statuses: number[] = [];
    const memory = await peakRssDuring(async () => {
      statuses = await Promise.all(
        signUps.map(
          async ({ email, client }) => (await client.rest('POST', '/users/register', signupForm(png, email))).status,
        ),
      );
    });
    expect(statuses).toEqual(emails.map(() => 201));
    // Two 36-megapixel decodes hold about 110 MB of pixels each; sharp alone would run four or more.
    expect(memory.decoding).toBeGreaterThan(0);
    expect(memory.decoding).toBeLessThanOrEqual(IMAGE_DECODES_AT_ONCE);
    expect(memory.peak - memory.before).toBeLessThan(320);
    console.log(
      `[guarantee] verified sign-up burst: 8 at once with 6000x6000 avatars, all 201; at most ${String(memory.decoding)} decoded at a time; ` +
        `resident memory ${memory.before.toFixed(0)} -> peak ${memory.peak.toFixed(0)} MB (bound: +320 MB)`,
    );
  });

  it('lets one client address reach the avatar and the hash of ten sign-ups an hour', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#e64980' } })
      .png()
      .toBuffer();
    const emails = Array.from({ length: 11 }, (_, index) => `household${String(index)}@example.test`);
    // A household: a browser each, one client address.
    const address = { 'x-forwarded-for': `198.51.100.${String(++clients)}` };
    const statuses = [];
    for (const email of emails) {
      const browser = verifiedBy(new TestClient(app, address), env.database.db, email);
      statuses.push((await browser.rest('POST', '/users/register', signupForm(png, email))).status);
    }
    expect(statuses).toEqual([...Array.from({ length: 10 }, () => 201), 429]);
    const email = 'household-next-door@example.test';
    const another = verifiedBy(fromNewAddress(), env.database.db, email);
    expect((await another.rest('POST', '/users/register', signupForm(png, email))).status).toBe(201);
  });

  it('stops one client asking for sign-up codes for many addresses, and lets others ask', async () => {
    const mails = await mailsWritten();
    const client = fromNewAddress();
    const statuses: number[] = [];
    for (let index = 0; index < 25; index++) {
      statuses.push((await client.rest('POST', '/otp/send-otp', { email: `fan${String(index)}@example.test` })).status);
    }
    const sent = statuses.filter((status) => status === 200).length;
    expect(sent).toBe(10);
    expect(statuses.slice(10).every((status) => status === 429)).toBe(true);
    expect((await mailsWritten()) - mails).toBe(10);
    const refused = await client.rest('POST', '/otp/send-otp', { email: 'fan-late@example.test' });
    expect(refused.body.message).toMatch(/^Too many requests\. Please try again in \d+ minutes?\.$/);
    expect((await fromNewAddress().rest('POST', '/otp/send-otp', { email: 'someone-else@example.test' })).status).toBe(
      200,
    );
    // The same budget over /trpc.
    const viaTrpc = fromNewAddress();
    const trpcStatuses: number[] = [];
    for (let index = 0; index < 12; index++) {
      trpcStatuses.push(
        (await viaTrpc.trpc('mutation', 'public.auth.sendOtp', { email: `trpc-fan${String(index)}@example.test` }))
          .status,
      );
    }
    expect(trpcStatuses).toEqual([...Array.from({ length: 10 }, () => 200), 429, 429]);
    console.log(
      `[guarantee] send-otp fan-out: one client, 25 addresses: 10 codes mailed, 15 refused with 429 (tRPC alike); another client served`,
    );
  });

  it('limits the booking and review requests of one customer per hour (here 3 and 2), and not of another', async () => {
    const customer = await signedIn(app, 'customer');
    const day = futureWorkday(env.config.timezone, 5);
    const specialists = (
      await customer.rest<{ _id: string; name: string; expertise: { name: string }[] }[]>('GET', '/specialists')
    ).body.data;
    const specialist = specialists.find((one) => one.expertise.length > 0);
    const service = specialist?.expertise[0]?.name ?? '';
    const query = new URLSearchParams({ specialistId: specialist?._id ?? '', bookingDate: day, serviceName: service });
    const free = (await customer.rest<string[]>('GET', `/users/appointment/available-slots?${query.toString()}`)).body
      .data;
    expect(free.length).toBeGreaterThan(3);
    const book = (client: TestClient, timeSlot: string) =>
      client.rest('POST', '/users/appointment', { bookingDate: day, timeSlot, service, specialist: specialist?.name });
    // Far apart, so that no two of them overlap whatever the service's length.
    const first = free[0] ?? '';
    const second = free.at(-1) ?? '';
    const third = free[Math.floor(free.length / 2)] ?? '';
    const fourth = free[Math.floor(free.length / 4)] ?? '';
    const statuses = [];
    for (const time of [first, second, first, third]) statuses.push((await book(customer, time)).status);
    // The repeated 10:00 is refused as taken, and still counts: the fourth request is one too many.
    expect(statuses).toEqual([201, 201, 409, 429]);
    const refused = await book(customer, fourth);
    expect(refused.body.message).toMatch(
      /^Too many booking requests in the last hour\. Please try again in \d+ minutes?\.$/,
    );
    const services = (await customer.rest<{ _id: string }[]>('GET', '/services')).body.data;
    const review = (index: number) =>
      customer.rest('POST', `/reviews/${services[index]?._id ?? ''}`, {
        rating: 5,
        comment: 'Lovely visit, would come again.',
      });
    expect([(await review(0)).status, (await review(1)).status, (await review(2)).status]).toEqual([201, 201, 429]);
    const other = await signedIn(app, 'admin');
    expect((await other.rest('GET', '/reviews')).status).toBe(200);
    console.log(
      '[guarantee] per-customer limits: booking requests and reviews answered 429 with the wait past the hourly limit',
    );
  });

  it('counts a customer’s moves in the same hourly limit as new bookings, and a refused move sends nothing', async () => {
    const customer = await createCustomer(app, env.database.db, 'Mo Mover');
    const day = futureWorkday(env.config.timezone, 9, ['Tuesday', 'Wednesday', 'Thursday', 'Friday']);
    const booked = await customer.client.rest<{ _id: string }>('POST', '/users/appointment', {
      bookingDate: day,
      timeSlot: '10:00',
      service: 'Classic Manicure',
      specialist: 'Maya Chen',
    });
    expect(booked.status).toBe(201);
    const move = (timeSlot: string) =>
      customer.client.rest('PATCH', `/users/appointment/${booked.body.data._id}`, { bookingDate: day, timeSlot });
    const statuses = [];
    for (const time of ['11:00', '12:00']) statuses.push((await move(time)).status);
    const messagesBefore = env.database.db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.bookingId, booked.body.data._id))
      .all().length;
    const refused = await move('14:00');
    expect(statuses).toEqual([200, 200]);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      /^Too many booking requests in the last hour\. Please try again in \d+ minutes?\.$/,
    );
    expect(
      env.database.db
        .select({ timeSlot: bookings.timeSlot })
        .from(bookings)
        .where(eq(bookings.id, booked.body.data._id))
        .get()?.timeSlot,
    ).toBe('12:00');
    expect(
      env.database.db
        .select({ id: messages.id })
        .from(messages)
        .where(eq(messages.bookingId, booked.body.data._id))
        .all(),
    ).toHaveLength(messagesBefore);
    console.log(
      '[guarantee] per-customer limits: a customer’s moves count in the hourly booking-request limit (BOOKINGS_PER_CUSTOMER_PER_HOUR)',
    );
  });

  it("keeps an address's sign-up code valid when a stranger asks for another one for it", async () => {
    const email = 'owner@example.test';
    const owner = fromNewAddress();
    expect((await owner.rest('POST', '/otp/send-otp', { email })).status).toBe(200);
    const ownersCode = await latestCodeIn(email);
    expect((await fromNewAddress().rest('POST', '/otp/send-otp', { email })).status).toBe(200);
    expect((await fromNewAddress().rest('POST', '/otp/send-otp', { email })).status).toBe(200);
    expect(await latestCodeIn(email)).not.toBe(ownersCode);
    const verified = await owner.rest('POST', '/otp/verify-otp', { email, otp: ownersCode });
    expect(verified.status).toBe(200);
    // Used once, every code of the address is spent.
    expect((await owner.rest('POST', '/otp/verify-otp', { email, otp: await latestCodeIn(email) })).status).toBe(400);
  });

  it('stops one client guessing reset tokens after ten wrong ones, without hashing a password for any', async () => {
    // What one password hash costs on this machine (the fastest of three).
    const hashTimes: number[] = [];
    for (let index = 0; index < 3; index++) {
      const start = performance.now();
      await hashPassword('new-secret');
      hashTimes.push(performance.now() - start);
    }
    const oneHash = Math.min(...hashTimes);
    const guess = (client: TestClient, index: number) =>
      client.rest('POST', '/users/reset-password', {
        token: `guess${String(index).padStart(27, '0')}`,
        password: 'new-secret',
      });
    await guess(fromNewAddress(), 99); // the route's first request, not timed
    const client = fromNewAddress();
    const statuses: number[] = [];
    const started = performance.now();
    for (let index = 0; index < 10; index++) statuses.push((await guess(client, index)).status);
    const milliseconds = performance.now() - started;
    for (let index = 10; index < 15; index++) statuses.push((await guess(client, index)).status);
    expect(statuses.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => 400));
    expect(statuses.slice(10)).toEqual(Array.from({ length: 5 }, () => 429));
    // Ten refused guesses cost less than five hashes: no guess was hashed.
    expect(milliseconds).toBeLessThan(5 * oneHash);
    expect(
      (await fromNewAddress().rest('POST', '/users/reset-password', { token: 'another-guess', password: 'new-secret' }))
        .status,
    ).toBe(400);
    const viaTrpc = fromNewAddress();
    const trpcStatuses: number[] = [];
    for (let index = 0; index < 11; index++) {
      trpcStatuses.push(
        (
          await viaTrpc.trpc('mutation', 'public.auth.resetPassword', {
            token: `trpc-guess-${String(index)}`,
            password: 'new-secret',
          })
        ).status,
      );
    }
    expect(trpcStatuses).toEqual([...Array.from({ length: 10 }, () => 400), 429]);
    console.log(
      `[guarantee] reset-token guessing: 15 guesses from one client: 10 refused with 400 in ${milliseconds.toFixed(0)} ms, ` +
        `less than 5 hashes (${oneHash.toFixed(0)} ms each): none hashed; then 429`,
    );
  });
});
