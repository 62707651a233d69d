// The live data the slot engine (domain/slots.ts) needs, read from the database: the specialist's
// hours and days, whether they offer the service, and their bookings around the day asked for.
import { and, eq, gt, gte, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Weekday } from '../../shared/constants';
import type { DbOrTx } from '../db/client';
import { bookings, services, specialistDays, specialists, specialistServices } from '../db/schema';
import { addCalendarDays, instantAt } from '../domain/calendar';
import { availableSlots, type Interval } from '../domain/slots';
import type { Config } from '../env';

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

const serviceColumns = {
  id: services.id,
  name: services.name,
  price: services.price,
  durationMinutes: services.durationMinutes,
  bufferMinutes: services.bufferMinutes,
};

const specialistColumns = {
  id: specialists.id,
  name: specialists.name,
  availableFrom: specialists.availableFrom,
  availableTo: specialists.availableTo,
};

/**
 * The service on offer with this name in any letter case (SQLite's `lower()`, as in the unique
 * index of live names), or undefined. Removed services are never bookable.
 */
export function liveServiceNamed(db: DbOrTx, name: string): BookableService | undefined {
  return db
    .select(serviceColumns)
    .from(services)
    .where(and(sql`lower(${services.name}) = lower(${name.trim()})`, isNull(services.deletedAt)))
    .get();
}

/** The specialist still working here with this name in any letter case, or undefined. */
export function liveSpecialistNamed(db: DbOrTx, name: string): BookableSpecialist | undefined {
  return db
    .select(specialistColumns)
    .from(specialists)
    .where(and(sql`lower(${specialists.name}) = lower(${name.trim()})`, isNull(specialists.deletedAt)))
    .get();
}

/** The specialist still working here with this id, or undefined. */
export function liveSpecialistWithId(db: DbOrTx, id: string): BookableSpecialist | undefined {
  return db
    .select(specialistColumns)
    .from(specialists)
    .where(and(eq(specialists.id, id), isNull(specialists.deletedAt)))
    .get();
}

export function offersService(db: DbOrTx, specialistId: string, serviceId: string): boolean {
  return (
    db
      .select({ id: specialistServices.serviceId })
      .from(specialistServices)
      .where(and(eq(specialistServices.specialistId, specialistId), eq(specialistServices.serviceId, serviceId)))
      .get() !== undefined
  );
}

function workingDays(db: DbOrTx, specialistId: string): Weekday[] {
  return db
    .select({ day: specialistDays.day })
    .from(specialistDays)
    .where(eq(specialistDays.specialistId, specialistId))
    .all()
    .map((row) => row.day);
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
  return db
    .select({ startsAt: bookings.startsAt, endsAt: bookings.endsAt })
    .from(bookings)
    .where(
      and(
        eq(bookings.specialistId, specialistId),
        sql`${bookings.status} <> 'cancelled'`,
        gte(bookings.startsAt, new Date(dayStart.getTime() - DAY_MS)),
        lt(bookings.startsAt, dayEnd),
        gt(bookings.endsAt, dayStart),
      ),
    )
    .all();
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
