import { eq } from 'drizzle-orm';
import type { LoginInput } from '@/shared/schemas/auth';
import { admins, users } from '@/server/db/schema';
import type { Db } from '@/server/db/client';
import type { Config } from '@/server/env';
import { findAdminAccount, findUserAccount, type AdminAccount, type UserAccount } from './accounts';
import { hashPassword, verifyPassword } from './passwords';
import { countGuess, type RateLimits } from './rate-limit';
import { createSession, type SessionCookies, type SessionKind } from './sessions';
import { NotSignedIn } from '@/server/errors';

const isActiveAdmin = (db: Db, id: string): boolean =>
  db.select({ active: admins.active }).from(admins).where(eq(admins.id, id)).get()?.active === true;

/** What a login needs of the request: the database, the limits, the client's address, its cookies. */
export interface LoginDeps {
  db: Db;
  config: Pick<Config, 'publicUrl'>;
  limits: Pick<RateLimits, 'loginPerAccount' | 'loginPerAddress'>;
  ip: string;
  cookies: SessionCookies;
}

// Checked when the e-mail is unknown, so an unknown address takes as long as a wrong password.
let dummyHash: Promise<string> | undefined;

type Credentials = { email: string; password: LoginInput['password'] };

/**
 * Logs a customer or an admin in: throttled per account and per client address; a wrong password
 * and an unknown e-mail get the same answer; success starts a new session and sets its cookie.
 */
export async function login(ctx: LoginDeps, kind: 'user', input: Credentials): Promise<UserAccount>;
export async function login(ctx: LoginDeps, kind: 'admin', input: Credentials): Promise<AdminAccount>;
export async function login(
  ctx: LoginDeps,
  kind: SessionKind,
  input: Credentials,
): Promise<UserAccount | AdminAccount> {
  const { loginPerAccount, loginPerAddress } = ctx.limits;
  const accountKey = `${kind}:${input.email}`;
  countGuess(
    [
      [loginPerAccount, accountKey],
      [loginPerAddress, ctx.ip],
    ],
    'Too many login attempts.',
  );
  const table = kind === 'user' ? users : admins;
  const row = ctx.db
    .select({ id: table.id, passwordHash: table.passwordHash })
    .from(table)
    .where(eq(table.email, input.email))
    .get();
  dummyHash ??= hashPassword('not-a-real-password');
  // An account the salon made by phone has no password ('') until its owner signs up: nothing logs into it.
  const hasPassword = row !== undefined && row.passwordHash !== '';
  const valid = await verifyPassword(hasPassword ? row.passwordHash : await dummyHash, input.password);
  if (!row || !hasPassword || !valid) throw new NotSignedIn('Invalid email or password');
  // A deactivated staff account (Settings > Team) is told so, once its password is right.
  if (kind === 'admin' && !isActiveAdmin(ctx.db, row.id)) {
    throw new NotSignedIn('This account has been deactivated. Ask the salon’s owner to turn it on again.');
  }
  // Only failures count: the right password clears the account's count and is not held against the address.
  loginPerAccount.reset(accountKey);
  loginPerAddress.forgive(ctx.ip);
  const session = createSession(ctx.db, kind, row.id);
  ctx.cookies.set(kind, session.token, session.expiresAt);
  const account =
    kind === 'user' ? findUserAccount(ctx.db, ctx.config, row.id) : findAdminAccount(ctx.db, ctx.config, row.id);
  if (!account) throw new Error('logged-in account vanished');
  return account;
}
