// How many of a period's bookings came from the waitlist and from a nudge to rebook (README
// "Reports"): bookings whose `source` says so, not cancelled, on a day of the period. Read from the
// other side, the few offers taken up (`waitlist_offers.booking_id`: a booking, or a visit's items)
// and nudges followed (`rebook_nudges.booked_id`), each joined to its bookings by index, so a
// year's report reads as many rows as there were such bookings, not the year's bookings (CROSS
// JOIN keeps that order: SQLite would otherwise walk the year's bookings by day).
import type { DbOrTx } from '@/server/db/client';
import { connectionOf, preparedOnce } from '@/server/db/statements';

const statementsOf = preparedOnce((db) => ({
  counts: connectionOf(db).prepare<{ from: string; to: string }, { fromWaitlist: number; fromNudge: number }>(`
    SELECT
      (SELECT count(*) FROM (
          SELECT b.id FROM waitlist_offers o CROSS JOIN bookings b ON b.id = o.booking_id
          WHERE o.booking_id IS NOT NULL AND b.source = 'waitlist' AND b.status <> 'cancelled'
            AND b.booking_date BETWEEN :from AND :to
          UNION
          SELECT b.id FROM waitlist_offers o CROSS JOIN bookings b ON b.visit_id = o.booking_id
          WHERE o.booking_id IS NOT NULL AND b.source = 'waitlist' AND b.status <> 'cancelled'
            AND b.booking_date BETWEEN :from AND :to)) AS fromWaitlist,
      (SELECT count(DISTINCT b.id) FROM rebook_nudges n CROSS JOIN bookings b ON b.id = n.booked_id
        WHERE n.booked_id IS NOT NULL AND b.source = 'nudge' AND b.status <> 'cancelled'
          AND b.booking_date BETWEEN :from AND :to) AS fromNudge`),
}));

/** The period's bookings (not cancelled) made from the waitlist and after a nudge, `from` to `to` inclusive. */
export function bookingsBySource(db: DbOrTx, from: string, to: string): { fromWaitlist: number; fromNudge: number } {
  return statementsOf(db).counts.get({ from, to }) ?? { fromWaitlist: 0, fromNudge: 0 };
}
