import { TRPCError } from '@trpc/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestEnvironment, type TestEnvironment } from '@/server/test/test-db';
import { createInnerContext, type SignedIn } from './context';
import { adminProcedure, createCallerFactory, customerProcedure, publicProcedure, router } from './init';

// A router of the three kinds of procedure, to see what each lets through.
const probe = router({
  open: publicProcedure.query(() => 'open'),
  mine: customerProcedure.query(({ ctx }) => ctx.user.fullName),
  backOffice: adminProcedure.query(({ ctx }) => ctx.admin.fullName),
  named: publicProcedure
    .input(z.object({ name: z.string().min(3, 'Name is too short') }))
    .query(({ input }) => input.name),
  broken: publicProcedure.query((): string => {
    throw new Error('SQLITE_ERROR: no such table: secrets');
  }),
});
const createProbeCaller = createCallerFactory(probe);

const customer: SignedIn = { id: 'u1', fullName: 'Clara Demo', email: 'c@x.test', sessionId: 's1', sessionToken: 't1' };
const admin: SignedIn = { id: 'a1', fullName: 'Salon Admin', email: 'a@x.test', sessionId: 's2', sessionToken: 't2' };

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'OK';
  } catch (error) {
    return error instanceof TRPCError ? error.code : 'NOT_TRPC';
  }
}

describe('procedure kinds', () => {
  let env: TestEnvironment;
  beforeAll(async () => {
    env = await createTestEnvironment();
  });
  const as = (who: { user?: SignedIn; admin?: SignedIn }) =>
    createProbeCaller(createInnerContext({ db: env.database.db, config: env.config, ...who }));

  it('lets anyone call a public procedure', async () => {
    expect(await as({}).open()).toBe('open');
  });

  it('asks a visitor to log in for customer and admin procedures', async () => {
    expect(await codeOf(as({}).mine())).toBe('UNAUTHORIZED');
    expect(await codeOf(as({}).backOffice())).toBe('UNAUTHORIZED');
  });

  it('refuses the back office to a customer and serves them their own procedures', async () => {
    expect(await as({ user: customer }).mine()).toBe('Clara Demo');
    expect(await codeOf(as({ user: customer }).backOffice())).toBe('FORBIDDEN');
  });

  it('serves an admin the back office', async () => {
    expect(await as({ admin }).backOffice()).toBe('Salon Admin');
  });

  it('rejects invalid input with the schema message', async () => {
    await expect(as({}).named({ name: 'Al' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
