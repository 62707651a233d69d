// Time off per specialist (the salon's closed days: ./closures.ts). Never refused over bookings, it
// cancels none: the answer lists the open bookings it overlaps, and the calendar and the dashboard
// show those as needing attention until the admin moves or cancels them. New slots in that time
// are not offered (bookings/free-slots.ts).
import { and, asc, eq, gt, gte, inArray, lt } from 'drizzle-orm';
import type { z } from 'zod';
import type { Booking } from '@/shared/schemas/bookings';
import type { createTimeOffSchema, TimeOff } from '@/shared/schemas/time-off';
import { isOpenBooking, listBookingsWhere } from '@/server/bookings/records';
import type { Db, DbOrTx } from '@/server/db/client';
import { newId } from '@/server/db/ids';
import { bookings, specialists, timeOff } from '@/server/db/schema';
import { instantAt } from '@/server/domain/calendar';
import { specialistOrNotFound } from './schedules';
import { InvalidRequest, NotFound } from '@/server/errors';

const DAY_MS = 24 * 60 * 60 * 1000;

/** `YYYY-MM-DDTHH:MM` (salon time) as an instant. */
const instantOfLocal = (local: string, timeZone: string) =>
  instantAt(local.slice(0, 10), local.slice(11, 16), timeZone);

const timeOffColumns = {
  id: timeOff.id,
  specialistId: timeOff.specialistId,
  specialistName: specialists.name,
  startsLocal: timeOff.startsLocal,
  endsLocal: timeOff.endsLocal,
  reason: timeOff.reason,
};

const toTimeOff = (row: {
  id: string;
  specialistId: string;
  specialistName: string;
  startsLocal: string;
  endsLocal: string;
  reason: string | null;
}): TimeOff => ({
  _id: row.id,
  specialist: { _id: row.specialistId, name: row.specialistName },
  startsAt: row.startsLocal,
  endsAt: row.endsLocal,
  reason: row.reason,
});

/** The open bookings of a specialist that overlap the span (a booking fits in a day, so it starts less than a day before). */
function openBookingsOverlapping(db: DbOrTx, specialistId: string, startsAt: Date, endsAt: Date): Booking[] {
  return listBookingsWhere(
    db,
    and(
      eq(bookings.specialistId, specialistId),
      isOpenBooking,
      gte(bookings.startsAt, new Date(startsAt.getTime() - DAY_MS)),
      lt(bookings.startsAt, endsAt),
      gt(bookings.endsAt, startsAt),
    ),
  );
}

/** Adds time off; answers it with the open bookings it overlaps (none is cancelled or refused). */
export function createTimeOff(
  db: Db,
  timeZone: string,
  input: z.output<typeof createTimeOffSchema>,
): TimeOff & { affectedBookings: Booking[] } {
  const startsAt = instantOfLocal(input.startsAt, timeZone);
  const endsAt = instantOfLocal(input.endsAt, timeZone);
  // Both wall-clock times may name the same instant around a clock change ("02:30" on a spring-forward day).
  if (endsAt.getTime() <= startsAt.getTime()) {
    throw new InvalidRequest('Time off must end after it starts');
  }
  const id = newId();
  return db.transaction(
    (tx) => {
      const specialist = specialistOrNotFound(tx, input.id);
      tx.insert(timeOff)
        .values({
          id,
          specialistId: specialist.id,
          startsLocal: input.startsAt,
          endsLocal: input.endsAt,
          startsAt,
          endsAt,
          reason: input.reason ?? null,
        })
        .run();
      return {
        ...toTimeOff({
          id,
          specialistId: specialist.id,
          specialistName: specialist.name,
          startsLocal: input.startsAt,
          endsLocal: input.endsAt,
          reason: input.reason ?? null,
        }),
        affectedBookings: openBookingsOverlapping(tx, specialist.id, startsAt, endsAt),
      };
    },
    { behavior: 'immediate' },
  );
}

/**
 * Time off of one specialist (or of everyone shown) that overlaps the salon days `from` to `to`
 * (inclusive), earliest first; without a period, all of it from today on.
 */
export function listTimeOff(
  db: DbOrTx,
  timeZone: string,
  query: { specialistIds?: readonly string[]; from: string; toExclusive?: string | undefined },
): TimeOff[] {
  const from = instantAt(query.from, '00:00', timeZone);
  const conditions = [gt(timeOff.endsAt, from)];
  if (query.toExclusive !== undefined)
    conditions.push(lt(timeOff.startsAt, instantAt(query.toExclusive, '00:00', timeZone)));
  if (query.specialistIds !== undefined) conditions.push(inArray(timeOff.specialistId, [...query.specialistIds]));
  return db
    .select(timeOffColumns)
    .from(timeOff)
    .innerJoin(specialists, eq(specialists.id, timeOff.specialistId))
    .where(and(...conditions))
    .orderBy(asc(timeOff.startsAt), asc(timeOff.id))
    .all()
    .map(toTimeOff);
}

/** Removes one time off of the specialist; NOT_FOUND when they have none with that id. */
export function deleteTimeOff(db: Db, specialistId: string, timeOffId: string): { _id: string } {
  const result = db
    .delete(timeOff)
    .where(and(eq(timeOff.id, timeOffId), eq(timeOff.specialistId, specialistId)))
    .run();
  if (result.changes === 0) throw new NotFound('Time off not found');
  return { _id: timeOffId };
}
