// Where a booking or a visit goes: its services and specialists looked up, its day and first time
// checked against the salon's rules with a clear word for each refusal, and every item placed with
// a specialist who is free then (domain/visits.ts). Runs inside the writing transaction, so what
// it finds free is still free when the rows are written.
import { and, eq, gt, ne } from 'drizzle-orm';
import { ANY_SPECIALIST } from '@/shared/constants';
import type { SpecialistTerms } from '@/server/catalogue/specialist-services';
import type { DbOrTx } from '@/server/db/client';
import { bookings, waitlistHolds } from '@/server/db/schema';
import { clockTimeAfter, instantAt, todayIn } from '@/server/domain/calendar';
import { openingHoursRefusal } from '@/server/domain/opening-hours';
import { heldTimeMessage } from '@/server/domain/waitlist';
import { formatClock } from '@/shared/time-format';
import { weekdayOf } from '@/server/domain/slots';
import {
  clashMessage,
  clockOf,
  noticeRefusal,
  placeVisit,
  visitDayRefusal,
  visitObstacle,
  type VisitQuery,
} from '@/server/domain/visits';
import type { Config } from '@/server/env';
import { Conflict, InvalidFields } from '@/server/errors';
import {
  liveServiceNamed,
  liveSpecialistByIdOrName,
  openingRangesOf,
  visitQueryOf,
  type BookableService,
  type BookableSpecialist,
  type VisitItemChoice,
} from './free-slots';

export const SLOT_TAKEN_MESSAGE = 'This time slot is no longer available. Please choose another one.';
export const slotTaken = () => new Conflict(SLOT_TAKEN_MESSAGE);

/** One item as a request names it: the service (by name, or by id or name) and who does it (id, name or "any"). */
export interface ItemRequest {
  service: string;
  specialist: string;
}

/** Where a complaint about an item's field is reported: `service` for a booking, `items.1.service` for a visit. */
export type FieldPathOf = (index: number, field: 'service' | 'specialist') => string;
export const bookingFieldPath: FieldPathOf = (_index, field) => field;
export const visitFieldPath: FieldPathOf = (index, field) => `items.${index}.${field}`;

/**
 * The items' services and specialists, each checked: a service on offer, a specialist still here
 * (or "any"). Every complaint at once, each at its item's field. Whether the specialist offers the
 * service is checked when the items are placed, after the salon's hours (`placeItems`).
 */
export function resolveItems(
  db: DbOrTx,
  items: readonly ItemRequest[],
  pathOf: FieldPathOf,
  serviceOf: (db: DbOrTx, choice: string) => BookableService | undefined = liveServiceNamed,
): VisitItemChoice[] {
  const problems: { path: string; message: string }[] = [];
  const resolved = items.map((item, index): VisitItemChoice | undefined => {
    const service = serviceOf(db, item.service);
    if (!service) {
      problems.push({ path: pathOf(index, 'service'), message: 'Select a service' });
      return undefined;
    }
    if (item.specialist.trim().toLowerCase() === ANY_SPECIALIST) return { service };
    const specialist = liveSpecialistByIdOrName(db, item.specialist);
    if (!specialist) {
      problems.push({ path: pathOf(index, 'specialist'), message: 'Select a specialist' });
      return undefined;
    }
    return { service, specialist };
  });
  const [problem, ...more] = problems;
  if (problem) throw new InvalidFields([problem, ...more]);
  return resolved.filter((item): item is VisitItemChoice => item !== undefined);
}

/** The day of a booking or visit, refused as bad input when none of its services can be booked then. */
export function checkBookableDay(items: readonly VisitItemChoice[], day: string, timeZone: string): void {
  const refusal = visitDayRefusal(
    day,
    todayIn(timeZone),
    items.map((item) => item.service),
  );
  if (refusal) throw new InvalidFields([{ path: 'bookingDate', message: refusal }]);
}

