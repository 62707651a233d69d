// My account's "Delete account" (README "Accounts", docs/decisions/0030-erasure.md). The customer's
// upcoming bookings are cancelled as if they had cancelled each (the usual mails and webhooks,
// without the cut-off); their reviews stay, signed "Former customer"; their past bookings stay for
// the salon's reports without a name, e-mail or phone; the account row stays as a tombstone so
// those still point somewhere, with every personal field emptied. Sessions, reset tokens and codes
// go, and so does the picture. The outbox keeps no address of theirs: settled rows are emptied now,
// the ones still to go once the delivery loop settles them (`forget_recipient`,
// outbox/delivery.ts).
import { and, eq, inArray, isNotNull, like, lte, or, sql } from 'drizzle-orm';
import { FORMER_CUSTOMER_NAME } from '@/shared/constants';
import { BOOKING_CUSTOMER_MAIL_KINDS } from '@/shared/schemas/messages';
import { forgetActivityOf } from '@/server/team/activity';
import { cancelUpcomingBookingsOf, forgetBookingCustomer, type BookingDeps } from '@/server/bookings/commands';
import { forgetSaleCustomer } from '@/server/sales/sales';
import { leaveWholeWaitlist } from '@/server/waitlist/entries';
import { emptyWriteAheadLog, type Db } from '@/server/db/client';
import { connectionOf } from '@/server/db/statements';
import { forgetCatalogue } from '@/server/catalogue/cache';
import { bookings, messages, otpCodes, passwordResetTokens, sessions, users } from '@/server/db/schema';
import type { Config } from '@/server/env';
import { removeImageQuietly } from '@/server/files/images';
import { forgetOutboxMailsTo } from '@/server/mail/mailer';
import type { Outbox } from '@/server/outbox/enqueue';
import { accountMailKeyPrefix } from './email-change';
import { isCurrentPassword } from './profile';
import type { RateLimits } from './rate-limit';
import { InvalidFields, NotSignedIn } from '@/server/errors';

export const ACCOUNT_DELETED_MESSAGE = 'Your account has been deleted.';
const WRONG_PASSWORD = 'Password is incorrect';

const wrongPassword = () => new InvalidFields([{ path: 'password', message: WRONG_PASSWORD }]);

/**
 * Deletes the customer's account once their password is confirmed (400 on `password` otherwise,
 * nothing changed). Everything is written in one IMMEDIATE transaction; the picture is removed after.
 */
