// The live data the slot engine (domain/slots.ts) needs, read from the database: the specialist's
// hours and days, whether they offer the service, and their bookings around the day asked for.
import { and, eq, gt, gte, lt, ne, sql } from 'drizzle-orm';
import type { Weekday } from '@/shared/constants';
import type { DbOrTx } from '@/server/db/client';
import { bookings } from '@/server/db/schema';
import { prepared } from '@/server/db/statements';
import { addCalendarDays, instantAt } from '@/server/domain/calendar';
import { availableSlots, type Interval } from '@/server/domain/slots';
import type { Config } from '@/server/env';

export interface BookableService {
  id: string;
  name: string;
  price: number;
  durationMinutes: number;
  bufferMinutes: number;
}

export interface BookableSpecialist {
  id: string;
  name: string;
  availableFrom: string;
  availableTo: string;
}

const SPECIALIST_SELECT =
  'SELECT id, name, available_from AS availableFrom, available_to AS availableTo FROM specialists';

/**
 * The service on offer with this name in any letter case (SQLite's `lower()`, as in the unique
 * index of live names), or undefined. Removed services are never bookable.
 */
export function liveServiceNamed(db: DbOrTx, name: string): BookableService | undefined {
  return prepared(
    db,
    `SELECT id, name, price, duration_minutes AS durationMinutes, buffer_minutes AS bufferMinutes
       FROM services WHERE lower(name) = lower(?) AND deleted_at IS NULL`,
  ).get(name.trim()) as BookableService | undefined;
}

/** The specialist still working here with this name in any letter case, or undefined. */
export function liveSpecialistNamed(db: DbOrTx, name: string): BookableSpecialist | undefined {
  return prepared(db, `${SPECIALIST_SELECT} WHERE lower(name) = lower(?) AND deleted_at IS NULL`).get(name.trim()) as
    | BookableSpecialist
    | undefined;
}

/** The specialist still working here with this id, or undefined. */
export function liveSpecialistWithId(db: DbOrTx, id: string): BookableSpecialist | undefined {
  return prepared(db, `${SPECIALIST_SELECT} WHERE id = ? AND deleted_at IS NULL`).get(id) as BookableSpecialist | undefined;
}

export function offersService(db: DbOrTx, specialistId: string, serviceId: string): boolean {
  return (
    prepared(db, 'SELECT 1 FROM specialist_services WHERE specialist_id = ? AND service_id = ?').get(specialistId, serviceId) !==
    undefined
  );
}

function workingDays(db: DbOrTx, specialistId: string): Weekday[] {
  return prepared(db, 'SELECT day FROM specialist_days WHERE specialist_id = ?').pluck().all(specialistId) as Weekday[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The specialist's bookings that are not cancelled and overlap the salon day, each with its own
 * booked start and end. A booking fits inside one working day, so one that overlaps this day
 * started less than a day before it: the range on `starts_at` lets SQLite read the partial unique
 * index `(specialist_id, starts_at) WHERE status <> 'cancelled'` (its condition is repeated here
 * literally, as SQLite needs to use a partial index).
 */
export function busyIntervals(db: DbOrTx, specialistId: string, day: string, timeZone: string): Interval[] {
  const dayStart = instantAt(day, '00:00', timeZone);
  const dayEnd = instantAt(addCalendarDays(day, 1), '00:00', timeZone);
  const rows = prepared(
    db,
    `SELECT starts_at AS startsAt, ends_at AS endsAt FROM bookings
      WHERE specialist_id = ? AND status <> 'cancelled' AND starts_at >= ? AND starts_at < ? AND ends_at > ?`,
  ).all(specialistId, dayStart.getTime() - DAY_MS, dayEnd.getTime(), dayStart.getTime()) as { startsAt: number; endsAt: number }[];
  return rows.map((row) => ({ startsAt: new Date(row.startsAt), endsAt: new Date(row.endsAt) }));
}

export interface FreeSlotsQuery {
  specialist: BookableSpecialist;
  service: BookableService;
  /** `YYYY-MM-DD` in the salon's time zone. */
  day: string;
  now: Date;
}

/** The free start times (`HH:MM`) of one specialist for one service on one salon day. */
export function freeSlots(db: DbOrTx, config: Pick<Config, 'timezone' | 'slotStepMinutes'>, query: FreeSlotsQuery): string[] {
  const { specialist, service, day } = query;
  return availableSlots({
    day,
    timeZone: config.timezone,
    stepMinutes: config.slotStepMinutes,
    now: query.now,
    specialist: {
      availableFrom: specialist.availableFrom,
      availableTo: specialist.availableTo,
      days: workingDays(db, specialist.id),
      offersService: offersService(db, specialist.id, service.id),
    },
    service: { durationMinutes: service.durationMinutes, bufferMinutes: service.bufferMinutes },
    busy: busyIntervals(db, specialist.id, day, config.timezone),
  });
}

/**
 * Whether another booking of the specialist that is not cancelled overlaps this time: what
 * reopening a cancelled booking must not do.
 */
export function overlapsLiveBooking(
  db: DbOrTx,
  booking: { id: string; specialistId: string; startsAt: Date; endsAt: Date },
): boolean {
  return (
    db
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.specialistId, booking.specialistId),
          sql`${bookings.status} <> 'cancelled'`,
          ne(bookings.id, booking.id),
          gte(bookings.startsAt, new Date(booking.startsAt.getTime() - DAY_MS)),
          lt(bookings.startsAt, booking.endsAt),
          gt(bookings.endsAt, booking.startsAt),
        ),
      )
      .get() !== undefined
  );
}
