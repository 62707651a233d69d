// Whether a customer gets the nudges to rebook (README "Nudges to rebook"): the switch in My
// account, and the one-click link in a nudge (`/unsubscribe/<token>?mails=nudges`, the same token
// as the reminders' link), which turns off the nudges alone: reminders and review requests go on.
import { and, eq, isNull } from 'drizzle-orm';
import { INVALID_UNSUBSCRIBE_LINK } from '@/shared/schemas/account';
import type { Db } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { NotFound, NotSignedIn } from '@/server/errors';

export const NUDGES_OFF_MESSAGE =
  'You will get no more nudges to rebook by e-mail. Reminders of your appointments still come. You can turn the nudges on again in My account.';

/** Whether the customer gets nudges to rebook. */
export function nudgesOf(db: Db, userId: string): { nudges: boolean } {
  const row = db.select({ nudgesOffAt: users.nudgesOffAt }).from(users).where(eq(users.id, userId)).get();
  if (!row) throw new NotSignedIn();
  return { nudges: row.nudgesOffAt === null };
}

/** My account's switch (off keeps the first moment they were turned off). */
export function updateNudges(db: Db, userId: string, on: boolean): { nudges: boolean } {
  db.update(users)
    .set({ nudgesOffAt: on ? null : new Date() })
    .where(and(eq(users.id, userId), isNull(users.deletedAt), on ? undefined : isNull(users.nudgesOffAt)))
    .run();
  return nudgesOf(db, userId);
}

/** The one-click link of a nudge: turns the customer's nudges off (again, harmlessly). An unknown token is 404. */
export function nudgesOffByLink(db: Db, token: string): void {
  const row = db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.unsubscribeToken, token), isNull(users.deletedAt)))
    .get();
  if (!row) throw new NotFound(INVALID_UNSUBSCRIBE_LINK);
  updateNudges(db, row.id, false);
}