/** An item placed: who does it at what terms, and when (its own `HH:MM` too). */
export interface PlacedVisitItem {
  service: BookableService;
  specialist: BookableSpecialist;
  terms: SpecialistTerms;
  timeSlot: string;
  startsAt: Date;
  /** The end of the specialist's own time (active and buffer). */
  endsAt: Date;
  clientEndsAt: Date;
  durationMinutes: number;
  processingMinutes: number;
}

export interface Placement {
  day: string;
  timeSlot: string;
  items: readonly VisitItemChoice[];
  /** Bookings being moved. */
  except?: readonly string[];
  /** The waitlist offer being taken up: the time it holds is free for it. */
  heldFor?: string;
  /** A customer's own booking keeps each service's minimum notice; the salon's may book at shorter notice. */
  byCustomer: boolean;
  /** Where a complaint about an item's specialist is reported. */
  pathOf: FieldPathOf;
  now: Date;
  /**
   * A refused time names what it clashes with (another customer's booking among them): for the
   * salon's own moves, which may read every booking. Others are told only that the time is taken.
   */
  nameClash?: boolean;
}

/**
 * Why a customer's visit that does not fit at `timeSlot` would fit but for a later item's minimum
 * notice, as bad input naming that service; null when notice is not what stops it.
 */
function noticeRefusalOf(query: VisitQuery, placement: Placement): InvalidFields | null {
  if (!placement.byCustomer || query.items.every((item) => item.minNoticeMinutes === 0)) return null;
  const withoutNotice = placeVisit(
    { ...query, items: query.items.map((item) => ({ ...item, minNoticeMinutes: 0 })) },
    placement.timeSlot,
  );
  for (const [index, item] of (withoutNotice ?? []).entries()) {
    const service = placement.items[index]?.service;
    const early = service && noticeRefusal(service, item.startsAt, placement.now);
    if (early) return new InvalidFields([{ path: 'timeSlot', message: early }]);
  }
  return null;
}

/**
 * What a salon's move refused at `timeSlot` clashes with, as a taken time naming it (domain/visits.ts
 * `visitObstacle`, `clashMessage`); null when it is not one thing the salon could see in the calendar.
 */
function clashRefusalOf(db: DbOrTx, query: ReturnType<typeof visitQueryOf>, placement: Placement): Conflict | null {
  if (placement.nameClash !== true) return null;
  const obstacle = visitObstacle(query, placement.timeSlot);
  const specialist = obstacle && query.items[obstacle.item]?.candidates[0];
  if (!obstacle || !specialist) return null;
  const specialistName = specialist.specialist.name;
  if (obstacle.kind === 'not-working') {
    return new Conflict(
      clashMessage({
        kind: 'not-working',
        specialistName,
        from: clockOf(obstacle.startsAt, query.timeZone),
        to: clockOf(obstacle.endsAt, query.timeZone),
        worksThatDay: specialist.ranges.length > 0,
      }),
    );
  }
  // A busy interval is a live booking of the specialist starting then (one at most: the unique
  // index), a waitlist offer's hold, or else their time off.
  const booking = liveBookingStartingAt(db, specialist.id, obstacle.busy.startsAt);
  const hold = booking ? undefined : holdStartingAt(db, specialist.id, obstacle.busy.startsAt);
  if (hold) return new Conflict(heldTimeMessage(formatClock(clockOf(hold.until, query.timeZone))));
  return new Conflict(
    clashMessage(
      booking
        ? {
            kind: 'booking',
            customerName: `${booking.firstName} ${booking.lastName}`.trim(),
            serviceName: booking.serviceName,
            timeSlot: booking.timeSlot,
            endTime: clockTimeAfter(booking.bookingDate, booking.timeSlot, booking.durationMinutes, query.timeZone),
          }
        : { kind: 'time-off', specialistName },
    ),
  );
}

/** A waitlist offer's hold of the specialist's time starting at `startsAt`, still running, if any. */
function holdStartingAt(db: DbOrTx, specialistId: string, startsAt: Date) {
  return db
    .select({ until: waitlistHolds.until })
    .from(waitlistHolds)
    .where(
      and(
        eq(waitlistHolds.specialistId, specialistId),
        eq(waitlistHolds.startsAt, startsAt),
        gt(waitlistHolds.until, new Date()),
      ),
    )
    .get();
}

