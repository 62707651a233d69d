// My account's "Change e-mail" (README "Accounts"): a code mailed to the new address, the code
// typed back, then the account moves there. Codes are sign-up's (./otp.ts: 4 digits, 10 minutes, 5
// tries, the same limit per address), and so are the messages. The old address is told afterwards,
// and the customer's other sessions end, as after a password change.
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/server/db/client';
import { isUniqueViolation } from '@/server/db/constraint-errors';
import { newId } from '@/server/db/ids';
import { openBookingsAheadOf } from '@/server/bookings/records';
import { bookings, messages, passwordResetTokens, users } from '@/server/db/schema';
import type { Config } from '@/server/env';
import { enqueueMail, type Outbox } from '@/server/outbox/enqueue';
import { consumeVerifiedEmail, issueOtp, otpSendWait, verifyOtp } from './otp';
import { refuseWhileWaiting, throttle, type RateLimits } from './rate-limit';
import { invalidateAccountSessions } from './sessions';
import { isCurrentPassword } from './profile';
import { ALREADY_REGISTERED, OTP_REFUSALS } from './signup';
import { Conflict, InvalidFields, NotSignedIn } from '@/server/errors';

const SAME_EMAIL = 'This is already your email address.';
/** As a password change says it (auth/profile.ts). */
const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';

/**
 * The dedupe key of a mail about an account that goes to an address which is not (or no longer)
 * the account's own: a new address's code, the old address's notice. It links the row to the
 * account, so deleting the account finds these addresses too (./account-deletion.ts).
 */
export const accountMailKeyPrefix = (userId: string) => `account:${userId}:`;
const accountMailKey = (userId: string) => `${accountMailKeyPrefix(userId)}${newId()}`;

/** Another account has this address: whether its owner signed up (it has a password), or undefined. */
const holderOf = (db: DbOrTx, email: string, userId: string): { signedUp: boolean } | undefined => {
  const row = db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)))
    .get();
  return row ? { signedUp: row.passwordHash !== '' } : undefined;
};

const currentEmailOf = (db: DbOrTx, userId: string): string => {
  const row = db.select({ email: users.email }).from(users).where(eq(users.id, userId)).get();
  if (!row) throw new NotSignedIn();
  return row.email;
};

/** The address is the customer's own already: said at once (it tells nobody anything new). */
function refuseSame(db: DbOrTx, userId: string, email: string): string {
  const current = currentEmailOf(db, userId);
  if (current === email) throw new InvalidFields([{ path: 'email', message: SAME_EMAIL }]);
  return current;
}

/** The confirming step's checks: not their own address, and (with the code typed) nobody else's. */
function refuseUnusable(db: DbOrTx, userId: string, email: string): string {
  const current = refuseSame(db, userId, email);
  if (holderOf(db, email, userId)) throw new Conflict(ALREADY_REGISTERED);
  return current;
}

/** `n***@example.com`: enough for the owner to recognise their address in the notice to the old one. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/**
 * Mails a code to the new address. Throttled like sign-up's send-otp (per client address, then per
 * e-mail address with the same 429 messages). Like sign-up it never tells who is registered: for an
 * address another customer signed up with, that address gets sign-up's "you have an account" mail
 * instead of a code (one the salon made by phone gets nothing), and the answer is the same.
 */
export function requestEmailChange(
  deps: {
    db: Db;
    config: Pick<Config, 'publicUrl'>;
    outbox: Outbox;
    limits: Pick<RateLimits, 'otpPerAddress'>;
    ip: string;
  },
  userId: string,
  email: string,
): void {
  const { db } = deps;
  throttle(deps.limits.otpPerAddress, deps.ip, 'Too many requests.');
  refuseSame(db, userId, email);
  refuseWhileWaiting(otpSendWait(db, email), 'Too many codes were sent to this email.');
  db.transaction(
    (tx) => {
      // A code row even when none is mailed: the per-address limit counts every request alike.
      const code = issueOtp(tx, email);
      const holder = holderOf(tx, email, userId);
      if (!holder)
        enqueueMail(tx, email, { template: 'email-change-code', code }, { dedupeKey: accountMailKey(userId) });
      else if (holder.signedUp)
        enqueueMail(tx, email, { template: 'account-exists', loginLink: `${deps.config.publicUrl}/login` });
    },
    { behavior: 'immediate' },
  );
  deps.outbox.wake();
}

