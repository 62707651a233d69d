import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { newId } from '@/server/db/ids';
import { sessions, users } from '@/server/db/schema';
import { createTestEnvironment, type TestEnvironment } from '@/server/test/test-db';
import {
  createSession,
  deleteExpiredSessions,
  invalidateAccountSessions,
  SESSION_LIFETIME_MS,
  validateSessionToken,
} from './sessions';
import { hashToken } from './tokens';

describe('sessions', () => {
  let env: TestEnvironment;
  const userId = newId();
  beforeAll(async () => {
    env = await createTestEnvironment();
    env.database.db
      .insert(users)
      .values({ id: userId, fullName: 'Clara Demo', email: 'clara@x.test', phone: '9000000000', passwordHash: 'x' })
      .run();
  });
  const db = () => env.database.db;

  it('stores only the SHA-256 of the token, never the token', () => {
    const { token } = createSession(db(), 'user', userId);
    const rows = db().select().from(sessions).all();
    expect(rows.some((row) => row.id === token)).toBe(false);
    expect(rows.some((row) => row.id === hashToken(token))).toBe(true);
  });

  it('recognises a customer token as a customer session only', () => {
    const { token } = createSession(db(), 'user', userId);
    expect(validateSessionToken(db(), 'user', token)?.account.fullName).toBe('Clara Demo');
    expect(validateSessionToken(db(), 'admin', token)).toBeNull();
    expect(validateSessionToken(db(), 'user', `${token}x`)).toBeNull();
  });

  it('slides the expiry of a session used in its second half', () => {
    const start = new Date('2026-01-01T00:00:00Z');
    const { token } = createSession(db(), 'user', userId, start);
    const early = validateSessionToken(db(), 'user', token, new Date(start.getTime() + 1000));
    expect(early?.renewed).toBe(false);
    const later = new Date(start.getTime() + SESSION_LIFETIME_MS * 0.75);
    const renewed = validateSessionToken(db(), 'user', token, later);
    expect(renewed?.renewed).toBe(true);
    expect(renewed?.expiresAt.getTime()).toBe(later.getTime() + SESSION_LIFETIME_MS);
  });

  it('forgets an expired session', () => {
    const start = new Date('2026-01-01T00:00:00Z');
    const { token } = createSession(db(), 'user', userId, start);
    expect(validateSessionToken(db(), 'user', token, new Date(start.getTime() + SESSION_LIFETIME_MS + 1))).toBeNull();
    expect(
      db()
        .select()
        .from(sessions)
        .where(eq(sessions.id, hashToken(token)))
        .get(),
    ).toBeUndefined();
  });

  it('clears out sessions that expired unseen', () => {
    const { token } = createSession(db(), 'user', userId, new Date('2020-01-01T00:00:00Z'));
    const live = createSession(db(), 'user', userId);
    deleteExpiredSessions(db());
    expect(
      db()
        .select()
        .from(sessions)
        .where(eq(sessions.id, hashToken(token)))
        .get(),
    ).toBeUndefined();
    expect(validateSessionToken(db(), 'user', live.token)).not.toBeNull();
  });

  it('ends every session of an account at once', () => {
    const a = createSession(db(), 'user', userId);
    const b = createSession(db(), 'user', userId);
    invalidateAccountSessions(db(), 'user', userId);
    expect(validateSessionToken(db(), 'user', a.token)).toBeNull();
    expect(validateSessionToken(db(), 'user', b.token)).toBeNull();
  });
});
