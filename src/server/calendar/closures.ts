// The salon's closed days. A closure is never refused over bookings and cancels none: the answer
// lists the open bookings on that day, and the calendar and the dashboard show those as needing
// attention until the admin moves or cancels them. No slot is offered on a closed day.
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { z } from 'zod';
import type { Booking } from '@/shared/schemas/bookings';
import type { Closure, createClosureSchema } from '@/shared/schemas/closures';
import { isOpenBooking, listBookingsWhere } from '@/server/bookings/records';
import type { Db, DbOrTx } from '@/server/db/client';
import { isUniqueViolation } from '@/server/db/constraint-errors';
import { newId } from '@/server/db/ids';
import { bookings, closures } from '@/server/db/schema';
import { Conflict, NotFound } from '@/server/errors';

const toClosure = (row: { id: string; day: string; reason: string | null }): Closure => ({
  _id: row.id,
  date: row.day,
  reason: row.reason,
});

/** Closes the salon for a whole day; answers the open bookings on that day (none is cancelled). */
export function createClosure(
  db: Db,
  input: z.output<typeof createClosureSchema>,
): Closure & { affectedBookings: Booking[] } {
  const id = newId();
  try {
    return db.transaction(
      (tx) => {
        tx.insert(closures)
          .values({ id, day: input.date, reason: input.reason ?? null })
          .run();
        return {
          ...toClosure({ id, day: input.date, reason: input.reason ?? null }),
          affectedBookings: listBookingsWhere(tx, and(eq(bookings.bookingDate, input.date), isOpenBooking)),
        };
      },
      { behavior: 'immediate' },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict('The salon is closed on this day already.');
    throw error;
  }
}

/** Closed days from `from` on (to `to`, inclusive, when given), earliest first. */
export function listClosures(db: DbOrTx, query: { from: string; to?: string | undefined }): Closure[] {
  return db
    .select({ id: closures.id, day: closures.day, reason: closures.reason })
    .from(closures)
    .where(and(gte(closures.day, query.from), query.to === undefined ? undefined : lte(closures.day, query.to)))
    .orderBy(asc(closures.day))
    .all()
    .map(toClosure);
}

export function deleteClosure(db: Db, id: string): { _id: string } {
  const result = db.delete(closures).where(eq(closures.id, id)).run();
  if (result.changes === 0) throw new NotFound('Closure not found');
  return { _id: id };
}
