// The live data the slot engine (domain/slots.ts) needs, read from the database: the specialist's
// week (own hours per weekday, else the spec's range and days), the salon's opening hours and
// closed days, whether they offer the service, and their bookings and time off around the day asked for.
import { and, eq, gt, gte, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Weekday } from '@/shared/constants';
import type { DbOrTx } from '@/server/db/client';
import {
  bookings,
  closures,
  openingHours,
  services,
  specialistDays,
  specialistSchedules,
  specialists,
  specialistServices,
  timeOff,
  waitlistHolds,
} from '@/server/db/schema';
import { preparedOnce } from '@/server/db/statements';
import { termsFor, type SpecialistTerms } from '@/server/catalogue/specialist-services';
import { addCalendarDays, instantAt } from '@/server/domain/calendar';
import { withinOpeningHours } from '@/server/domain/opening-hours';
import { weekdayOf, workingRanges, type TimeRange, type WeeklySchedule } from '@/server/domain/schedule';
import { pickOrder } from '@/server/domain/slots';
import {
  visitStartTimes,
  type Interval,
  type VisitCandidate,
  type VisitItemQuery,
  type VisitQuery,
} from '@/server/domain/visits';
import type { Config } from '@/server/env';

export interface BookableService {
  id: string;
  name: string;
  price: number;
  category: string;
  durationMinutes: number;
  bufferMinutes: number;
  processingMinutes: number;
  minNoticeMinutes: number;
  /** null: the salon's horizon. */
  maxAdvanceDays: number | null;
}