export async function deleteCustomerAccount(
  deps: {
    db: Db;
    config: BookingDeps['config'] & Pick<Config, 'uploadsDir' | 'outboxDir'>;
    outbox: Outbox;
    limits: Pick<RateLimits, 'passwordChecksPerAccount'>;
  },
  userId: string,
  password: string,
): Promise<void> {
  const { db, config } = deps;
  const given = db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).get();
  if (
    !given ||
    !(await isCurrentPassword(deps.limits, { kind: 'user', id: userId, passwordHash: given.passwordHash }, password))
  )
    throw wrongPassword();

  const now = new Date();
  const { avatarUrl, mailboxes } = db.transaction(
    (tx) => {
      const account = tx
        .select({
          email: users.email,
          avatarUrl: users.avatarUrl,
          passwordHash: users.passwordHash,
          deletedAt: users.deletedAt,
        })
        .from(users)
        .where(eq(users.id, userId))
        .get();
      // Deleted by another request while the password was checked (a second click).
      if (!account || account.deletedAt) throw new NotSignedIn();
      // The password changed meanwhile: the one given was checked against the old one.
      if (account.passwordHash !== given.passwordHash) throw wrongPassword();
      const { email } = account;

      const theirBookings = tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.userId, userId));
      const keyPrefix = accountMailKeyPrefix(userId);
      // The mails linked to the account by their key (./email-change.ts) tell the other addresses it
      // used: the ones it moved away from (until it did: someone else may have one now) and the ones
      // it was sent a code for and never confirmed.
      const linked = tx
        .select({ kind: messages.kind, recipient: messages.recipient, createdAt: messages.createdAt })
        .from(messages)
        .where(and(like(messages.dedupeKey, `${keyPrefix}%`), sql`${messages.recipient} <> ''`))
        .all();
      const formerAddresses = linked.filter((row) => row.kind === 'email-changed');
      const triedAddresses = [
        ...new Set(linked.filter((row) => row.kind === 'email-change-code').map((row) => row.recipient)),
      ];
      /** Mails to the customer: to their addresses, about their bookings, or linked to the account. */
      const toCustomer = or(
        email === '' ? undefined : and(eq(messages.channel, 'mail'), eq(messages.recipient, email)),
        ...formerAddresses.map((former) =>
          and(
            eq(messages.channel, 'mail'),
            eq(messages.recipient, former.recipient),
            lte(messages.createdAt, former.createdAt),
          ),
        ),
        and(inArray(messages.bookingId, theirBookings), inArray(messages.kind, [...BOOKING_CUSTOMER_MAIL_KINDS])),
        like(messages.dedupeKey, `${keyPrefix}%`),
      );

      // Read before their rows forget the addresses: the file mailer's copies are found by these too.
      const theirMails = new Set(
        tx
          .select({ id: messages.id })
          .from(messages)
          .where(and(eq(messages.channel, 'mail'), toCustomer))
          .all()
          .map((row) => row.id),
      );

      // Codes hold the address they were sent to.
      const codeAddresses = [...new Set([email, ...triedAddresses].filter((address) => address !== ''))];
      if (codeAddresses.length > 0) tx.delete(otpCodes).where(inArray(otpCodes.email, codeAddresses)).run();
      for (const former of formerAddresses) {
        tx.delete(otpCodes)
          .where(and(eq(otpCodes.email, former.recipient), lte(otpCodes.createdAt, former.createdAt)))
          .run();
      }

      // What still waits for them (a review request, a code) will not go out.
      tx.update(messages)
        .set({ status: 'cancelled', payload: null, recipient: '', lastError: 'The account was deleted.' })
        .where(and(eq(messages.status, 'pending'), toCustomer))
        .run();

      // Their upcoming bookings, cancelled as they would have: the usual mails, written while the
      // bookings still say who booked them. Then no booking of theirs does.
      cancelUpcomingBookingsOf(tx, config, userId, now);
      forgetBookingCustomer(tx, userId);
      forgetSaleCustomer(tx, userId);
      leaveWholeWaitlist(tx, userId);
      // The activity log keeps what they did and what was done to their record, without their name.
      forgetActivityOf(tx, userId);

      // The outbox's log keeps no address of theirs: settled rows now, the rest once settled.
      tx.update(messages)
        .set({
          recipient: '',
          payload: null,
          lastError: sql`replace(${messages.lastError}, ${messages.recipient}, '')`,
        })
        .where(and(inArray(messages.status, ['sent', 'failed', 'cancelled']), toCustomer))
        .run();
      tx.update(messages)
        .set({ forgetRecipient: true })
        .where(and(inArray(messages.status, ['pending', 'sending']), toCustomer))
        .run();
      // A failed message about them to someone else (the salon's notice, a webhook) keeps its
      // content for a resend: not with their details in it.
      tx.update(messages)
        .set({ payload: null })
        .where(
          and(
            eq(messages.status, 'failed'),
            isNotNull(messages.payload),
            or(
              inArray(messages.bookingId, theirBookings),
              sql`instr(${messages.payload}, ${userId}) > 0`,
              email === '' ? undefined : sql`instr(${messages.payload}, ${email}) > 0`,
            ),
          ),
        )
        .run();

      tx.update(users)
        .set({
          fullName: FORMER_CUSTOMER_NAME,
          email: '',
          phone: '',
          avatarUrl: null,
          passwordHash: '',
          notes: '',
          unsubscribeToken: null,
          deletedAt: now,
        })
        .where(eq(users.id, userId))
        .run();
      tx.delete(sessions).where(eq(sessions.userId, userId)).run();
      tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId)).run();
      // Their mails' copies: to the address they had, and to each they moved away from until they did
      // (not the addresses they were sent a code for and never confirmed: someone else's mailbox).
      const mailboxes = [
        { address: email },
        ...formerAddresses.map((former) => ({
          address: former.recipient,
          until: former.createdAt,
          messageIds: theirMails,
        })),
      ];
      return { avatarUrl: account.avatarUrl, mailboxes };
    },
    { behavior: 'immediate' },
  );
  // Nothing of theirs in the log's older frames (secure_delete zeroed it in the pages themselves),
  // nor in the file mailer's copies of what was sent to them.
  emptyWriteAheadLog(connectionOf(db));
  forgetOutboxMailsTo(config.outboxDir, mailboxes);
  deps.outbox.wake();
  // The public pages' cached copy shows their reviews under their name and picture.
  forgetCatalogue(db);
  if (avatarUrl) await removeImageQuietly(avatarUrl, config.uploadsDir);
}