/**
 * Moves the account to the new address when the current password and the code are right
 * (otherwise `currentPassword` as a password change says it, and sign-up's messages under `otp`):
 * a session left open on a shared computer cannot take the account over. Uniqueness is checked
 * again in the writing transaction, with the unique index as the backstop (409 either way). The
 * customer's open bookings ahead made with the old address, and the mails still waiting for them,
 * go to the new one; the old address gets a notice; reset links mailed before are void; the
 * customer's other sessions end.
 */
export async function confirmEmailChange(
  deps: {
    db: Db;
    config: Pick<Config, 'publicUrl'>;
    outbox: Outbox;
    limits: Pick<RateLimits, 'passwordChecksPerAccount'>;
  },
  account: { id: string; sessionId?: string | undefined },
  input: { email: string; otp: string; currentPassword: string },
): Promise<void> {
  const { db } = deps;
  const { email } = input;
  const given = db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, account.id)).get();
  if (
    !given ||
    !(await isCurrentPassword(
      deps.limits,
      { kind: 'user', id: account.id, passwordHash: given.passwordHash },
      input.currentPassword,
    ))
  ) {
    throw new InvalidFields([{ path: 'currentPassword', message: CURRENT_PASSWORD_INCORRECT }]);
  }
  refuseSame(db, account.id, email);
  // The code before whether someone else holds the address (checked in the transaction below):
  // only the owner of the mailbox learns that another account has it.
  const check = verifyOtp(db, email, input.otp);
  if (check !== 'verified') throw new InvalidFields([{ path: 'otp', message: OTP_REFUSALS[check] }]);
  const now = new Date();
  try {
    db.transaction(
      (tx) => {
        const previous = refuseUnusable(tx, account.id, email);
        // The password changed while the one given was checked.
        const stored = tx
          .select({ passwordHash: users.passwordHash })
          .from(users)
          .where(eq(users.id, account.id))
          .get();
        if (stored?.passwordHash !== given.passwordHash)
          throw new InvalidFields([{ path: 'currentPassword', message: CURRENT_PASSWORD_INCORRECT }]);
        // The code proved the address for this change, not for a sign-up as well.
        consumeVerifiedEmail(tx, email, { now });
        tx.update(users).set({ email }).where(eq(users.id, account.id)).run();
        // A reset link mailed to the old address must not open the account any more.
        tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, account.id)).run();
        // Bookings made with the old address (not those made for someone else's address).
        // Read once: after the update below they no longer carry the old address.
        const openAhead = tx
          .select({ id: bookings.id })
          .from(bookings)
          .where(and(openBookingsAheadOf(account.id, now), eq(bookings.email, previous)))
          .all()
          .map((row) => row.id);
        tx.update(bookings).set({ email }).where(inArray(bookings.id, openAhead)).run();
        if (previous !== '') {
          // Reminders and other mails about those bookings not sent yet.
          tx.update(messages)
            .set({ recipient: email })
            .where(
              and(
                eq(messages.status, 'pending'),
                eq(messages.channel, 'mail'),
                eq(messages.recipient, previous),
                inArray(messages.bookingId, openAhead),
              ),
            )
            .run();
          enqueueMail(
            tx,
            previous,
            {
              template: 'email-changed',
              maskedNewEmail: maskEmail(email),
              contactLink: `${deps.config.publicUrl}/contact`,
            },
            { dedupeKey: accountMailKey(account.id) },
          );
        }
      },
      { behavior: 'immediate' },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict(ALREADY_REGISTERED);
    throw error;
  }
  invalidateAccountSessions(db, 'user', account.id, account.sessionId);
  deps.outbox.wake();
}
