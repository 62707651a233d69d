// A booking made after a nudge to rebook (README "Nudges to rebook"): a booking of the nudged
// service by its customer, made within the service's interval after the nudge was sent, comes
// from the nudge (`bookings.source = 'nudge'`, `rebook_nudges.booked_id`), for the reports. Runs
// inside the booking's own transaction; a customer never nudged costs one indexed look.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { bookings, rebookNudges, services } from '@/server/db/schema';
import { preparedOnce } from '@/server/db/statements';
import { isCreditedToNudge } from '@/server/domain/nudges';

const p = (name: string) => sql.placeholder(name);

const statementsOf = preparedOnce((db) => ({
  // The customer's nudges for the booking's service not yet credited, latest first (through
  // rebook_nudges_user_idx); only a booking made directly is credited (not the waitlist's).
  open: db
    .select({ id: rebookNudges.id, sentAt: rebookNudges.sentAt, weeks: services.rebookWeeks })
    .from(bookings)
    .innerJoin(
      rebookNudges,
      sql`${rebookNudges.userId} = ${bookings.userId} AND ${rebookNudges.serviceId} = ${bookings.serviceId} AND ${rebookNudges.bookedId} IS NULL`,
    )
    .innerJoin(services, sql`${services.id} = ${bookings.serviceId}`)
    .where(sql`${bookings.id} = ${p('id')} AND ${bookings.source} = 'direct'`)
    .orderBy(sql`${rebookNudges.sentAt} DESC`)
    .limit(3)
    .prepare(),
  credit: db
    .update(rebookNudges)
    .set({ bookedId: sql`${p('bookingId')}` })
    .where(sql`${rebookNudges.id} = ${p('id')} AND ${rebookNudges.bookedId} IS NULL`)
    .prepare(),
  fromNudge: db
    .update(bookings)
    .set({ source: 'nudge' })
    .where(sql`${bookings.id} = ${p('id')}`)
    .prepare(),
}));

/** Credits each of the new bookings `bookingIds` to the nudge it follows, if any. */
export function creditRebookNudges(tx: DbOrTx, bookingIds: readonly string[], now: Date = new Date()): void {
  const statements = statementsOf(tx);
  for (const id of bookingIds) {
    const nudge = statements.open.all({ id }).find((row) => isCreditedToNudge(row.sentAt, row.weeks, now));
    if (!nudge) continue;
    statements.credit.run({ id: nudge.id, bookingId: id });
    statements.fromNudge.run({ id });
  }
}
