import { TRPCError } from '@trpc/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '@/server/db/client';
import type { Config } from '@/server/env';
import { SYSTEM, type Actor } from '@/server/team/actor';
import { validateApiToken } from '@/server/auth/api-tokens';
import { createRateLimits, type RateLimits } from '@/server/auth/rate-limit';
import { isForeignSiteRequest } from '@/server/auth/same-origin';
import { forgetCatalogue } from '@/server/catalogue/cache';
import { idleOutbox, type Outbox } from '@/server/outbox/enqueue';
import { REPLICATION_OFF, type ReplicationStatus } from '@/shared/schemas/backups';
import {
  COOKIE_NAME,
  validateSessionToken,
  type SessionCookies,
  type SessionKind,
  type SessionUser,
} from '@/server/auth/sessions';

/** Signed in through a session cookie (`via` may be left out: a session is the default). */
export interface SignedInBySession extends SessionUser {
  via?: 'session';
  sessionId: string;
  /** The cookie's token, to set the cookie again when the session is renewed. */
  sessionToken: string;
}

/**
 * Signed in with an API token (`Authorization: Bearer`, admins only): there is no session to
 * renew or end, and the token never goes into a cookie.
 */
export interface SignedInByToken extends SessionUser {
  via: 'token';
  tokenId: string;
  tokenName: string;
  sessionId?: undefined;
  sessionToken?: undefined;
}

export type SignedIn = SignedInBySession | SignedInByToken;

/** What an unknown or revoked token gets, on /trpc and /api/v1 alike (401). */
export const INVALID_API_TOKEN_MESSAGE = 'Invalid or revoked API token.';

/**
 * The token of an `Authorization: Bearer <token>` header; undefined when the request has no
 * such header (another scheme is not ours to judge, and is ignored).
 */
export function bearerTokenOf(authorization: string | undefined): string | undefined {
  const match = authorization === undefined ? null : /^Bearer(?:\s+(.*))?$/i.exec(authorization.trim());
  if (!match) return undefined;
  return (match[1] ?? '').trim();
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
  /** The sign-up proof cookie this browser got for typing a code (auth/signup.ts), if any. */
  signupProof: string | undefined;
  /** The client's address, for rate limits. */
  ip: string;
  /** Told after a write that put messages in the outbox (outbox/delivery.ts sends them). */
  outbox: Outbox;
  limits: RateLimits;
  /** A browser request sent by another site's page: state changes are refused. */
  foreignSite: boolean;
  /** Drops the public catalogue's cached copies (catalogue/cache.ts): called after every admin change. */
  forgetCatalogue: () => void;
  /**
   * Who the activity log says makes this request's changes: the member of staff (or API token) in
   * a back-office procedure, the customer in a customer's, else the system (trpc/init.ts).
   */
  actor: Actor;
  /** Whether the database and pictures are streamed off the box, and how far behind (replication/). */
  replication: () => ReplicationStatus;
}

export interface InnerContextOptions {
  db: Db;
  config: Config;
  user?: SignedIn | null;
  admin?: SignedIn | null;
  cookies?: SessionCookies;
  signupProof?: string | undefined;
  ip?: string;
  /** Default: nobody delivers (the rows wait in the outbox). */
  outbox?: Outbox;
  limits?: RateLimits;
  foreignSite?: boolean;
  /** Default: replication is off. */
  replication?: (() => ReplicationStatus) | undefined;
}

const noCookies: SessionCookies = { set: () => undefined, clear: () => undefined };

export function createInnerContext(options: InnerContextOptions): Context {
  return {
    db: options.db,
    config: options.config,
    user: options.user ?? null,
    admin: options.admin ?? null,
    cookies: options.cookies ?? noCookies,
    signupProof: options.signupProof,
    ip: options.ip ?? '127.0.0.1',
    outbox: options.outbox ?? idleOutbox,
    limits: options.limits ?? createRateLimits(options.config),
    foreignSite: options.foreignSite ?? false,
    forgetCatalogue: () => forgetCatalogue(options.db),
    actor: SYSTEM,
    replication: options.replication ?? (() => REPLICATION_OFF),
  };
}

/** The outer context: resolves both session cookies of a Fastify request. */
export interface RequestContextDeps {
  db: Db;
  config: Config;
  outbox: Outbox;
  limits: RateLimits;
  replication?: (() => ReplicationStatus) | undefined;
}

/**
 * True when a browser sent the request from another site's page and no Bearer token vouches for
 * it (a token is not ambient like a cookie: see createRequestContext). Its state changes are refused.
 */
export function isForeignSiteCall(deps: Pick<RequestContextDeps, 'config'>, req: FastifyRequest): boolean {
  if (bearerTokenOf(req.headers.authorization) !== undefined) return false;
  return isForeignSiteRequest(req.headers, {
    ownOrigins: [deps.config.publicUrl, `${req.protocol}://${req.host}`],
    corsOrigins: deps.config.corsOrigins,
  });
}

/**
 * The context of a Fastify request. A Bearer token, when sent, is the only credential read:
 * cookies are ignored and the same-origin check does not apply (see docs/decisions/0012-api-tokens.md).
 * An unknown or revoked token throws UNAUTHORIZED, which both adapters answer with 401.
 */
export function createRequestContext(deps: RequestContextDeps, req: FastifyRequest, reply: FastifyReply): Context {
  const cookies: SessionCookies = {
    set(kind, token, expiresAt) {
      void reply.setCookie(COOKIE_NAME[kind], token, {
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        secure: deps.config.production,
        expires: expiresAt,
      });
    },
    clear(kind) {
      void reply.clearCookie(COOKIE_NAME[kind], {
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        secure: deps.config.production,
      });
    },
  };
  const bearer = bearerTokenOf(req.headers.authorization);
  if (bearer !== undefined) {
    const account = bearer === '' ? null : validateApiToken(deps.db, bearer);
    if (!account) throw new TRPCError({ code: 'UNAUTHORIZED', message: INVALID_API_TOKEN_MESSAGE });
    return createInnerContext({
      db: deps.db,
      config: deps.config,
      user: null,
      admin: { ...account, via: 'token' },
      cookies,
      ip: req.ip,
      outbox: deps.outbox,
      limits: deps.limits,
      replication: deps.replication,
      // Another site's page cannot send an Authorization header without a CORS preflight this
      // server approves, and the token is not ambient like a cookie: the request is the script's own.
      foreignSite: false,
    });
  }
  const resolve = (kind: SessionKind): SignedInBySession | null => {
    const token = req.cookies[COOKIE_NAME[kind]];
    if (!token) return null;
    const session = validateSessionToken(deps.db, kind, token);
    if (!session) {
      cookies.clear(kind);
      return null;
    }
    if (session.renewed) cookies.set(kind, token, session.expiresAt);
    return { ...session.account, via: 'session', sessionId: session.sessionId, sessionToken: token };
  };
  return createInnerContext({
    db: deps.db,
    config: deps.config,
    user: resolve('user'),
    admin: resolve('admin'),
    cookies,
    signupProof: req.cookies[COOKIE_NAME.signup],
    ip: req.ip,
    outbox: deps.outbox,
    limits: deps.limits,
    replication: deps.replication,
    foreignSite: isForeignSiteCall(deps, req),
  });
}
