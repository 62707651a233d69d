// Forgotten passwords, for customers and admins alike: a link by e-mail, then a new password.
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { admins, users } from '@/server/db/schema';
import type { Config } from '@/server/env';
import { enqueueMail, type Outbox } from '@/server/outbox/enqueue';
import { hashPassword } from './passwords';
import { refuseWhileWaiting, throttle, type RateLimits } from './rate-limit';
import { consumeResetToken, isLiveResetToken, issueResetToken, voidResetTokens } from './reset-tokens';
import { invalidateAccountSessions, type SessionKind } from './sessions';
import { InvalidRequest } from '@/server/errors';

export const RESET_REQUESTED_MESSAGE = 'If an account exists for this email, a reset link is on its way.';

interface ResetRequestDeps {
  db: Db;
  config: Pick<Config, 'publicUrl'>;
  outbox: Outbox;
  limits: Pick<RateLimits, 'resetPerAddress' | 'resetPerAccount'>;
  /** The client's address, for the per-address limit. */
  ip: string;
}

/**
 * Mails a reset link to the customer and the admin with this e-mail, if any; the caller answers
 * the same either way. Throttled per client address (429) and, silently, per account.
 */
export function requestPasswordReset(deps: ResetRequestDeps, email: string): void {
  const { db, limits, ip } = deps;
  throttle(limits.resetPerAddress, ip, 'Too many requests.');
  if (limits.resetPerAccount.retryAfter(email) > 0) return;
  limits.resetPerAccount.hit(email);
  const owners = [
    ...db
      .select({ id: users.id, fullName: users.fullName })
      .from(users)
      .where(eq(users.email, email))
      .all()
      .map((row) => ({ ...row, kind: 'user' as const })),
    ...db
      .select({ id: admins.id, fullName: admins.fullName })
      .from(admins)
      .where(eq(admins.email, email))
      .all()
      .map((row) => ({ ...row, kind: 'admin' as const })),
  ];
  if (owners.length === 0) return;
  db.transaction(
    (tx) => {
      for (const owner of owners) {
        const token = issueResetToken(tx, owner.kind, owner.id);
        enqueueMail(tx, email, {
          template: 'password-reset',
          link: `${deps.config.publicUrl}/reset-password/${token}`,
          fullName: owner.fullName,
        });
      }
    },
    { behavior: 'immediate' },
  );
  deps.outbox.wake();
}

const INVALID_LINK = 'The reset link is invalid or has expired.';

/**
 * Sets a new password from a reset link (once) and ends every session of that account. The token
 * is looked up before the password is hashed, so a guessed token costs the server one lookup; it
 * is used up after the hash, in one statement, so two requests with one link cannot both succeed.
 */
export function resetPassword(deps: PasswordLinkDeps, token: string, password: string): Promise<void> {
  return setPasswordFromLink(deps, token, password, { invalid: INVALID_LINK });
}

interface PasswordLinkDeps {
  db: Db;
  limits: Pick<RateLimits, 'resetTriesPerAddress'>;
  ip: string;
}

/**
 * The one step of an e-mailed password link (a reset, or a staff invitation: team/team.ts): the
 * token is checked, then used up with the new password's hash in one transaction; `onlyKind`
 * refuses another kind of account's link (and leaves it unused). Dead tokens count against the
 * client's address; the owner of a live link is never held up.
 */
export async function setPasswordFromLink(
  deps: PasswordLinkDeps,
  token: string,
  password: string,
  rule: { invalid: string; onlyKind?: SessionKind },
): Promise<void> {
  const { db, limits, ip } = deps;
  refuseWhileWaiting(limits.resetTriesPerAddress.retryAfter(ip), 'Too many attempts.');
  if (!isLiveResetToken(db, token)) {
    limits.resetTriesPerAddress.hit(ip);
    throw new InvalidRequest(rule.invalid);
  }
  const passwordHash = await hashPassword(password);
  db.transaction(
    (tx) => {
      const owner = consumeResetToken(tx, token);
      if (!owner || (rule.onlyKind !== undefined && owner.kind !== rule.onlyKind)) {
        throw new InvalidRequest(rule.invalid);
      }
      const table = owner.kind === 'user' ? users : admins;
      tx.update(table).set({ passwordHash }).where(eq(table.id, owner.accountId)).run();
      // Any other link of the account (an earlier invitation or reset) dies with this one.
      voidResetTokens(tx, owner.kind, owner.accountId);
      invalidateAccountSessions(tx, owner.kind, owner.accountId);
    },
    { behavior: 'immediate' },
  );
}
