// Reminder e-mails: appointment reminders and review requests. A customer turns them off in one
// click from either mail (RFC 8058: `/unsubscribe/<token>`, a page to click and a POST for mail
// providers' own button) or with the switch in My account, and on again there. The links in the
// mails are made, and the mails left out, in bookings/notify.ts; a waiting one of a customer who
// turned them off is cancelled here and, should it slip past, when it falls due (outbox/delivery.ts).
import { and, eq, isNull } from 'drizzle-orm';
import { INVALID_UNSUBSCRIBE_LINK } from '@/shared/schemas/account';
import type { Db } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { followReminderMails, type NotifyConfig } from '@/server/bookings/notify';
import { NotFound, NotSignedIn } from '@/server/errors';

export const UNSUBSCRIBED_MESSAGE =
  'You will get no more reminders or review requests by e-mail. You can turn them on again in My account.';

/** Whether the customer gets reminders and review requests. */
export function reminderMailsOf(db: Db, userId: string): { reminderMails: boolean } {
  const row = db.select({ unsubscribedAt: users.unsubscribedAt }).from(users).where(eq(users.id, userId)).get();
  if (!row) throw new NotSignedIn();
  return { reminderMails: row.unsubscribedAt === null };
}

/** The switch in My account: off cancels what waits; on reminds their open bookings ahead again. */
export function updateReminderMails(
  deps: { db: Db; config: NotifyConfig },
  userId: string,
  on: boolean,
): { reminderMails: boolean } {
  deps.db.transaction(
    (tx) => {
      const changed = tx
        .update(users)
        .set({ unsubscribedAt: on ? null : new Date() })
        .where(and(eq(users.id, userId), isNull(users.deletedAt), on ? undefined : isNull(users.unsubscribedAt)))
        .run().changes;
      if (changed > 0) followReminderMails(tx, deps.config, userId, on);
    },
    { behavior: 'immediate' },
  );
  return reminderMailsOf(deps.db, userId);
}

/**
 * The one-click link of a reminder or review request: turns the customer's reminder e-mails off
 * (again, harmlessly, when they are off already). An unknown token is 404.
 */
export function unsubscribeByLink(deps: { db: Db; config: NotifyConfig }, token: string): void {
  const row = deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.unsubscribeToken, token), isNull(users.deletedAt)))
    .get();
  if (!row) throw new NotFound(INVALID_UNSUBSCRIBE_LINK);
  updateReminderMails(deps, row.id, false);
}