/** The specialist's booking that is not cancelled and starts at `startsAt`, if any. */
function liveBookingStartingAt(db: DbOrTx, specialistId: string, startsAt: Date) {
  return db
    .select({
      firstName: bookings.firstName,
      lastName: bookings.lastName,
      serviceName: bookings.serviceName,
      bookingDate: bookings.bookingDate,
      timeSlot: bookings.timeSlot,
      durationMinutes: bookings.durationMinutes,
    })
    .from(bookings)
    .where(
      and(eq(bookings.specialistId, specialistId), eq(bookings.startsAt, startsAt), ne(bookings.status, 'cancelled')),
    )
    .get();
}

/**
 * Places every item of the visit starting at `timeSlot`, or refuses: outside the salon's opening
 * hours or too short notice for any item as bad input, otherwise as a taken time. For "any", the
 * specialist with the fewest bookings that day goes first.
 */
export function placeItems(
  db: DbOrTx,
  config: Pick<Config, 'timezone' | 'slotStepMinutes'>,
  placement: Placement,
): PlacedVisitItem[] {
  const { day, timeSlot, items, now } = placement;
  const timeZone = config.timezone;
  const query = visitQueryOf(db, config, {
    day,
    now,
    items: placement.byCustomer
      ? items
      : items.map((item) => ({ ...item, service: { ...item.service, minNoticeMinutes: 0 } })),
    except: placement.except ?? [],
    heldFor: placement.heldFor,
    preferFewestBookings: true,
  });
  const [first] = query.items;
  const firstService = items[0]?.service;
  if (first && firstService) {
    // The salon's opening hours bind every specialist: a time outside them is refused as such, not
    // as "taken" (free slots leave it out already). The shortest length of the first item tells.
    const shortest = Math.min(...first.candidates.map((candidate) => candidate.durationMinutes));
    const lengthMinutes = (Number.isFinite(shortest) ? shortest : firstService.durationMinutes) + first.bufferMinutes;
    const weekday = weekdayOf(day);
    const closed = openingHoursRefusal(weekday, openingRangesOf(db, weekday), timeSlot, lengthMinutes);
    if (closed) throw new InvalidFields([{ path: 'timeSlot', message: closed }]);
    const early = placement.byCustomer && noticeRefusal(firstService, instantAt(day, timeSlot, timeZone), now);
    if (early) throw new InvalidFields([{ path: 'timeSlot', message: early }]);
  }
  // A specialist named who does not offer the service has no terms for it, so no candidate.
  const problems = items.flatMap((item, index) =>
    item.specialist && query.items[index]?.candidates.length === 0
      ? [
          {
            path: placement.pathOf(index, 'specialist'),
            message: `${item.specialist.name} does not offer ${item.service.name}.`,
          },
        ]
      : [],
  );
  const [problem, ...more] = problems;
  if (problem) throw new InvalidFields([problem, ...more]);
  const placed = placeVisit(query, timeSlot);
  if (!placed) throw noticeRefusalOf(query, placement) ?? clashRefusalOf(db, query, placement) ?? slotTaken();
  return placed.map((item, index) => {
    const candidate = query.items[index]?.candidates.find((c) => c.id === item.specialistId);
    const choice = items[index];
    if (!candidate || !choice) throw new Error('A placed item has no candidate behind it');
    return {
      service: choice.service,
      specialist: candidate.specialist,
      terms: candidate.terms,
      timeSlot: index === 0 ? timeSlot : clockOf(item.startsAt, timeZone),
      startsAt: item.startsAt,
      endsAt: item.endsAt,
      clientEndsAt: item.clientEndsAt,
      durationMinutes: item.durationMinutes,
      processingMinutes: query.items[index]?.processingMinutes ?? 0,
    };
  });
}
