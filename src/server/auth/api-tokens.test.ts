// API tokens for scripts: managed through tRPC by a signed-in admin, used as
// `Authorization: Bearer` on /trpc and /api/v1.
import { existsSync, readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiTokenView, CreatedApiToken } from '@/shared/schemas/api-tokens';
import type { Service } from '@/shared/schemas/services';
import { createApiToken, validateApiToken } from '@/server/auth/api-tokens';
import { hashToken } from '@/server/auth/tokens';
import { DEMO_ADMIN } from '@/server/setup/seed';
import { admins, apiTokens, sessions } from '@/server/db/schema';
import { newId } from '@/server/db/ids';
import { useTestApp } from '@/server/test/app';
import { jpegFile, multipartForm, signedIn } from '@/server/test/catalogue';
import { TestClient } from '@/server/test/http';
import type { TestEnvironment } from '@/server/test/test-db';

const INVALID = 'Invalid or revoked API token.';

describe('API tokens', () => {
  let env: TestEnvironment;
  let app: FastifyInstance;
  let admin: TestClient;
  let customer: TestClient;
  let adminId: string;

  const salon = useTestApp({ admin: true });
  beforeAll(async () => {
    ({ env, app, admin } = salon);
    customer = await signedIn(app, 'customer');
    const row = env.database.db.select({ id: admins.id }).from(admins).where(eq(admins.email, DEMO_ADMIN.email)).get();
    adminId = row?.id ?? '';
  });

  /** A script's client: no cookies, only the token. */
  const bearer = (token: string, headers: Record<string, string> = {}) =>
    new TestClient(app, { authorization: `Bearer ${token}`, ...headers });

  const create = async (name: string): Promise<CreatedApiToken> => {
    const created = await admin.trpc<CreatedApiToken>('mutation', 'admin.apiTokens.create', { name });
    expect(created.status).toBe(200);
    if (!created.data) throw new Error(`no token created: ${created.error?.message}`);
    return created.data;
  };

  const list = async (client: TestClient = admin): Promise<ApiTokenView[]> =>
    (await client.trpc<ApiTokenView[]>('query', 'admin.apiTokens.list')).data ?? [];

  it('creates a named token whose secret is shown once and lists it newest first without the secret', async () => {
    const first = await create('  Nightly backup  ');
    const second = await create('Price import');

    expect(first.token).toMatch(/^salon_[a-z2-7]{32}$/);
    expect(second.token).not.toBe(first.token);
    expect(first.apiToken).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/) as string,
      name: 'Nightly backup',
      createdAt: expect.any(String) as string,
      lastUsedAt: null,
    });
    expect(Date.now() - Date.parse(first.apiToken.createdAt)).toBeLessThan(60_000);

    const listed = await list();
    expect(listed.slice(0, 2)).toEqual([second.apiToken, first.apiToken]);
    expect(JSON.stringify(listed)).not.toContain(first.token);
    expect(JSON.stringify(listed)).not.toContain(second.token);
  });

  it('stores only the SHA-256 of the secret, nowhere the secret itself', async () => {
    const { token, apiToken } = await create('Hash check');
    const row = env.database.db.select().from(apiTokens).where(eq(apiTokens.id, apiToken._id)).get();
    expect(row?.tokenHash).toBe(hashToken(token));
    expect(row?.adminId).toBe(adminId);
    expect(Object.values(row ?? {}).map(String)).not.toContain(token);
    // Not in the database file nor its write-ahead log either.
    const secret = token.slice('salon_'.length);
    for (const file of [env.config.databaseFile, `${env.config.databaseFile}-wal`]) {
      if (existsSync(file)) expect(readFileSync(file).includes(secret), file).toBe(false);
    }
  });

  it('refuses a blank name and one over 60 characters with clear messages', async () => {
    const blank = await admin.trpc('mutation', 'admin.apiTokens.create', { name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.error?.message).toBe('Token name is required');
    const long = await admin.trpc('mutation', 'admin.apiTokens.create', { name: 'x'.repeat(61) });
    expect(long.status).toBe(400);
    expect(long.error?.message).toBe('Token name must be at most 60 characters');
    expect((await list()).map((token) => token.name)).not.toContain('x'.repeat(61));
  });

  it('acts as the admin on /trpc for queries and mutations', async () => {
    const { token } = await create('tRPC script');
    const script = bearer(token);

    const me = await script.trpc<{ email: string }>('query', 'admin.account.me');
    expect(me.status).toBe(200);
    expect(me.data?.email).toBe(DEMO_ADMIN.email);

    const doomed = await create('Revoked by a script');
    const revoked = await script.trpc<{ _id: string }>('mutation', 'admin.apiTokens.revoke', {
      id: doomed.apiToken._id,
    });
    expect(revoked.status).toBe(200);
    expect(revoked.data).toEqual({ _id: doomed.apiToken._id });
    expect((await list()).map((t) => t._id)).not.toContain(doomed.apiToken._id);
  });

  it('acts as the admin on /api/v1: me, the bookings list and a multipart create', async () => {
    const { token } = await create('REST script');
    const script = bearer(token);

    const me = await script.rest<{ email: string }>('GET', '/admin/me');
    expect(me.status).toBe(200);
    expect(me.body.data.email).toBe(DEMO_ADMIN.email);

    const bookingsList = await script.rest<unknown[]>('GET', '/admin/bookings');
    expect(bookingsList.status).toBe(200);
    expect(Array.isArray(bookingsList.body.data)).toBe(true);

    const form = multipartForm(
      { name: 'Token Facial', price: '40', duration: '30', category: 'cosmetology', description: 'Made by a script.' },
      await jpegFile(),
    );
    const created = await script.rest<Service>('POST', '/admin/services', form);
    expect(created.status).toBe(201);
    expect(created.body.data.name).toBe('Token Facial');
    expect(script.lastSetCookies).toEqual([]);
  });

  it('notes when a token was last used, at most once a minute', async () => {
    const { token, apiToken } = await create('Last used');
    expect((await list()).find((t) => t._id === apiToken._id)?.lastUsedAt).toBeNull();

    const before = Date.now();
    expect((await bearer(token).rest('GET', '/admin/me')).status).toBe(200);
    const lastUsed = (await list()).find((t) => t._id === apiToken._id)?.lastUsedAt;
    expect(lastUsed).not.toBeNull();
    expect(Date.parse(lastUsed ?? '')).toBeGreaterThanOrEqual(before - 5);

    // Within the minute nothing is written; after it, the new time is.
    const used = new Date(Date.parse(lastUsed ?? ''));
    const storedTime = () =>
      env.database.db.select({ at: apiTokens.lastUsedAt }).from(apiTokens).where(eq(apiTokens.id, apiToken._id)).get()
        ?.at;
    validateApiToken(env.database.db, token, new Date(used.getTime() + 59_000));
    expect(storedTime()?.getTime()).toBe(used.getTime());
    validateApiToken(env.database.db, token, new Date(used.getTime() + 61_000));
    expect(storedTime()?.getTime()).toBe(used.getTime() + 61_000);
  });

  it('answers 401 to a revoked token on /trpc and /api/v1', async () => {
    const { token, apiToken } = await create('Soon revoked');
    const script = bearer(token);
    expect((await script.rest('GET', '/admin/me')).status).toBe(200);

    const revoked = await admin.trpc<{ _id: string }>('mutation', 'admin.apiTokens.revoke', { id: apiToken._id });
    expect(revoked.data).toEqual({ _id: apiToken._id });
    expect(env.database.db.select().from(apiTokens).where(eq(apiTokens.id, apiToken._id)).get()).toBeUndefined();

    const rest = await script.rest('GET', '/admin/me');
    expect(rest.status).toBe(401);
    expect(rest.body).toMatchObject({ statusCode: 401, data: null, success: false, message: INVALID });
    const trpc = await script.trpc('query', 'admin.account.me');
    expect(trpc.status).toBe(401);
    expect(trpc.error).toMatchObject({ message: INVALID, data: { code: 'UNAUTHORIZED' } });
  });

  it('answers 401 to an unknown token, even on public procedures and paths, and even beside a valid cookie', async () => {
    for (const script of [bearer('salon_notarealtokennotarealtokennotar'), bearer('something-else'), bearer('')]) {
      const rest = await script.rest('GET', '/services');
      expect(rest.status).toBe(401);
      expect(rest.body).toMatchObject({ statusCode: 401, success: false, message: INVALID });
      const trpc = await script.trpc('query', 'public.services.list');
      expect(trpc.status).toBe(401);
      expect(trpc.error?.message).toBe(INVALID);
      const mutation = await script.trpc('mutation', 'admin.apiTokens.revoke', { id: newId() });
      expect(mutation.status).toBe(401);
    }
    // A batch, as the web client's link sends it, is refused as a whole.
    const batch = await app.inject({
      method: 'GET',
      url: `/trpc/public.services.list,admin.account.me?batch=1&input=${encodeURIComponent('{}')}`,
      headers: { authorization: 'Bearer salon_notarealtoken' },
    });
    expect(batch.statusCode).toBe(401);
    expect(batch.json<{ error: { message: string } }[]>().map((call) => call.error.message)).toEqual([
      INVALID,
      INVALID,
    ]);
    // The token is the only credential read: the admin's own cookie does not rescue a bad token.
    const withCookie = await admin.rest('GET', '/admin/me', undefined, { authorization: 'Bearer salon_revoked' });
    expect(withCookie.status).toBe(401);
    expect((await admin.rest('GET', '/admin/me')).status).toBe(200);
  });

  it('reads no cookie when a token is sent: a customer cookie beside an admin token acts as the admin only', async () => {
    const { token } = await create('Beside a customer cookie');
    const me = await customer.rest<{ email: string }>('GET', '/admin/me', undefined, {
      authorization: `Bearer ${token}`,
    });
    expect(me.status).toBe(200);
    expect(me.body.data.email).toBe(DEMO_ADMIN.email);
    // The customer procedures do not see the customer's cookie on that request.
    const mine = await customer.rest('GET', '/users/me', undefined, { authorization: `Bearer ${token}` });
    expect(mine.status).toBe(401);
  });

  it('lets a token change state from a cross-site request while the admin cookie gets 403 for the same', async () => {
    const { token } = await create('Cross-site');
    const crossSite = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    const form = async (name: string) =>
      multipartForm(
        { name, price: '25', duration: '30', category: 'Nail care', description: 'From another site.' },
        await jpegFile(),
      );

    const withToken = await bearer(token, crossSite).rest<Service>(
      'POST',
      '/admin/services',
      await form('Token Manicure'),
    );
    expect(withToken.status).toBe(201);
    const doomed = await create('Cross-site revoke');
    const trpcWithToken = await bearer(token, crossSite).trpc('mutation', 'admin.apiTokens.revoke', {
      id: doomed.apiToken._id,
    });
    expect(trpcWithToken.status).toBe(200);

    const withCookie = await admin.rest('POST', '/admin/services', await form('Cookie Manicure'), crossSite);
    expect(withCookie.status).toBe(403);
    const other = await create('Cookie cannot revoke');
    const trpcWithCookie = await admin.trpc(
      'mutation',
      'admin.apiTokens.revoke',
      { id: other.apiToken._id },
      crossSite,
    );
    expect(trpcWithCookie.status).toBe(403);
    expect((await list()).map((t) => t._id)).toContain(other.apiToken._id);
  });

  it('refuses to create a token with a token (403), and refresh and logout with a token leave sessions and cookies alone', async () => {
    const { token } = await create('No children');
    const script = bearer(token);
    const before = (await list()).length;

    const created = await script.trpc('mutation', 'admin.apiTokens.create', { name: 'Child' });
    expect(created.status).toBe(403);
    expect(created.error?.message).toBe(
      'API tokens can only be created from a signed-in browser session, not with a token.',
    );
    expect((await list()).length).toBe(before);

    const sessionCount = () => env.database.db.select().from(sessions).all().length;
    const sessionsBefore = sessionCount();
    const refresh = await script.rest('POST', '/admin/refresh-token');
    expect(refresh.status).toBe(400);
    expect(refresh.body.message).toBe('API tokens have no session to refresh.');
    const logout = await script.trpc('mutation', 'admin.account.logout');
    expect(logout.status).toBe(400);
    expect(logout.error?.message).toBe(
      'API tokens have no session to log out of. Revoke the token in Settings instead.',
    );
    expect(script.lastSetCookies).toEqual([]);
    expect(sessionCount()).toBe(sessionsBefore);
    expect((await script.rest('GET', '/admin/me')).status).toBe(200);
  });

  it('does not let a customer list, create or revoke tokens (403)', async () => {
    const { apiToken } = await create('Not for customers');
    expect((await customer.trpc('query', 'admin.apiTokens.list')).status).toBe(403);
    expect((await customer.trpc('mutation', 'admin.apiTokens.create', { name: 'Mine' })).status).toBe(403);
    expect((await customer.trpc('mutation', 'admin.apiTokens.revoke', { id: apiToken._id })).status).toBe(403);
    expect((await list()).map((t) => t._id)).toContain(apiToken._id);
    expect((await new TestClient(app).trpc('query', 'admin.apiTokens.list')).status).toBe(401);
  });

  it("answers 404 for another admin's token or an unknown id, and keeps another admin's tokens out of the list", async () => {
    const otherId = newId();
    env.database.db
      .insert(admins)
      .values({ id: otherId, fullName: 'Other Admin', email: 'other@salon.test', passwordHash: 'not-a-real-hash' })
      .run();
    const theirs = createApiToken(env.database.db, { adminId: otherId, name: 'Their script' });

    expect((await list()).map((t) => t._id)).not.toContain(theirs.apiToken._id);
    const refused = await admin.trpc('mutation', 'admin.apiTokens.revoke', { id: theirs.apiToken._id });
    expect(refused.status).toBe(404);
    expect(refused.error?.message).toBe('API token not found');
    expect((await admin.trpc('mutation', 'admin.apiTokens.revoke', { id: newId() })).status).toBe(404);

    // Their token still works, as them.
    const them = await bearer(theirs.token).rest<{ email: string }>('GET', '/admin/me');
    expect(them.status).toBe(200);
    expect(them.body.data.email).toBe('other@salon.test');
    expect((await bearer(theirs.token).trpc<ApiTokenView[]>('query', 'admin.apiTokens.list')).data).toEqual([
      expect.objectContaining({ _id: theirs.apiToken._id, name: 'Their script' }),
    ]);
  });

  it('stops working when its admin is removed', async () => {
    const goneId = newId();
    env.database.db
      .insert(admins)
      .values({ id: goneId, fullName: 'Gone Admin', email: 'gone@salon.test', passwordHash: 'not-a-real-hash' })
      .run();
    const { token } = createApiToken(env.database.db, { adminId: goneId, name: 'Orphan' });
    expect((await bearer(token).rest('GET', '/admin/me')).status).toBe(200);
    env.database.db.delete(admins).where(eq(admins.id, goneId)).run();
    expect(env.database.db.select().from(apiTokens).where(eq(apiTokens.adminId, goneId)).all()).toEqual([]);
    expect((await bearer(token).rest('GET', '/admin/me')).status).toBe(401);
  });
});
