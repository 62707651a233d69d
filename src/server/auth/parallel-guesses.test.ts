// Password guesses sent at once: a tRPC batch, many batches in parallel, many parallel REST calls.
// Each guess is counted when it arrives, before its hash is awaited, so the limits hold however
// the guesses are sent: 5 wrong logins per account, 5 wrong current passwords per account.
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '@/server/test/app';
import { createCustomer } from '@/server/test/bookings';
import { TestClient } from '@/server/test/http';
import type { TestEnvironment } from '@/server/test/test-db';

let addresses = 0;
/** A client address of its own (the app believes X-Forwarded-For from the box itself). */
const newAddress = (): Record<string, string> => ({ 'x-forwarded-for': `198.51.100.${++addresses}` });

/** How many of the answers were tried (the given status) and how many refused with 429. */
const tally = (statuses: number[]) => ({
  tried: statuses.filter((status) => status !== 429).length,
  refused: statuses.filter((status) => status === 429).length,
});

describe('password guesses sent in parallel', () => {
  let env: TestEnvironment;
  let app: FastifyInstance;

  const salon = useTestApp({ seed: false });
  beforeAll(() => {
    ({ env, app } = salon);
  });

  /** One tRPC batch of `size` logins for one account; the status of each call in it. */
  async function batchOfLogins(email: string, size: number): Promise<number[]> {
    const paths = Array<string>(size).fill('public.auth.login').join(',');
    const input = Object.fromEntries(
      Array.from({ length: size }, (_, index) => [String(index), { email, password: `wrong-guess-${String(index)}` }]),
    );
    const response = await new TestClient(app, newAddress()).request('POST', `/trpc/${paths}?batch=1`, input);
    const answers = response.json<{ error?: { data: { httpStatus: number } } }[]>();
    return answers.map((answer) => answer.error?.data.httpStatus ?? 200);
  }

  it('tries 5 of one tRPC batch of 20 wrong logins for one account, and refuses the other 15', async () => {
    const { email } = await createCustomer(app, env.database.db, 'Bo Batch');
    const statuses = await batchOfLogins(email, 20);
    expect(tally(statuses)).toEqual({ tried: 5, refused: 15 });
    expect(new Set(statuses.filter((status) => status !== 429))).toEqual(new Set([401]));
    console.log(
      `[guarantee] parallel logins: one tRPC batch of 20 wrong passwords for one account: 5 tried, 15 refused with 429`,
    );
  });

  it('tries 5 in all of ten batches of 20 sent in parallel from ten addresses', async () => {
    const { email } = await createCustomer(app, env.database.db, 'Ten Batches');
    const statuses = (await Promise.all(Array.from({ length: 10 }, () => batchOfLogins(email, 20)))).flat();
    expect(tally(statuses)).toEqual({ tried: 5, refused: 195 });
    console.log(`[guarantee] parallel logins: 10 batches of 20 wrong passwords in parallel: 5 tried of 200`);
  });

  it('tries 5 of 25 parallel REST logins for one account, then refuses even the right password', async () => {
    const { email } = await createCustomer(app, env.database.db, 'Rest Racer');
    const statuses = await Promise.all(
      Array.from(
        { length: 25 },
        async (_, index) =>
          (
            await new TestClient(app, newAddress()).rest('POST', '/users/login', {
              email,
              password: `nope-${String(index)}`,
            })
          ).status,
      ),
    );
    expect(tally(statuses)).toEqual({ tried: 5, refused: 20 });
    const right = await new TestClient(app, newAddress()).rest('POST', '/users/login', {
      email,
      password: 'booking-pass',
    });
    expect(right.status).toBe(429);
    console.log(`[guarantee] parallel logins: 25 parallel REST logins for one account: 5 tried, 20 refused`);
  });

  it('counts a right password as no failure: an address that logs in often is not held back', async () => {
    const { email } = await createCustomer(app, env.database.db, 'Often In');
    const address = newAddress();
    for (let n = 0; n < 25; n++)
      expect(
        (await new TestClient(app, address).rest('POST', '/users/login', { email, password: 'booking-pass' })).status,
      ).toBe(200);
  });

  const wrongCurrentPassword: Record<string, (client: TestClient, index: number) => Promise<number>> = {
    'change password': async (client, index) =>
      (
        await client.rest('POST', '/users/change-password', {
          currentPassword: `not-it-${String(index)}`,
          newPassword: 'brand-new-pass',
        })
      ).status,
    'change e-mail': async (client, index) =>
      (
        await client.rest('POST', '/users/change-email', {
          email: `moved${String(index)}@example.test`,
          otp: '1234',
          currentPassword: `not-it-${String(index)}`,
        })
      ).status,
    'delete account': async (client, index) =>
      (await client.rest('DELETE', '/users/me', { password: `not-it-${String(index)}` })).status,
  };

  for (const [action, attempt] of Object.entries(wrongCurrentPassword)) {
    it(`tries 5 of 25 parallel wrong current passwords to ${action}, and changes nothing`, async () => {
      const customer = await createCustomer(app, env.database.db, 'Guess Target');
      const statuses = await Promise.all(Array.from({ length: 25 }, (_, index) => attempt(customer.client, index)));
      expect(tally(statuses)).toEqual({ tried: 5, refused: 20 });
      expect(new Set(statuses.filter((status) => status !== 429))).toEqual(new Set([400]));
      // Still the same account, with the same password and address.
      expect((await customer.client.rest<{ email: string }>('GET', '/users/me')).body.data.email).toBe(customer.email);
      console.log(
        `[guarantee] parallel current-password guesses (${action}): 25 at once: 5 tried, 20 refused with 429`,
      );
    });
  }
});