export interface BookableSpecialist {
  id: string;
  name: string;
  availableFrom: string;
  availableTo: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const p = sql.placeholder;

const serviceColumns = {
  id: services.id,
  name: services.name,
  price: services.price,
  category: services.category,
  durationMinutes: services.durationMinutes,
  bufferMinutes: services.bufferMinutes,
  processingMinutes: services.processingMinutes,
  minNoticeMinutes: services.minNoticeMinutes,
  maxAdvanceDays: services.maxAdvanceDays,
};

const termsColumns = {
  priceCents: specialistServices.priceCents,
  ownDurationMinutes: specialistServices.durationMinutes,
};

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
    .select(serviceColumns)
    .from(services)
    .where(and(sql`lower(${services.name}) = lower(${p('name')})`, isNull(services.deletedAt)))
    .prepare(),
  serviceWithId: db
    .select(serviceColumns)
    .from(services)
    .where(and(eq(services.id, p('id')), isNull(services.deletedAt)))
    .prepare(),
  countOnDay: db
    .select({ n: sql<number>`count(*)` })
    .from(bookings)
    .where(
      and(
        eq(bookings.specialistId, p('specialistId')),
        eq(bookings.bookingDate, p('day')),
        sql`${bookings.status} <> 'cancelled'`,
        sql`${bookings.id} NOT IN (SELECT value FROM json_each(${p('except')}))`,
      ),
    )
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
    .select(termsColumns)
    .from(specialistServices)
    .where(
      and(eq(specialistServices.specialistId, p('specialistId')), eq(specialistServices.serviceId, p('serviceId'))),
    )
    .prepare(),
  workingDays: db
    .select({ day: specialistDays.day })
    .from(specialistDays)
    .where(eq(specialistDays.specialistId, p('specialistId')))
    .prepare(),
  everyLiveSpecialist: db
    .select(specialistColumns)
    .from(specialists)
    .where(isNull(specialists.deletedAt))
    .orderBy(sql`lower(${specialists.name})`)
    .prepare(),
  everyWorkingDay: db
    .select({ specialistId: specialistDays.specialistId, day: specialistDays.day })
    .from(specialistDays)
    .prepare(),
  everyOwnHours: db
    .select({
      specialistId: specialistSchedules.specialistId,
      day: specialistSchedules.day,
      ranges: specialistSchedules.ranges,
    })
    .from(specialistSchedules)
    .prepare(),
  ownHours: db
    .select({ day: specialistSchedules.day, ranges: specialistSchedules.ranges })
    .from(specialistSchedules)
    .where(eq(specialistSchedules.specialistId, p('specialistId')))
    .prepare(),
  closed: db
    .select({ id: closures.id })
    .from(closures)
    .where(eq(closures.day, p('day')))
    .prepare(),
  opening: db
    .select({ ranges: openingHours.ranges })
    .from(openingHours)
    .where(eq(openingHours.day, p('day')))
    .prepare(),
  everyOpeningDay: db.select({ day: openingHours.day, ranges: openingHours.ranges }).from(openingHours).prepare(),
  // Time off overlapping the day and, beside it, what waitlist offers hold while they hold it
  // (`until`), but the offer being taken up: one statement, as both only keep the specialist busy.
  blocked: db
    .select({ startsAt: timeOff.startsAt, endsAt: timeOff.endsAt })
    .from(timeOff)
    .where(
      and(
        eq(timeOff.specialistId, p('specialistId')),
        sql`${timeOff.endsAt} > ${p('dayStart')}`,
        sql`${timeOff.startsAt} < ${p('dayEnd')}`,
      ),
    )
    .unionAll(
      db
        .select({ startsAt: waitlistHolds.startsAt, endsAt: waitlistHolds.endsAt })
        .from(waitlistHolds)
        .where(
          and(
            eq(waitlistHolds.specialistId, p('specialistId')),
            sql`${waitlistHolds.startsAt} >= ${p('dayBefore')}`,
            sql`${waitlistHolds.startsAt} < ${p('dayEnd')}`,
            sql`${waitlistHolds.endsAt} > ${p('dayStart')}`,
            sql`${waitlistHolds.until} > ${p('now')}`,
            sql`${waitlistHolds.offerId} <> ${p('heldFor')}`,
          ),
        ),
    )
    .prepare(),
  // The status condition is written literally (not bound), as SQLite needs to use the partial
  // index `(specialist_id, starts_at) WHERE status <> 'cancelled'`. Instants are milliseconds.
  busy: db
    .select({ id: bookings.id, startsAt: bookings.startsAt, endsAt: bookings.endsAt })
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

/** The live specialists who offer the service, by name, each with their terms for it. */
export function liveSpecialistsOffering(
  db: DbOrTx,
  service: BookableService,
): (BookableSpecialist & { terms: SpecialistTerms })[] {
  return db
    .select({ ...specialistColumns, ...termsColumns })
    .from(specialists)
    .innerJoin(specialistServices, eq(specialistServices.specialistId, specialists.id))
    .where(and(eq(specialistServices.serviceId, service.id), isNull(specialists.deletedAt)))
    .orderBy(sql`lower(${specialists.name})`)
    .all()
    .map(({ priceCents, ownDurationMinutes, ...specialist }) => ({
      ...specialist,
      terms: termsFor(service, { priceCents, ownDurationMinutes }),
    }));
}

/** Ids are 24 hex characters (db/ids.ts); names the booking form sends never look like one. */
const LOOKS_LIKE_ID = /^[0-9a-f]{24}$/;

/** A live specialist named by id or by name in any letter case (a name is not looked up as an id). */
export function liveSpecialistByIdOrName(db: DbOrTx, choice: string): BookableSpecialist | undefined {
  const trimmed = choice.trim();
  return (
    (LOOKS_LIKE_ID.test(trimmed) ? liveSpecialistWithId(db, trimmed) : undefined) ?? liveSpecialistNamed(db, trimmed)
  );
}

/** A service on offer named by id or by name in any letter case (a name is not looked up as an id). */
export function liveServiceByIdOrName(db: DbOrTx, choice: string): BookableService | undefined {
  const trimmed = choice.trim();
  return (LOOKS_LIKE_ID.test(trimmed) ? liveServiceWithId(db, trimmed) : undefined) ?? liveServiceNamed(db, trimmed);
}

/** The service with this id while it is on offer, or undefined. */
export function liveServiceWithId(db: DbOrTx, id: string): BookableService | undefined {
  return statementsOf(db).serviceWithId.get({ id });
}

/**
 * How many bookings (not cancelled) the specialist has on the salon day, those being moved left
 * out: "any specialist" spreads the work.
 */
export function bookingsOnDay(db: DbOrTx, specialistId: string, day: string, except: readonly string[] = []): number {
  return statementsOf(db).countOnDay.get({ specialistId, day, except: JSON.stringify(except) })?.n ?? 0;
}

/** The specialist still working here with this id, or undefined. */
export function liveSpecialistWithId(db: DbOrTx, id: string): BookableSpecialist | undefined {
  return statementsOf(db).specialistWithId.get({ id });
}

/** The specialist's terms for the service they offer, or undefined when they do not offer it. */
export function offerTerms(db: DbOrTx, specialistId: string, service: BookableService): SpecialistTerms | undefined {
  const own = statementsOf(db).offers.get({ specialistId, serviceId: service.id });
  return own && termsFor(service, own);
}

function workingDays(db: DbOrTx, specialistId: string): Weekday[] {
  return statementsOf(db)
    .workingDays.all({ specialistId })
    .map((row) => row.day);
}

/** The specialist's week: their own hours per weekday, and the spec's range for the other working days. */
export function weeklyScheduleOf(db: DbOrTx, specialist: BookableSpecialist): WeeklySchedule {
  const week: WeeklySchedule['week'] = {};
  for (const row of statementsOf(db).ownHours.all({ specialistId: specialist.id })) week[row.day] = row.ranges;
  return {
    fallback: { from: specialist.availableFrom, to: specialist.availableTo, days: workingDays(db, specialist.id) },
    week,
  };
}

/**
 * The weeks of the specialists shown, by id, from two reads of every specialist's days and hours
 * (a few rows per specialist: the calendar shows them all at once).
 */
export function weeklySchedulesOf(db: DbOrTx, shown: readonly BookableSpecialist[]): Map<string, WeeklySchedule> {
  const days = new Map<string, Weekday[]>();
  const weeks = new Map<string, WeeklySchedule['week']>();
  const statements = statementsOf(db);
  for (const row of statements.everyWorkingDay.all())
    days.set(row.specialistId, [...(days.get(row.specialistId) ?? []), row.day]);
  for (const row of statements.everyOwnHours.all()) {
    const week = weeks.get(row.specialistId) ?? {};
    week[row.day] = row.ranges;
    weeks.set(row.specialistId, week);
  }
  return new Map(
    shown.map((specialist) => [
      specialist.id,
      {
        fallback: { from: specialist.availableFrom, to: specialist.availableTo, days: days.get(specialist.id) ?? [] },
        week: weeks.get(specialist.id) ?? {},
      },
    ]),
  );
}

/** Every specialist still working here, by name. */
export function listLiveSpecialists(db: DbOrTx): BookableSpecialist[] {
  return statementsOf(db).everyLiveSpecialist.all();
}

/** Whether the salon is closed all day on `day` (`YYYY-MM-DD`). */
export function isClosedDay(db: DbOrTx, day: string): boolean {
  return statementsOf(db).closed.get({ day }) !== undefined;
}

/** The salon's saved opening ranges on a weekday (`[]`: closed), or undefined when never set (no limit). */
export function openingRangesOf(db: DbOrTx, weekday: Weekday): readonly TimeRange[] | undefined {
  return statementsOf(db).opening.get({ day: weekday })?.ranges;
}

/** The weekdays whose opening hours have been saved, with their ranges. */
export function savedOpeningHours(db: DbOrTx): Partial<Record<Weekday, readonly TimeRange[]>> {
  return Object.fromEntries(
    statementsOf(db)
      .everyOpeningDay.all()
      .map((row) => [row.day, row.ranges]),
  );
}

/**
 * The bookable ranges of the specialist on one salon day: their working ranges inside the salon's
 * opening hours (none when the salon is closed). Every free-slot answer and every booking, salon
 * booking and move is checked against these, so both rules live here and nowhere else.
 */
export function dayRanges(db: DbOrTx, specialist: BookableSpecialist, day: string): readonly TimeRange[] {
  const working = workingRanges(weeklyScheduleOf(db, specialist), day, isClosedDay(db, day));
  if (working.length === 0) return working;
  return withinOpeningHours(working, openingRangesOf(db, weekdayOf(day)));
}

/**
 * The specialist's bookings that are not cancelled and overlap the salon day, each with its own
 * booked start and end, and their time off. A booking fits inside one working day, so one that
 * overlaps this day started less than a day before it: the range on `starts_at` lets SQLite read
 * the partial unique index `(specialist_id, starts_at) WHERE status <> 'cancelled'`. Bookings being
 * moved (`except`) do not stand in their own way.
 */
export function busyIntervals(
  db: DbOrTx,
  specialistId: string,
  day: string,
  timeZone: string,
  except: readonly string[] = [],
  heldFor = '',
): Interval[] {
  const dayStart = instantAt(day, '00:00', timeZone).getTime();
  const dayEnd = instantAt(addCalendarDays(day, 1), '00:00', timeZone).getTime();
  const statements = statementsOf(db);
  const booked = statements.busy.all({ specialistId, from: dayStart - DAY_MS, to: dayEnd, dayStart });
  return [
    ...(except.length === 0 ? booked : booked.filter((row) => !except.includes(row.id))),
    ...statements.blocked.all({
      specialistId,
      dayBefore: dayStart - DAY_MS,
      dayStart,
      dayEnd,
      now: Date.now(),
      heldFor,
    }),
  ];
}

/** One item of a visit as asked for: a service and who does it. */
export interface VisitItemChoice {
  service: BookableService;
  /** The specialist named, or undefined for "any" who offers the service. */
  specialist?: BookableSpecialist | undefined;
  /** An item being moved keeps the lengths it was booked with; a new one takes today's. */
  booked?: { durationMinutes: number; bufferMinutes: number; processingMinutes: number } | undefined;
}

export interface VisitSlotsQuery {
  /** `YYYY-MM-DD` in the salon's time zone. */
  day: string;
  now: Date;
  items: readonly VisitItemChoice[];
  /** Bookings being moved: their own time is not busy. */
  except?: readonly string[];
  /** The waitlist offer being taken up: the time it holds is free for it. */
  heldFor?: string;
  /**
   * For a booking: "any" prefers the specialist with the fewest bookings that day, then by name
   * (domain/slots.ts `pickSpecialist`). Free times do not depend on the order, so a list skips it.
   */
  preferFewestBookings?: boolean;
}

/** A candidate of the engine with the specialist and terms behind it. */
export interface VisitCandidateOf extends VisitCandidate {
  specialist: BookableSpecialist;
  terms: SpecialistTerms;
}

/**
 * The slot engine's question for a visit (domain/visits.ts), read from the database: for each item
 * the specialists who may do it, each with their bookable ranges that day, what keeps them busy and
 * their own length. Each specialist's day is read once however many items they could do.
 */
export function visitQueryOf(
  db: DbOrTx,
  config: Pick<Config, 'timezone' | 'slotStepMinutes'>,
  query: VisitSlotsQuery,
): Omit<VisitQuery, 'items'> & { items: (Omit<VisitItemQuery, 'candidates'> & { candidates: VisitCandidateOf[] })[] } {
  const { day } = query;
  const days = new Map<string, { ranges: readonly TimeRange[]; busy: Interval[] | undefined; count?: number }>();
  const dayOf = (specialist: BookableSpecialist) => {
    let known = days.get(specialist.id);
    if (!known) {
      known = { ranges: dayRanges(db, specialist, day), busy: undefined };
      days.set(specialist.id, known);
    }
    // Busy times are read only for a specialist who works that day.
    if (known.ranges.length > 0 && known.busy === undefined)
      known.busy = busyIntervals(db, specialist.id, day, config.timezone, query.except, query.heldFor);
    return known;
  };
  const bookingsThatDay = (specialist: BookableSpecialist): number => {
    const known = days.get(specialist.id);
    if (known && known.count === undefined) known.count = bookingsOnDay(db, specialist.id, day, query.except);
    return known?.count ?? 0;
  };
  const items = query.items.map((choice) => {
    const { service, booked } = choice;
    const offering = choice.specialist
      ? [choice.specialist].flatMap((specialist) => {
          const terms = offerTerms(db, specialist.id, service);
          return terms ? [{ ...specialist, terms }] : [];
        })
      : liveSpecialistsOffering(db, service);
    let candidates = offering.map(({ terms, ...specialist }): VisitCandidateOf => {
      const { ranges, busy = [] } = dayOf(specialist);
      return {
        id: specialist.id,
        ranges,
        busy,
        durationMinutes: booked?.durationMinutes ?? terms.durationMinutes,
        specialist,
        terms,
      };
    });
    if (query.preferFewestBookings === true && candidates.length > 1) {
      const ranked = pickOrder(
        candidates.map((c) => ({ ...c.specialist, bookingsThatDay: bookingsThatDay(c.specialist) })),
      );
      const byId = new Map(candidates.map((candidate) => [candidate.id, candidate]));
      candidates = ranked.flatMap((specialist) => byId.get(specialist.id) ?? []);
    }
    return {
      bufferMinutes: booked?.bufferMinutes ?? service.bufferMinutes,
      processingMinutes: booked?.processingMinutes ?? service.processingMinutes,
      minNoticeMinutes: service.minNoticeMinutes,
      maxAdvanceDays: service.maxAdvanceDays ?? undefined,
      candidates,
    };
  });
  return { day, timeZone: config.timezone, stepMinutes: config.slotStepMinutes, now: query.now, items };
}

/** The free start times (`HH:MM`, earliest first) of a visit of one or more items on one salon day. */
export function visitFreeSlots(
  db: DbOrTx,
  config: Pick<Config, 'timezone' | 'slotStepMinutes'>,
  query: VisitSlotsQuery,
): string[] {
  return visitStartTimes(visitQueryOf(db, config, query));
}

/**
 * The lengths a booked item keeps when it moves: its active minutes and processing as booked, and
 * its buffer as what is left of its own time (cut short where the same specialist went straight on).
 */
export const bookedLengths = (row: {
  startsAt: Date;
  endsAt: Date;
  durationMinutes: number;
  processingMinutes: number;
}): NonNullable<VisitItemChoice['booked']> => ({
  durationMinutes: row.durationMinutes,
  bufferMinutes: Math.max(
    0,
    Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / 60_000) - row.durationMinutes,
  ),
  processingMinutes: row.processingMinutes,
});

export interface FreeSlotsQuery {
  /** Undefined: any specialist who offers the service. */
  specialist?: BookableSpecialist | undefined;
  service: BookableService;
  /** `YYYY-MM-DD` in the salon's time zone. */
  day: string;
  now: Date;
  /** A booking being moved: its own time is not busy, and it keeps its booked lengths. */
  moving?: { id: string; booked: NonNullable<VisitItemChoice['booked']> };
}

/**
 * The free start times (`HH:MM`) of one service on one salon day with the specialist named or any:
 * a visit of one item.
 */
export function freeSlots(
  db: DbOrTx,
  config: Pick<Config, 'timezone' | 'slotStepMinutes'>,
  query: FreeSlotsQuery,
): string[] {
  return visitFreeSlots(db, config, {
    day: query.day,
    now: query.now,
    items: [{ service: query.service, specialist: query.specialist, booked: query.moving?.booked }],
    except: query.moving ? [query.moving.id] : [],
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
