import { beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_CATEGORIES } from '@/shared/constants';
import { createInnerContext, type SignedIn } from '@/server/trpc/context';
import { createCaller } from '@/server/routers';
import { createTestEnvironment, type TestEnvironment } from '@/server/test/test-db';
import { services } from '@/server/db/schema';
import { eq } from 'drizzle-orm';

describe('public.services.list', () => {
  let env: TestEnvironment;
  beforeAll(async () => {
    env = await createTestEnvironment({ seed: true });
  });
  const caller = () => createCaller(createInnerContext({ db: env.database.db, config: env.config }));

  it('lists the seeded services with their category, price, duration and image for anyone', async () => {
    const list = await caller().public.services.list();
    expect(list.length).toBeGreaterThanOrEqual(8);
    const manicure = list.find((s) => s.name === 'Classic Manicure');
    expect(manicure).toMatchObject({
      category: 'Nail care',
      price: 25,
      duration: 45,
      image: { url: expect.stringMatching(/^http:\/\/salon\.test\/uploads\/.+\.jpg$/) as unknown },
    });
    expect(manicure?._id).toMatch(/^[0-9a-f]{24}$/);
    expect(new Set(list.map((s) => s.category))).toEqual(new Set(SERVICE_CATEGORIES));
  });

  it('leaves out a removed service', async () => {
    const before = await caller().public.services.list();
    const removed = before[0];
    if (!removed) throw new Error('no services');
    // As the back office removes it: the admin's mutation also empties the catalogue cache.
    const admin: SignedIn = {
      id: 'a1',
      fullName: 'Salon Admin',
      email: 'a@x.test',
      role: 'owner',
      sessionId: 's1',
      sessionToken: 't1',
    };
    await createCaller(createInnerContext({ db: env.database.db, config: env.config, admin })).admin.services.delete({
      id: removed._id,
    });
    expect(
      env.database.db.select({ deletedAt: services.deletedAt }).from(services).where(eq(services.id, removed._id)).get()
        ?.deletedAt,
    ).not.toBeNull();
    const after = await caller().public.services.list();
    expect(after.map((s) => s._id)).not.toContain(removed._id);
    expect(after).toHaveLength(before.length - 1);
  });
});
