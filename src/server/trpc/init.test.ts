import { TRPCError } from '@trpc/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestEnvironment, type TestEnvironment } from '@/server/test/test-db';
import { createInnerContext, type SignedIn } from './context';
import { FRONT_DESK, MANAGERS } from '@/shared/roles';
import { createCallerFactory, customerProcedure, publicProcedure, router, staffProcedure } from './init';

// A router of the three kinds of procedure, to see what each lets through.
const probe = router({
  open: publicProcedure.query(() => 'open'),
  mine: customerProcedure.query(({ ctx }) => ctx.user.fullName),
  backOffice: staffProcedure(FRONT_DESK).query(({ ctx }) => ctx.admin.fullName),
  prices: staffProcedure(MANAGERS).query(() => 'prices'),
  undeclared: staffProcedure([]).query(() => 'nobody'),
  named: publicProcedure
    .input(z.object({ name: z.string().min(3, 'Name is too short') }))
    .query(({ input }) => input.name),
  broken: publicProcedure.query((): string => {
    throw new Error('SQLITE_ERROR: no such table: secrets');
  }),
});
const createProbeCaller = createCallerFactory(probe);

const customer: SignedIn = { id: 'u1', fullName: 'Clara Demo', email: 'c@x.test', sessionId: 's1', sessionToken: 't1' };
const admin: SignedIn = {
  id: 'a1',
  fullName: 'Salon Admin',
  email: 'a@x.test',
  role: 'owner',
  sessionId: 's2',
  sessionToken: 't2',
};
const desk: SignedIn = { ...admin, id: 'a2', fullName: 'Rita Desk', role: 'reception', sessionId: 's3' };
/** A back-office session without a role (made before roles): taken for the narrowest role. */
const unroled: SignedIn = { id: 'a3', fullName: 'Old Session', email: 'o@x.test', sessionId: 's4', sessionToken: 't4' };

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
    expect(await as({ admin }).prices()).toBe('prices');
  });

  it('serves each role only the procedures open to it, and nobody one that names no role', async () => {
    expect(await as({ admin: desk }).backOffice()).toBe('Rita Desk');
    await expect(as({ admin: desk }).prices()).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'Reception accounts cannot do this.',
    });
    expect(await codeOf(as({ admin }).undeclared())).toBe('FORBIDDEN');
    expect(await codeOf(as({ admin: unroled }).backOffice())).toBe('FORBIDDEN');
  });

  it('rejects invalid input with the schema message', async () => {
    await expect(as({}).named({ name: 'Al' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
