// A specialist's weekly hours: read with the fallback filled in, and replaced as a whole.
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { WEEKDAYS } from '@/shared/constants';
import type { updateScheduleSchema, Schedule } from '@/shared/schemas/schedules';
import { liveSpecialistWithId, weeklyScheduleOf, type BookableSpecialist } from '@/server/bookings/free-slots';
import { SPECIALIST_RECORDS } from '@/server/catalogue/soft-deleted';
import type { Db, DbOrTx } from '@/server/db/client';
import { specialistSchedules } from '@/server/db/schema';
import { weekOf } from '@/server/domain/schedule';
import { NotFound } from '@/server/errors';

/** The live specialist with this id; NOT_FOUND otherwise. */
export function specialistOrNotFound(db: DbOrTx, id: string): BookableSpecialist {
  const specialist = liveSpecialistWithId(db, id);
  if (!specialist) throw new NotFound(SPECIALIST_RECORDS.notFound);
  return specialist;
}

/** Every weekday of the specialist's week, Monday first: its ranges, and whether they are its own. */
export function getSchedule(db: DbOrTx, specialistId: string): Schedule {
  const specialist = specialistOrNotFound(db, specialistId);
  return {
    specialist: { _id: specialist.id, name: specialist.name },
    days: weekOf(weeklyScheduleOf(db, specialist), WEEKDAYS),
  };
}

/**
 * Replaces the weekdays that have hours of their own with those given; the weekdays left out fall
 * back to the spec's range and days. Existing bookings are never touched: one now outside the
 * hours stays, and the calendar shows it.
 */
export function updateSchedule(db: Db, input: z.output<typeof updateScheduleSchema>): Schedule {
  db.transaction(
    (tx) => {
      specialistOrNotFound(tx, input.id);
      tx.delete(specialistSchedules).where(eq(specialistSchedules.specialistId, input.id)).run();
      for (const day of input.days) {
        tx.insert(specialistSchedules).values({ specialistId: input.id, day: day.day, ranges: day.ranges }).run();
      }
    },
    { behavior: 'immediate' },
  );
  return getSchedule(db, input.id);
}
