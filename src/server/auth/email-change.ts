// My account's "Change e-mail" (issue 21): a code mailed to the new address, the code typed back,
// then the account moves there. Codes are sign-up's (./otp.ts: 4 digits, 10 minutes, 5 tries, the
// same limit per address), and so are the messages. The old address is told afterwards, and the
// customer's other sessions end, as after a password change.
import { TRPCError } from '@trpc/server';
import { and, eq, gt, inArray, ne } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/server/db/client';
import { isUniqueViolation } from '@/server/db/constraint-errors';
import { newId } from '@/server/db/ids';
import { bookings, messages, users } from '@/server/db/schema';
import type { Config } from '@/server/env';
import { enqueueMail, type Outbox } from '@/server/outbox/enqueue';
import { invalidFields } from '@/server/trpc/errors';
import { consumeVerifiedEmail, issueOtp, otpSendWait, verifyOtp } from './otp';
import { refuseWhileWaiting, throttle, type RateLimits } from './rate-limit';
import { invalidateAccountSessions } from './sessions';
import { ALREADY_REGISTERED, OTP_REFUSALS } from './signup';

const SAME_EMAIL = 'This is already your email address.';

/**
 * The dedupe key of a mail about an account that goes to an address which is not (or no longer)
 * the account's own: a new address's code, the old address's notice. It links the row to the
 * account, so deleting the account finds these addresses too (./account-deletion.ts).
 */
export const accountMailKeyPrefix = (userId: string) => `account:${userId}:`;
const accountMailKey = (userId: string) => `${accountMailKeyPrefix(userId)}${newId()}`;

/** Another account (with a password or made by the salon) has this address. */
const takenByAnother = (db: DbOrTx, email: string, userId: string): boolean =>
  db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)))
    .get() !== undefined;

const currentEmailOf = (db: DbOrTx, userId: string): string => {
  const row = db.select({ email: users.email }).from(users).where(eq(users.id, userId)).get();
  if (!row) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please login first' });
  return row.email;
};

/** The checks both steps make first: an address of the customer's own, nobody else's. */
function refuseUnusable(db: DbOrTx, userId: string, email: string): string {
  const current = currentEmailOf(db, userId);
  if (current === email) throw invalidFields([{ path: 'email', message: SAME_EMAIL }]);
  if (takenByAnother(db, email, userId)) throw new TRPCError({ code: 'CONFLICT', message: ALREADY_REGISTERED });
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
 * e-mail address with the same 429 messages); the per-client limit comes first, so these answers
 * cannot be used to test many addresses for an account.
 */
export function requestEmailChange(
  deps: { db: Db; outbox: Outbox; limits: Pick<RateLimits, 'otpPerAddress'>; ip: string },
  userId: string,
  email: string,
): void {
  const { db } = deps;
  throttle(deps.limits.otpPerAddress, deps.ip, 'Too many requests.');
  refuseUnusable(db, userId, email);
  refuseWhileWaiting(otpSendWait(db, email), 'Too many codes were sent to this email.');
  db.transaction(
    (tx) => {
      const code = issueOtp(tx, email);
      enqueueMail(tx, email, { template: 'email-change-code', code }, { dedupeKey: accountMailKey(userId) });
    },
    { behavior: 'immediate' },
  );
  deps.outbox.wake();
}

/**
 * Moves the account to the new address when the code is right (otherwise sign-up's messages, under
 * `otp`). Uniqueness is checked again in the writing transaction, with the unique index as the
 * backstop (409 either way). The customer's open bookings ahead, and the mails still waiting for
 * them, go to the new address; the old address gets a notice; the customer's other sessions end.
 */
export function confirmEmailChange(
  deps: { db: Db; config: Pick<Config, 'publicUrl'>; outbox: Outbox },
  account: { id: string; sessionId?: string | undefined },
  input: { email: string; otp: string },
): void {
  const { db } = deps;
  const { email } = input;
  refuseUnusable(db, account.id, email);
  const check = verifyOtp(db, email, input.otp);
  if (check !== 'verified') throw invalidFields([{ path: 'otp', message: OTP_REFUSALS[check] }]);
  const now = new Date();
  try {
    db.transaction(
      (tx) => {
        const previous = refuseUnusable(tx, account.id, email);
        // The code proved the address for this change, not for a sign-up as well.
        consumeVerifiedEmail(tx, email, now);
        tx.update(users).set({ email }).where(eq(users.id, account.id)).run();
        const openAhead = tx
          .select({ id: bookings.id })
          .from(bookings)
          .where(and(eq(bookings.userId, account.id), inArray(bookings.status, ['pending', 'confirmed']), gt(bookings.startsAt, now)));
        tx.update(bookings).set({ email }).where(inArray(bookings.id, openAhead)).run();
        if (previous !== '') {
          // Reminders and other mails about those bookings not sent yet.
          tx.update(messages)
            .set({ recipient: email })
            .where(and(eq(messages.status, 'pending'), eq(messages.channel, 'mail'), eq(messages.recipient, previous), inArray(messages.bookingId, openAhead)))
            .run();
          enqueueMail(
            tx,
            previous,
            { template: 'email-changed', maskedNewEmail: maskEmail(email), contactLink: `${deps.config.publicUrl}/contact` },
            { dedupeKey: accountMailKey(account.id) },
          );
        }
      },
      { behavior: 'immediate' },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new TRPCError({ code: 'CONFLICT', message: ALREADY_REGISTERED });
    throw error;
  }
  invalidateAccountSessions(db, 'user', account.id, account.sessionId);
  deps.outbox.wake();
}
