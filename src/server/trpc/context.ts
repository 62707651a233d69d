import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { Config } from '../env';
import {
  SESSION_COOKIE,
  validateSessionToken,
  type SessionKind,
  type SessionUser,
} from '../auth/sessions';

/** Sets and clears the session cookies of the current response. */
export interface SessionCookies {
  set(kind: SessionKind, token: string, expiresAt: Date): void;
  clear(kind: SessionKind): void;
}

export interface SignedIn extends SessionUser {
  sessionId: string;
}

/** The inner context: all a procedure needs, buildable without HTTP (tests, scripts). */
export interface Context {
  db: Db;
  config: Config;
  /** The logged-in customer, from the customer session cookie. */
  user: SignedIn | null;
  /** The logged-in admin, from the admin session cookie (separate, so one browser can hold both). */
  admin: SignedIn | null;
  cookies: SessionCookies;
  /** The client's address, for rate limits. */
  ip: string;
}

export interface InnerContextOptions {
  db: Db;
  config: Config;
  user?: SignedIn | null;
  admin?: SignedIn | null;
  cookies?: SessionCookies;
  ip?: string;
}

const noCookies: SessionCookies = { set: () => undefined, clear: () => undefined };

export function createInnerContext(options: InnerContextOptions): Context {
  return {
    db: options.db,
    config: options.config,
    user: options.user ?? null,
    admin: options.admin ?? null,
    cookies: options.cookies ?? noCookies,
    ip: options.ip ?? '127.0.0.1',
  };
}

/** The outer context: resolves both session cookies of a Fastify request. */
export function createRequestContext(
  deps: { db: Db; config: Config },
  req: FastifyRequest,
  reply: FastifyReply,
): Context {
  const cookies: SessionCookies = {
    set(kind, token, expiresAt) {
      void reply.setCookie(SESSION_COOKIE[kind], token, {
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        secure: deps.config.production,
        expires: expiresAt,
      });
    },
    clear(kind) {
      void reply.clearCookie(SESSION_COOKIE[kind], {
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        secure: deps.config.production,
      });
    },
  };
  const resolve = (kind: SessionKind): SignedIn | null => {
    const token = req.cookies[SESSION_COOKIE[kind]];
    if (!token) return null;
    const session = validateSessionToken(deps.db, kind, token);
    if (!session) {
      cookies.clear(kind);
      return null;
    }
    if (session.renewed) cookies.set(kind, token, session.expiresAt);
    return { ...session.account, sessionId: session.sessionId };
  };
  return createInnerContext({
    db: deps.db,
    config: deps.config,
    user: resolve('user'),
    admin: resolve('admin'),
    cookies,
    ip: req.ip,
  });
}
