// The free times a booking can be moved to: like the booking form's, but the booking's own time is
// not busy and its own length counts (its service and buffer as booked). A customer asks only for
// their own bookings; the salon for any.
import { eq } from 'drizzle-orm';
import { ANY_SPECIALIST } from '@/shared/constants';
import type { DbOrTx } from '@/server/db/client';
import { bookings } from '@/server/db/schema';
import { salonDayOf, todayIn } from '@/server/domain/calendar';
import { isOpenStatus } from '@/server/domain/bookings';
import { unbookableDayReason } from '@/server/domain/slots';
import { visitDayRefusal } from '@/server/domain/visits';
import type { Config } from '@/server/env';
import {
  bookedLengths,
  freeSlots,
  liveServiceWithId,
  liveSpecialistWithId,
  visitFreeSlots,
  type VisitItemChoice,
} from './free-slots';
import { bookingNotFound, visitItems, visitNotFound } from './records';
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

/**
 * The times a whole visit can move to on a day: every open item again with its service, specialist
 * and lengths as booked, its own items not standing in its way. A customer asks only for their own
 * visit; the salon for any. Nothing when a service is no longer offered.
 */
export function visitMoveSlots(
  db: DbOrTx,
  config: Pick<Config, 'timezone' | 'slotStepMinutes'>,
  who: Rescheduler,
  input: { id: string; bookingDate: string },
): string[] {
  const all = visitItems(db, input.id);
  const [first] = all;
  if (!first) throw visitNotFound();
  if (who.kind === 'customer' && first.userId !== who.userId) {
    throw new Forbidden('You can only reschedule your own visits.');
  }
  const items: VisitItemChoice[] = [];
  for (const item of all.filter((row) => isOpenStatus(row.status))) {
    const service = liveServiceWithId(db, item.serviceId);
    if (!service) return [];
    items.push({ service, specialist: liveSpecialistWithId(db, item.specialistId), booked: bookedLengths(item) });
  }
  const day = salonDayOf(input.bookingDate, config.timezone);
  if (
    items.length === 0 ||
    visitDayRefusal(
      day,
      todayIn(config.timezone),
      items.map((item) => item.service),
    ) !== null
  )
    return [];
  return visitFreeSlots(db, config, { day, now: new Date(), items, except: all.map((item) => item.id) });
}
