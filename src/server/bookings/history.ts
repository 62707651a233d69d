// A booking's timeline (README "Who changed what"): each write of bookings/commands.ts records its
// change here, inside its own transaction, so a booking never changes without the record of who
// changed it. The words are domain/activity.ts's.
import { eq } from 'drizzle-orm';
import type { ActivityAction } from '@/shared/constants';
import type { ActivityEntry } from '@/shared/schemas/activity';
import type { Actor } from '@/server/team/actor';
import { bookingHistory, recordActivity } from '@/server/team/activity';
import type { DbOrTx } from '@/server/db/client';
import { bookings } from '@/server/db/schema';
import { bookingLabel, type BookingPlace } from '@/server/domain/activity';
import { bookingNotFound } from './records';

/** Records `action` on the booking `id` (where it is now: `place`) by `actor`. */
export function recordBookingChange(
  tx: DbOrTx,
  actor: Actor,
  id: string,
  place: BookingPlace,
  action: ActivityAction,
  detail: string,
): void {
  recordActivity(tx, actor, { entity: 'booking', entityId: id, entityLabel: bookingLabel(place), action, detail });
}

/**
 * The booking's timeline, oldest first; a deleted booking's stays. NOT_FOUND when no booking and
 * no record has the id, and for a specialist's account when the booking is not theirs.
 */
export function bookingTimeline(db: DbOrTx, id: string, onlySpecialist?: string): ActivityEntry[] {
  const booking = db.select({ specialistId: bookings.specialistId }).from(bookings).where(eq(bookings.id, id)).get();
  if (onlySpecialist !== undefined && booking?.specialistId !== onlySpecialist) throw bookingNotFound();
  const entries = bookingHistory(db, id);
  if (!booking && entries.length === 0) throw bookingNotFound();
  return entries;
}
