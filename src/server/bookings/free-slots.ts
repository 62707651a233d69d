// The live data the slot engine (domain/slots.ts) needs, read from the database: the specialist's
// hours and days, whether they offer the service, and their bookings around the day asked for.
import { and, eq, gt, gte, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Weekday } from '@/shared/constants';
import type { DbOrTx } from '@/server/db/client';
import { bookings, services, specialistDays, specialists, specialistServices } from '@/server/db/schema';
import { preparedOnce } from '@/server/db/statements';
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

const DAY_MS = 24 * 60 * 60 * 1000;
const p = sql.placeholder;

const specialistColumns = {
  id: specialists.id,
  name: specialists.name,
  availableFrom: specialists.availableFrom,
  availableTo: specialists.availableTo,
};

/** Read on every slot query and every booking: prepared once per connection (db/statements.ts). */
const statementsOf = preparedOnce((db) => ({
  // `lower()` is SQLite's, as in the unique index of live names.
  serviceNamed: db
    .select({
      id: services.id,
      name: services.name,
      price: services.price,
      durationMinutes: services.durationMinutes,
      bufferMinutes: services.bufferMinutes,
    })
    .from(services)
    .where(and(sql`lower(${services.name}) = lower(${p('name')})`, isNull(services.deletedAt)))
    .prepare(),
  specialistNamed: db
    .select(specialistColumns)
    .from(specialists)
    .where(and(sql`lower(${specialists.name}) = lower(${p('name')})`, isNull(specialists.deletedAt)))
    .prepare(),
  specialistWithId: db
    .select(specialistColumns)
    .from(specialists)
    .where(and(eq(specialists.id, p('id')), isNull(specialists.deletedAt)))
    .prepare(),
  offers: db
    .select({ serviceId: specialistServices.serviceId })
    .from(specialistServices)
    .where(and(eq(specialistServices.specialistId, p('specialistId')), eq(specialistServices.serviceId, p('serviceId'))))
    .prepare(),
  workingDays: db
    .select({ day: specialistDays.day })
    .from(specialistDays)
    .where(eq(specialistDays.specialistId, p('specialistId')))
    .prepare(),
  // The status condition is written literally (not bound), as SQLite needs to use the partial
  // index `(specialist_id, starts_at) WHERE status <> 'cancelled'`. Instants are milliseconds.
  busy: db
    .select({ startsAt: bookings.startsAt, endsAt: bookings.endsAt })
    .from(bookings)
    .where(
      and(
        eq(bookings.specialistId, p('specialistId')),
        sql`${bookings.status} <> 'cancelled'`,
        sql`${bookings.startsAt} >= ${p('from')}`,
        sql`${bookings.startsAt} < ${p('to')}`,
        sql`${bookings.endsAt} > ${p('dayStart')}`,
      ),
    )
    .prepare(),
}));

/**
 * The service on offer with this name in any letter case (SQLite's `lower()`, as in the unique
 * index of live names), or undefined. Removed services are never bookable.
 */
export function liveServiceNamed(db: DbOrTx, name: string): BookableService | undefined {
  return statementsOf(db).serviceNamed.get({ name: name.trim() });
}

/** The specialist still working here with this name in any letter case, or undefined. */
export function liveSpecialistNamed(db: DbOrTx, name: string): BookableSpecialist | undefined {
  return statementsOf(db).specialistNamed.get({ name: name.trim() });
}

/** The specialist still working here with this id, or undefined. */
export function liveSpecialistWithId(db: DbOrTx, id: string): BookableSpecialist | undefined {
  return statementsOf(db).specialistWithId.get({ id });
}

export function offersService(db: DbOrTx, specialistId: string, serviceId: string): boolean {
  return statementsOf(db).offers.get({ specialistId, serviceId }) !== undefined;
}

function workingDays(db: DbOrTx, specialistId: string): Weekday[] {
  return statementsOf(db)
    .workingDays.all({ specialistId })
    .map((row) => row.day);
}

/**
 * The specialist's bookings that are not cancelled and overlap the salon day, each with its own
 * booked start and end. A booking fits inside one working day, so one that overlaps this day
 * started less than a day before it: the range on `starts_at` lets SQLite read the partial unique
 * index `(specialist_id, starts_at) WHERE status <> 'cancelled'`.
 */
export function busyIntervals(db: DbOrTx, specialistId: string, day: string, timeZone: string): Interval[] {
  const dayStart = instantAt(day, '00:00', timeZone).getTime();
  const dayEnd = instantAt(addCalendarDays(day, 1), '00:00', timeZone).getTime();
  return statementsOf(db).busy.all({ specialistId, from: dayStart - DAY_MS, to: dayEnd, dayStart });
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
