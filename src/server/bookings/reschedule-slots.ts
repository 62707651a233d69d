// The free times a booking can be moved to: like the booking form's, but the booking's own time is
// not busy and its own length counts (its service and buffer as booked). A customer asks only for
// their own bookings; the salon for any.
import { eq } from 'drizzle-orm';
import { ANY_SPECIALIST } from '@/shared/constants';
import type { DbOrTx } from '@/server/db/client';
import { bookings } from '@/server/db/schema';
import { salonDayOf, todayIn } from '@/server/domain/calendar';
import { unbookableDayReason } from '@/server/domain/slots';
import type { Config } from '@/server/env';
import { bookedLengths, freeSlots, liveServiceWithId, liveSpecialistWithId } from './free-slots';
import { bookingNotFound } from './records';
import type { Rescheduler } from './commands';
import { Forbidden } from '@/server/errors';

export function rescheduleSlots(
  db: DbOrTx,
  config: Pick<Config, 'timezone' | 'slotStepMinutes'>,
  who: Rescheduler,
  input: { id: string; specialistId: string; bookingDate: string },
): string[] {
  const row = db
    .select({
      userId: bookings.userId,
      serviceId: bookings.serviceId,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      durationMinutes: bookings.durationMinutes,
      processingMinutes: bookings.processingMinutes,
    })
    .from(bookings)
    .where(eq(bookings.id, input.id))
    .get();
  if (!row) throw bookingNotFound();
  if (who.kind === 'customer' && row.userId !== who.userId) {
    throw new Forbidden('You can only reschedule your own bookings.');
  }
  const service = liveServiceWithId(db, row.serviceId);
  const day = salonDayOf(input.bookingDate, config.timezone);
  if (!service || unbookableDayReason(day, todayIn(config.timezone)) !== null) return [];
  const any = input.specialistId.toLowerCase() === ANY_SPECIALIST;
  const specialist = any ? undefined : liveSpecialistWithId(db, input.specialistId);
  if (!any && !specialist) return [];
  return freeSlots(db, config, {
    service,
    specialist,
    day,
    now: new Date(),
    moving: { id: input.id, booked: bookedLengths(row) },
  });
}
