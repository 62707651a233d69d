// Sessions after Lucia's current guidance (the `lucia` package itself is deprecated): a random
// token lives only in the HttpOnly cookie, the database keeps its SHA-256, the expiry slides.
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { StaffRole } from '@/shared/constants';
import type { Db, DbOrTx } from '@/server/db/client';
import { admins, sessions, users } from '@/server/db/schema';
import { preparedOnce } from '@/server/db/statements';
import { generateSecretToken, hashToken } from './tokens';

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** A session used in its second half is extended to a full lifetime again. */
const SESSION_RENEW_WITHIN_MS = SESSION_LIFETIME_MS / 2;

export type SessionKind = 'user' | 'admin';
export const SESSION_COOKIE: Record<SessionKind, string> = {
  user: 'salon_session',
  admin: 'salon_admin_session',
};

/**
 * The cookies the server sets: the two sessions, and the proof that this browser typed a sign-up
 * code (auth/signup.ts), which only the sign-up that follows reads.
 */
export type CookieKind = SessionKind | 'signup';
export const COOKIE_NAME: Record<CookieKind, string> = { ...SESSION_COOKIE, signup: 'salon_signup' };

/** Sets and clears the server's cookies on the current response. */
export interface SessionCookies {
  set(kind: CookieKind, token: string, expiresAt: Date): void;
  clear(kind: CookieKind): void;
}

export interface SessionUser {
  id: string;
  fullName: string;
  email: string;
  /** A back-office account's role (and the specialist a `specialist` account is); none for a customer. */
  role?: StaffRole;
  specialistId?: string | null;
}

export interface ValidSession {
  sessionId: string;
  expiresAt: Date;
  /** True when the expiry moved: the cookie should be set again. */
  renewed: boolean;
  account: SessionUser;
}

/** Creates a session and returns the token to put in the cookie (never stored). */
export function createSession(
  db: Db,
  kind: SessionKind,
  accountId: string,
  now = new Date(),
): { token: string; expiresAt: Date } {
  const token = generateSecretToken();
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  db.insert(sessions)
    .values({
      id: hashToken(token),
      userId: kind === 'user' ? accountId : null,
      adminId: kind === 'admin' ? accountId : null,
      expiresAt,
      createdAt: now,
    })
    .run();
  return { token, expiresAt };
}

/**
 * A session with its account's id, name and e-mail, by the session's id (the token's hash). Read on
 * every signed-in request: prepared once per connection (db/statements.ts).
 */
const lookupsOf = preparedOnce((db) => {
  const bySessionId = eq(sessions.id, sql.placeholder('sessionId'));
  return {
    user: db
      .select({ expiresAt: sessions.expiresAt, id: users.id, fullName: users.fullName, email: users.email })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(bySessionId)
      .prepare(),
    admin: db
      .select({
        expiresAt: sessions.expiresAt,
        id: admins.id,
        fullName: admins.fullName,
        email: admins.email,
        role: admins.role,
        specialistId: admins.specialistId,
      })
      .from(sessions)
      .innerJoin(admins, eq(admins.id, sessions.adminId))
      // A deactivated account's sessions are ended with it; this keeps any that outlived it out.
      .where(and(bySessionId, eq(admins.active, true)))
      .prepare(),
  };
});

/** Looks a cookie token up; expired sessions are deleted, live ones slide. */
export function validateSessionToken(db: Db, kind: SessionKind, token: string, now = new Date()): ValidSession | null {
  const sessionId = hashToken(token);
  const lookups = lookupsOf(db);
  const row: (SessionUser & { expiresAt: Date }) | undefined =
    kind === 'admin' ? lookups.admin.get({ sessionId }) : lookups.user.get({ sessionId });
  if (!row) return null;
  if (row.expiresAt.getTime() <= now.getTime()) {
    db.delete(sessions).where(eq(sessions.id, sessionId)).run();
    return null;
  }
  let expiresAt = row.expiresAt;
  let renewed = false;
  if (expiresAt.getTime() - now.getTime() < SESSION_RENEW_WITHIN_MS) {
    expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
    db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId)).run();
    renewed = true;
  }
  return {
    sessionId,
    expiresAt,
    renewed,
    account:
      row.role === undefined
        ? { id: row.id, fullName: row.fullName, email: row.email }
        : {
            id: row.id,
            fullName: row.fullName,
            email: row.email,
            role: row.role,
            specialistId: row.specialistId ?? null,
          },
  };
}

export function invalidateSession(db: Db, sessionId: string): void {
  db.delete(sessions).where(eq(sessions.id, sessionId)).run();
}

/** Ends every session of one account (after a password reset), or all but the one in use. */
export function invalidateAccountSessions(
  db: DbOrTx,
  kind: SessionKind,
  accountId: string,
  exceptSessionId?: string,
): void {
  const owner = kind === 'user' ? sessions.userId : sessions.adminId;
  const others = exceptSessionId ? and(eq(owner, accountId), ne(sessions.id, exceptSessionId)) : eq(owner, accountId);
  db.delete(sessions).where(others).run();
}

/** Gives a live session a full lifetime again (the refresh-token endpoints). */
export function extendSession(db: Db, sessionId: string, now = new Date()): Date {
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId)).run();
  return expiresAt;
}

export function deleteExpiredSessions(db: Db, now = new Date()): void {
  db.delete(sessions).where(lt(sessions.expiresAt, now)).run();
}
