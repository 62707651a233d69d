// The writes of a booking's life: made by a customer, cancelled by them, its status set or the
// booking deleted by the salon. Each checks and writes in one IMMEDIATE transaction; the mails go
// out after the commit from the outbox (a mail never undoes a booking). The routers call these; no other request
// path writes bookings (only the demo seed and the benchmark's seed insert them directly). The pure
// rules are in domain/bookings.ts. The messages each write causes (notify.ts) go into the outbox in
// the same transaction; the delivery loop is woken after the commit.
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { splitFullName } from '@/shared/bookings';
import { FORMER_CUSTOMER_NAME, type BookingSource, type BookingStatus } from '@/shared/constants';
import type { adminCreateBookingSchema, Booking, createBookingSchema } from '@/shared/schemas/bookings';
import type { adminCreateVisitSchema, createVisitSchema, Visit } from '@/shared/schemas/visits';
import { findUserAccount } from '@/server/auth/accounts';
import { throttle, type RateLimits } from '@/server/auth/rate-limit';
import type { Db, DbOrTx } from '@/server/db/client';
import { customerForSalonBooking } from '@/server/customers/walk-in';
import { priceOnDay } from '@/server/catalogue/discounts';
import { isUniqueViolation } from '@/server/db/constraint-errors';
import { newId } from '@/server/db/ids';
import { bookings, users } from '@/server/db/schema';
import { batchedWrite } from '@/server/db/write-batch';
import {
  adminRescheduleRefusal,
  customerCancelRefusal,
  customerRescheduleRefusal,
  isOpenStatus,
  reopensBooking,
  specialistMarkRefusal,
  statusRefusal,
  statusAfterMove,
} from '@/server/domain/bookings';
import { calendarDay, instantAt, salonDayOf, todayIn } from '@/server/domain/calendar';
import { clockOf } from '@/server/domain/visits';
import { unbookableDayReason } from '@/server/domain/slots';
import type { Config } from '@/server/env';
import type { Outbox } from '@/server/outbox/enqueue';
import { SYSTEM, type Actor } from '@/server/team/actor';
import { bookingAt, bookingMove, statusChange, type BookingPlace } from '@/server/domain/activity';
import { recordBookingChange } from './history';
import {
  bookedLengths,
  liveServiceByIdOrName,
  liveServiceWithId,
  liveSpecialistWithId,
  overlapsLiveBooking,
  type VisitItemChoice,
} from './free-slots';
import {
  bookingFieldPath,
  checkBookableDay,
  placeItems,
  resolveItems,
  slotTaken,
  visitFieldPath,
  type ItemRequest,
  type PlacedVisitItem,
} from './placement';
import { dropWaitingBookingMessages, recordBookingMessages } from './notify';
import {
  bookingNotFound,
  getBooking,
  getVisit,
  insertBooking,
  openBookingsAheadOf,
  leftOutOfPaidVisit,
  paidReceiptOf,
  visitItems,
  visitNotFound,
  type VisitItemRow,
} from './records';
import { Conflict, Forbidden, InvalidFields, InvalidRequest, NotSignedIn } from '@/server/errors';
import { endWaitlistOnBooking } from '@/server/waitlist/entries';
import { creditRebookNudges } from '@/server/nudges/credit';

export { SLOT_TAKEN_MESSAGE } from './placement';

const REOPEN_TAKEN_MESSAGE = 'Another booking holds this time now, so this one cannot be reopened.';

/** What the booking writes need: the database, the salon's clock, slot grid and message settings, and the outbox. */
export interface BookingDeps {
  db: Db;
  config: Pick<Config, 'timezone' | 'slotStepMinutes' | 'publicUrl' | 'reminderHours' | 'reviewRequestHours'>;
  outbox: Outbox;
  limits: Pick<RateLimits, 'bookingsPerCustomer' | 'seriesPreviewsPerCustomer'>;
  /** Who makes the change, for the booking's timeline (bookings/history.ts). */
  actor: Actor;
}

export const TOO_MANY_BOOKINGS = 'Too many booking requests in the last hour.';

/** The salon day a booking asks for, refused as bad input when no time of it can be booked at all. */
function bookableDay(bookingDate: string, timeZone: string): string {
  const day = salonDayOf(bookingDate, timeZone);
  const dayProblem = unbookableDayReason(day, todayIn(timeZone));
  if (dayProblem) throw new InvalidFields([{ path: 'bookingDate', message: dayProblem }]);
  return day;
}

interface BookingRequest {
  bookingDate: string;
  timeSlot: string;
  items: readonly ItemRequest[];
  firstName: string;
  lastName: string;
  phone: string;
  /** Made as a visit (`/users/visits`): its items share a visit id, even one alone. */
  asVisit: boolean;
  byCustomer: boolean;
  /** The salon's booking may be made pending; a customer's always is. */
  status?: 'pending' | 'confirmed';
  /** A waitlist offer taken up: the time it holds is free for this booking (waitlist/offers.ts). */
  heldFor?: string;
  /**
   * Runs first in the booking's transaction, told the ids the booking will have; throws to refuse
   * it (a waitlist offer already taken up), and what it writes is undone if the booking fails.
   */
  claim?: (tx: DbOrTx, ids: { lead: string; visit: string }) => void;
  /** Where it came from (BOOKING_SOURCES); default `direct`. */
  source?: BookingSource;
}

/** What `insertVisit` writes: the items placed (placement.ts), for whom, and as what. */
export interface VisitToInsert {
  placed: readonly PlacedVisitItem[];
  day: string;
  account: { id: string; email: string };
  details: { firstName: string; lastName: string; phone: string };
  /** null: a booking of one service made on the spec's path. */
  visitId: string | null;
  /** The first item's id. */
  lead: string;
  status: 'pending' | 'confirmed';
  source?: BookingSource | undefined;
  /** The standing appointment it is an occurrence of (bookings/series.ts). */
  seriesId?: string | undefined;
}

/**
 * Inserts the items placed, each priced on its day, with its first line in the booking's timeline,
 * inside the caller's transaction (no messages: the caller writes them). Answers the ids, in order.
 */
export function insertVisit(tx: DbOrTx, actor: Actor, visit: VisitToInsert): string[] {
  const { day, account, details } = visit;
  return visit.placed.map((item, index) => {
    const id = index === 0 ? visit.lead : newId();
    const { price, discountPercentage } = priceOnDay(tx, item.service.category, item.terms.price, day);
    insertBooking(tx, {
      id,
      userId: account.id,
      serviceId: item.service.id,
      specialistId: item.specialist.id,
      firstName: details.firstName,
      lastName: details.lastName,
      email: account.email,
      phone: details.phone,
      serviceName: item.service.name,
      servicePrice: item.terms.price,
      price,
      discountPercentage,
      durationMinutes: item.durationMinutes,
      specialistName: item.specialist.name,
      bookingDate: day,
      timeSlot: item.timeSlot,
      startsAt: item.startsAt,
      endsAt: item.endsAt,
      visitId: visit.visitId,
      processingMinutes: item.processingMinutes,
      status: visit.status,
      source: visit.source,
      seriesId: visit.seriesId ?? null,
    });
    const place = {
      serviceName: item.service.name,
      specialistName: item.specialist.name,
      bookingDate: day,
      timeSlot: item.timeSlot,
    };
    recordBookingChange(tx, actor, id, place, 'created', bookingAt(place));
    return id;
  });
}

/**
 * Checks and inserts a booking, or every item of a visit, in one IMMEDIATE transaction shared with
 * the bookings that arrive at the same moment (group commit), so of two requests for one time
 * exactly one gets it and a visit is booked whole or not at all; the unique index on live
 * (specialist, start) is the backstop. `customer` runs in the same transaction and names the
 * account the booking belongs to. Answers the ids of the items, in order.
 */
async function book(
  deps: BookingDeps,
  request: BookingRequest,
  customer: (tx: DbOrTx) => { id: string; email: string },
): Promise<{ lead: string; visit: string }> {
  const { db, config } = deps;
  const timeZone = config.timezone;
  // A day no time of which can be booked is bad input, not a taken slot.
  const day = bookableDay(request.bookingDate, timeZone);
  const visitId = request.asVisit ? newId() : null;
  // The first item's id: the booking a spec path answers; a visit of one has its own id.
  const lead = newId();
  const ids: string[] = [];
  try {
    await batchedWrite(db, (tx) => {
      ids.length = 0;
      request.claim?.(tx, { lead, visit: visitId ?? lead });
      const pathOf = request.asVisit ? visitFieldPath : bookingFieldPath;
      // The spec's booking names its service; a visit and a waitlist offer may give its id.
      const items =
        request.asVisit || request.heldFor !== undefined
          ? resolveItems(tx, request.items, pathOf, liveServiceByIdOrName)
          : resolveItems(tx, request.items, pathOf);
      checkBookableDay(items, day, timeZone);
      const placed = placeItems(tx, config, {
        day,
        timeSlot: request.timeSlot,
        items,
        pathOf,
        byCustomer: request.byCustomer,
        heldFor: request.heldFor,
        now: new Date(),
      });
      const account = customer(tx);
      ids.push(
        ...insertVisit(tx, deps.actor, {
          placed,
          day,
          account,
          details: request,
          visitId,
          lead,
          status: request.byCustomer ? 'pending' : (request.status ?? 'confirmed'),
          source: request.source,
        }),
      );
      // One confirmation for a visit, written by its first item, which lists the rest (bookings/notify.ts).
      for (const id of ids) recordBookingMessages(tx, config, id, { type: 'created', wholeVisit: true });
      // Booked on a day they waited for: they wait no longer.
      endWaitlistOnBooking(tx, account.id, [day]);
      // Booked after a nudge to rebook: the reports count it as the nudge's.
      creditRebookNudges(tx, ids);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slotTaken();
    throw error;
  }
  deps.outbox.wake();
  return { lead, visit: visitId ?? lead };
}

/**
 * The signed-in customer a booking or visit is for: the names given, else their account's; the
 * account's e-mail and phone; and the check, inside the booking's transaction, that the account was
 * not deleted meanwhile. Counts the request in their hourly limit as it is asked for, in the same
 * turn as the check, so simultaneous requests cannot slip past.
 */
export function signedInCustomer(
  deps: BookingDeps,
  userId: string,
  given: { firstName?: string | undefined; lastName?: string | undefined },
) {
  throttle(deps.limits.bookingsPerCustomer, userId, TOO_MANY_BOOKINGS);
  const account = findUserAccount(deps.db, deps.config, userId);
  if (!account) throw new NotSignedIn();
  const fromAccount = splitFullName(account.fullName);
  return {
    firstName: given.firstName ?? fromAccount.firstName,
    lastName: given.lastName ?? fromAccount.lastName,
    phone: account.phone,
    customer: (tx: DbOrTx) => {
      // Deleted while the slot was checked: no booking with their details for a tombstone.
      if (tx.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, account._id)).get()?.deletedAt) {
        throw new NotSignedIn();
      }
      return { id: account._id, email: account.email };
    },
  };
}

/** The account a salon booking is for: an existing customer, the one with the e-mail given, or a new one (customers/walk-in.ts). */
export const salonCustomer =
  (input: z.output<typeof adminCreateBookingSchema> | z.output<typeof adminCreateVisitSchema>) => (tx: DbOrTx) =>
    customerForSalonBooking(tx, {
      customerId: input.customerId,
      fullName: `${input.firstName} ${input.lastName}`,
      phone: input.phone,
      email: input.email,
    });

/**
 * Books a free slot for the customer `userId` (race-free: see `book`). The booking keeps a
 * snapshot of the service, the specialist and the customer's details; e-mail and phone are the
 * account's. `specialist: "any"` lets the salon pick. Answers the new booking, pending.
 */
export async function createBooking(
  deps: BookingDeps,
  userId: string,
  input: z.output<typeof createBookingSchema>,
): Promise<Booking> {
  const { customer, ...details } = signedInCustomer(deps, userId, input);
  const { lead } = await book(
    deps,
    {
      ...details,
      bookingDate: input.bookingDate,
      timeSlot: input.timeSlot,
      items: [{ service: input.service, specialist: input.specialist }],
      asVisit: false,
      byCustomer: true,
    },
    customer,
  );
  return getBooking(deps.db, lead);
}

/**
 * Books a visit of one or more services in order for the customer `userId`: every item placed
 * and written in one transaction, or none (see `book`). Answers the visit, its items pending.
 */
export async function createVisit(
  deps: BookingDeps,
  userId: string,
  input: z.output<typeof createVisitSchema>,
): Promise<Visit> {
  const { customer, ...details } = signedInCustomer(deps, userId, input);
  const { visit } = await book(
    deps,
    {
      ...details,
      bookingDate: input.bookingDate,
      timeSlot: input.timeSlot,
      items: input.items,
      asVisit: true,
      byCustomer: true,
    },
    customer,
  );
  return getVisit(deps.db, visit, deps.config.timezone);
}

/**
 * Books the time a waitlist offer holds for its customer `userId` (waitlist/offers.ts): the entry's
 * services in order, each with the specialist the offer placed, confirmed (the salon offered it),
 * within the customer's hourly limit, with the offer's hold not in its way. `claim` checks and marks the offer in the same transaction.
 * Answers the visit (a booking of one service is a visit of one).
 */
export async function bookWaitlistOffer(
  deps: BookingDeps,
  userId: string,
  offer: {
    id: string;
    bookingDate: string;
    timeSlot: string;
    items: readonly ItemRequest[];
    claim: NonNullable<BookingRequest['claim']>;
  },
): Promise<Visit> {
  const { customer, ...details } = signedInCustomer(deps, userId, {});
  const { visit } = await book(
    deps,
    {
      ...details,
      bookingDate: offer.bookingDate,
      timeSlot: offer.timeSlot,
      items: offer.items,
      asVisit: offer.items.length > 1,
      // The salon offered it: booked as the salon books (confirmed, its notice as offered).
      byCustomer: false,
      heldFor: offer.id,
      claim: offer.claim,
      source: 'waitlist',
    },
    customer,
  );
  return getVisit(deps.db, visit, deps.config.timezone);
}

/**
 * The salon books for a customer who phoned or walked in: an existing account, the account with
 * the e-mail given, or a new one without a password (customers/walk-in.ts). Same rules and race
 * safety as a customer's booking; no hourly limit (the salon is trusted). Confirmed unless the
 * salon chose pending.
 */
export async function createSalonBooking(
  deps: BookingDeps,
  input: z.output<typeof adminCreateBookingSchema>,
): Promise<Booking> {
  const { lead } = await book(
    deps,
    { ...input, items: [{ service: input.service, specialist: input.specialist }], asVisit: false, byCustomer: false },
    salonCustomer(input),
  );
  return getBooking(deps.db, lead);
}

/** The salon books a visit of several services for a customer who phoned or walked in (as `createSalonBooking`). */
export async function createSalonVisit(
  deps: BookingDeps,
  input: z.output<typeof adminCreateVisitSchema>,
): Promise<Visit> {
  const { visit } = await book(deps, { ...input, asVisit: true, byCustomer: false }, salonCustomer(input));
  return getVisit(deps.db, visit, deps.config.timezone);
}

export type Rescheduler = { kind: 'admin' } | { kind: 'customer'; userId: string };

/** A move of one item's specialist (a booking moved to another column, or to "any"). */
interface SpecialistChange {
  itemId: string;
  /** An id, a name, or "any". */
  choice: string;
}

/**
 * Places the open items of a visit (or the one booking) again from `timeSlot` on `day`, keeping
 * each item's service, lengths as booked and specialist (or the one `change` names; a specialist
 * who has left is replaced by any who offers the service), its own items not standing in its way,
 * and writes the new times: inside the caller's IMMEDIATE transaction, all items or none. False
 * when nothing changes.
 */
export function moveItems(
  tx: DbOrTx,
  { config, actor }: Pick<BookingDeps, 'config' | 'actor'>,
  who: Rescheduler,
  all: readonly VisitItemRow[],
  to: { day: string; timeSlot: string; change?: SpecialistChange },
  /** An occurrence of a standing appointment moved with others: no mail of its own (bookings/notify.ts). */
  quiet = false,
): boolean {
  const open = all.filter((item) => isOpenStatus(item.status));
  const pathOf = all.length > 1 ? visitFieldPath : bookingFieldPath;
  const items = open.map((item, index): VisitItemChoice => {
    const service = liveServiceWithId(tx, item.serviceId);
    const noun = all.length > 1 ? 'visit' : 'booking';
    if (!service)
      throw new InvalidRequest(`${item.serviceName} is no longer offered, so this ${noun} cannot be moved.`);
    const choice = to.change?.itemId === item.id ? to.change.choice : undefined;
    const [chosen] =
      choice === undefined
        ? [{ service, specialist: liveSpecialistWithId(tx, item.specialistId) }]
        : resolveItems(
            tx,
            [{ service: service.id, specialist: choice }],
            (_i, field) => pathOf(index, field),
            liveServiceWithId,
          );
    return { ...(chosen ?? { service }), booked: bookedLengths(item) };
  });
  checkBookableDay(items, to.day, config.timezone);
  const placed = placeItems(tx, config, {
    day: to.day,
    timeSlot: to.timeSlot,
    items,
    except: all.map((item) => item.id),
    pathOf,
    byCustomer: who.kind === 'customer',
    nameClash: who.kind === 'admin',
    now: new Date(),
  });
  // Nothing changes: no new invitation, no mail.
  const unchanged = placed.every(
    (item, index) =>
      item.startsAt.getTime() === open[index]?.startsAt.getTime() && item.specialist.id === open[index].specialistId,
  );
  if (unchanged) return false;
  // Out of the way first: an item may move onto the start another item of the same visit leaves,
  // which the unique index on live (specialist, start) would refuse midway.
  for (const row of open) {
    tx.update(bookings)
      .set({ startsAt: new Date(-row.startsAt.getTime()) })
      .where(eq(bookings.id, row.id))
      .run();
  }
  placed.forEach((item, index) => {
    const row = open[index];
    if (!row) return;
    const place = {
      serviceName: row.serviceName,
      specialistName: item.specialist.name,
      bookingDate: calendarDay(item.startsAt, config.timezone),
      timeSlot: item.timeSlot,
    };
    const status = statusAfterMove(row.status, who.kind === 'customer');
    // A customer's move of a confirmed booking asks the salon again: the timeline says so.
    const moved = bookingMove(row, place);
    const detail = status === row.status ? moved : `${moved}; ${statusChange(row.status, status)}`;
    recordBookingChange(tx, actor, row.id, place, 'moved', detail);
    tx.update(bookings)
      .set({
        specialistId: item.specialist.id,
        specialistName: item.specialist.name,
        bookingDate: to.day,
        timeSlot: item.timeSlot,
        startsAt: item.startsAt,
        endsAt: item.endsAt,
        status,
        sequence: sql`${bookings.sequence} + 1`,
      })
      .where(eq(bookings.id, row.id))
      .run();
  });
  for (const row of open) recordBookingMessages(tx, config, row.id, { type: 'rescheduled', wholeVisit: true, quiet });
  return true;
}

/** The items of the visit `id` (or of the visit the booking `id` is part of); NOT_FOUND when none. */
export function itemsOf(tx: DbOrTx, id: string, notFound: () => Error): VisitItemRow[] {
  const all = visitItems(tx, id);
  if (all.length === 0) throw notFound();
  return all;
}

/** Runs a move in one IMMEDIATE transaction; a lost race on the unique index is a taken time. Wakes the outbox after a change. */
export function inMoveTransaction(deps: BookingDeps, move: (tx: DbOrTx) => boolean): void {
  let moved: boolean;
  try {
    moved = deps.db.transaction(move, { behavior: 'immediate' });
  } catch (error) {
    if (isUniqueViolation(error)) throw slotTaken();
    throw error;
  }
  if (moved) deps.outbox.wake();
}

/**
 * Moves an open booking to another day, time or specialist (same service, same length), checked
 * like a new booking in one IMMEDIATE transaction: the new time must be free (the booking's own
 * time does not count), inside the specialist's hours, clear of their time off. A booking that is
 * an item of a visit of several moves the whole visit by the same amount (another specialist for
 * this item allowed), refused as a whole. A customer may move only their own booking, up to the
 * cancel cut-off, and their move returns it to pending for the salon to confirm, and counts in
 * their hourly limit of booking requests. The customer gets the updated invitation (same UID,
 * higher SEQUENCE); a "move" to the same time and specialist changes nothing and sends nothing.
 */
export function rescheduleBooking(
  deps: BookingDeps,
  who: Rescheduler,
  input: {
    id: string;
    bookingDate?: string | undefined;
    timeSlot?: string | undefined;
    specialist?: string | undefined;
  },
): Booking {
  const { config } = deps;
  // A customer's move is a booking request like a new one (each mails them and the salon and posts
  // webhooks), counted in the same hourly limit as it is asked for.
  if (who.kind === 'customer') throttle(deps.limits.bookingsPerCustomer, who.userId, TOO_MANY_BOOKINGS);
  inMoveTransaction(deps, (tx) => {
    const all = itemsOf(tx, input.id, bookingNotFound);
    const row = all.find((item) => item.id === input.id);
    const [first] = all;
    if (!row || !first) throw bookingNotFound();
    if (who.kind === 'customer' && row.userId !== who.userId) {
      throw new Forbidden('You can only reschedule your own bookings.');
    }
    const refusal = who.kind === 'customer' ? customerRescheduleRefusal(row, new Date()) : adminRescheduleRefusal(row);
    if (refusal) throw new InvalidRequest(refusal);
    const day = input.bookingDate === undefined ? row.bookingDate : bookableDay(input.bookingDate, config.timezone);
    const timeSlot = input.timeSlot ?? row.timeSlot;
    const change = { itemId: row.id, choice: input.specialist ?? row.specialistId };
    if (all.length === 1) return moveItems(tx, deps, who, all, { day, timeSlot, change });
    // An item of a visit: the whole visit moves by the same amount, from its first item.
    const shift = instantAt(day, timeSlot, config.timezone).getTime() - row.startsAt.getTime();
    const firstStart = new Date(first.startsAt.getTime() + shift);
    return moveItems(tx, deps, who, all, {
      day: calendarDay(firstStart, config.timezone),
      timeSlot: clockOf(firstStart, config.timezone),
      change,
    });
  });
  return getBooking(deps.db, input.id);
}

/**
 * Moves a whole visit to another day and time: every open item keeps its service, specialist and
 * lengths as booked and the visit is placed again as a new one would be (its own items do not
 * stand in its way), in one IMMEDIATE transaction, all items or none. A customer may move only
 * their own visit, up to the cut-off before its first open item, and their move returns it to
 * pending. A specialist who has left since is replaced by any who offers the service.
 */
export function moveVisit(
  deps: BookingDeps,
  who: Rescheduler,
  input: { id: string; bookingDate: string; timeSlot: string },
): Visit {
  const { config } = deps;
  if (who.kind === 'customer') throttle(deps.limits.bookingsPerCustomer, who.userId, TOO_MANY_BOOKINGS);
  const day = bookableDay(input.bookingDate, config.timezone);
  inMoveTransaction(deps, (tx) =>
    moveItems(tx, deps, who, movableVisit(tx, who, input.id), { day, timeSlot: input.timeSlot }),
  );
  return getVisit(deps.db, input.id, config.timezone);
}

/**
 * The items of a visit `who` may move now: their own (a customer's), before the cut-off; read in
 * the move's transaction. Refused in words otherwise.
 */
export function movableVisit(tx: DbOrTx, who: Rescheduler, id: string) {
  const all = itemsOf(tx, id, visitNotFound);
  const first = all.find((item) => isOpenStatus(item.status)) ?? all[0];
  if (!first) throw visitNotFound();
  if (who.kind === 'customer' && first.userId !== who.userId) {
    throw new Forbidden('You can only reschedule your own visits.');
  }
  const refusal =
    who.kind === 'customer'
      ? customerRescheduleRefusal(first, new Date(), 'visit')
      : adminRescheduleRefusal(first, 'visit');
  if (refusal) throw new InvalidRequest(refusal);
  return all;
}

/**
 * Cancels every open item of one of the customer's own visits, up to the cut-off before its first
 * item. Someone else's visit is FORBIDDEN.
 */
export function cancelCustomerVisit(deps: BookingDeps, userId: string, visitId: string): Visit {
  deps.db.transaction(
    (tx) => {
      cancelByCustomer(tx, deps, cancellableVisit(tx, userId, visitId).open, true);
    },
    { behavior: 'immediate' },
  );
  deps.outbox.wake();
  return getVisit(deps.db, visitId, deps.config.timezone);
}

/**
 * A visit of the customer's own they may cancel now (before the cut-off), read in the cancel's
 * transaction: all its items and the open ones. Refused in words otherwise.
 */
export function cancellableVisit(tx: DbOrTx, userId: string, visitId: string) {
  const all = visitItems(tx, visitId);
  const [first] = all;
  if (!first) throw visitNotFound();
  if (first.userId !== userId) throw new Forbidden('You can only cancel your own visits.');
  const open = all.filter((item) => isOpenStatus(item.status));
  const refusal = customerCancelRefusal(open[0] ?? first, new Date(), 'visit');
  if (refusal) throw new InvalidRequest(refusal);
  return { all, open };
}

/**
 * Cancels one of the customer's own bookings while it is pending or confirmed and starts more
 * than BOOKING_CANCEL_CUTOFF_MINUTES from now. Someone else's booking is FORBIDDEN.
 */
export function cancelCustomerBooking(deps: BookingDeps, userId: string, bookingId: string): Booking {
  deps.db.transaction(
    (tx) => {
      const row = tx.select(statusRowColumns).from(bookings).where(eq(bookings.id, bookingId)).get();
      if (!row) throw bookingNotFound();
      if (row.userId !== userId) {
        throw new Forbidden('You can only cancel your own bookings.');
      }
      const refusal = customerCancelRefusal(row, new Date());
      if (refusal) throw new InvalidRequest(refusal);
      cancelByCustomer(tx, deps, [row]);
    },
    { behavior: 'immediate' },
  );
  deps.outbox.wake();
  return getBooking(deps.db, bookingId);
}

/** What a status change reads of each booking: its status, and where it is for the timeline. */
const statusRowColumns = {
  id: bookings.id,
  userId: bookings.userId,
  status: bookings.status,
  startsAt: bookings.startsAt,
  serviceName: bookings.serviceName,
  specialistName: bookings.specialistName,
  bookingDate: bookings.bookingDate,
  timeSlot: bookings.timeSlot,
};

type StatusRow = BookingPlace & { id: string; status: BookingStatus };

/** Cancels a booking as its customer did, with the mails and webhooks that causes (inside the caller's transaction). */
export function cancelByCustomer(
  tx: DbOrTx,
  deps: Pick<BookingDeps, 'config' | 'actor'>,
  rows: readonly StatusRow[],
  wholeVisit = false,
  quiet = false,
): void {
  changeStatus(tx, deps, rows, 'cancelled', { byCustomer: true, wholeVisit, quiet });
}

/**
 * Sets `status` on every row first, then writes the messages of each change: so each record sees
 * its visit as the change leaves it (one mail from the lead, the visit's one reminder on its first
 * open item).
 */
function changeStatus(
  tx: DbOrTx,
  { config, actor }: Pick<BookingDeps, 'config' | 'actor'>,
  rows: readonly StatusRow[],
  status: BookingStatus,
  how: { byCustomer: boolean; wholeVisit: boolean; quiet?: boolean },
): void {
  for (const row of rows) {
    tx.update(bookings).set({ status }).where(eq(bookings.id, row.id)).run();
    const action = status === 'cancelled' ? 'cancelled' : 'status';
    recordBookingChange(tx, actor, row.id, row, action, statusChange(row.status, status));
  }
  for (const row of rows) {
    recordBookingMessages(tx, config, row.id, { type: 'status', previous: row.status, next: status, ...how });
  }
}

/**
 * A customer deleting their account (auth/account-deletion.ts): every booking of theirs that is
 * pending or confirmed and starts after `now` is cancelled as if they had cancelled it themselves
 * (the same mails to them and to the salon, the same webhooks), without the cut-off. Runs inside the
 * deletion's IMMEDIATE transaction; answers how many were cancelled.
 */
export function cancelUpcomingBookingsOf(tx: DbOrTx, config: BookingDeps['config'], userId: string, now: Date): number {
  const upcoming = tx.select(statusRowColumns).from(bookings).where(openBookingsAheadOf(userId, now)).all();
  // The salon's rule cancels them, not the customer's hand: the timeline says "System".
  cancelByCustomer(tx, { config, actor: SYSTEM }, upcoming);
  return upcoming.length;
}

/** What a booking of a deleted account says of who booked it: no name, e-mail or phone of theirs. */
export const FORMER_CUSTOMER_BOOKING = { ...splitFullName(FORMER_CUSTOMER_NAME), email: '', phone: '' } as const;

/**
 * The bookings of a customer who deleted their account keep what the salon's reports count
 * (service, specialist, day, price, status) and lose who booked them. In the deletion's transaction,
 * after the cancellations (whose mails were written with the details still there).
 */
export function forgetBookingCustomer(tx: DbOrTx, userId: string): void {
  tx.update(bookings).set(FORMER_CUSTOMER_BOOKING).where(eq(bookings.userId, userId)).run();
}

/**
 * Sets the status of bookings (one, or items of one visit) inside the caller's transaction, with the
 * messages that causes. `begins`: when the booking or its whole visit starts (no-show only after).
 * `expected`: the status the caller saw (a Confirm tap); a row that has another by now refuses it.
 * Reopening a cancelled booking whose time another booking has taken since is a CONFLICT: it would
 * book the specialist twice. `wholeVisit`: every item of its visit changes at once (one mail, by its lead).
 */
export function setStatus(
  tx: DbOrTx,
  deps: Pick<BookingDeps, 'config' | 'actor'>,
  change: {
    begins: Date;
    status: BookingStatus;
    expected: BookingStatus | undefined;
    wholeVisit: boolean;
    /** An occurrence of a standing appointment changed with others: no mail of its own (bookings/notify.ts). */
    quiet?: boolean;
  },
  rows: readonly (StatusRow & { specialistId: string; startsAt: Date; endsAt: Date })[],
): void {
  const { status } = change;
  for (const row of rows) {
    const refusal = statusRefusal({ startsAt: change.begins, status: row.status }, status, new Date(), change.expected);
    if (refusal) throw new Conflict(refusal);
  }
  if (rows.some((row) => reopensBooking(row.status, status) && overlapsLiveBooking(tx, row))) {
    throw new Conflict(REOPEN_TAKEN_MESSAGE);
  }
  const receipt =
    status === 'completed'
      ? undefined
      : paidReceiptOf(
          tx,
          rows.map((row) => row.id),
        );
  if (receipt !== undefined) throw new Conflict(paidBookingStays(receipt));
  if (status !== 'cancelled' && status !== 'no-show') {
    const leftOut = leftOutOfPaidVisit(
      tx,
      rows.map((row) => row.id),
    );
    if (leftOut) throw new Conflict(leftOutStays(leftOut));
  }
  changeStatus(tx, deps, rows, status, { byCustomer: false, wholeVisit: change.wholeVisit, quiet: change.quiet });
}

/** Runs a status change in one IMMEDIATE transaction; a lost race to reopen is a CONFLICT. Wakes the outbox after a change. */
export function inStatusTransaction(deps: BookingDeps, change: (tx: DbOrTx) => boolean): void {
  let changed: boolean;
  try {
    changed = deps.db.transaction(change, { behavior: 'immediate' });
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict(REOPEN_TAKEN_MESSAGE);
    throw error;
  }
  if (changed) deps.outbox.wake();
}

/**
 * Sets a status (no-show only once the booking has begun). The customer hears when their booking is
 * confirmed or cancelled. Reopening a cancelled booking whose time another booking has taken
 * since is a CONFLICT: it would book the specialist twice.
 */
export function updateBookingStatus(
  deps: BookingDeps,
  bookingId: string,
  { status, expectedStatus }: { status: BookingStatus; expectedStatus?: BookingStatus | undefined },
  /** A specialist's own account: their own bookings only, marked completed or no-show once begun. */
  onlySpecialist?: string,
): Booking {
  inStatusTransaction(deps, (tx) => {
    const [row] = itemsOf(tx, bookingId, bookingNotFound).filter((item) => item.id === bookingId);
    if (!row || (onlySpecialist !== undefined && row.specialistId !== onlySpecialist)) throw bookingNotFound();
    const refusal = onlySpecialist === undefined ? null : specialistMarkRefusal(row, status, new Date());
    if (refusal) throw new Forbidden(refusal);
    // The status it has already: nothing changes, nothing is sent or recorded.
    if (row.status === status) return false;
    setStatus(tx, deps, { begins: row.startsAt, status, expected: expectedStatus, wholeVisit: false }, [row]);
    return true;
  });
  return getBooking(deps.db, bookingId);
}

/**
 * Sets the status of every item of a visit at once (those that have it already stay as they are):
 * one mail tells the customer of the whole visit. Reopening refuses as a whole, as for one booking.
 */
export function updateVisitStatus(
  deps: BookingDeps,
  visitId: string,
  { status, expectedStatus }: { status: BookingStatus; expectedStatus?: BookingStatus | undefined },
): Visit {
  inStatusTransaction(deps, (tx) => {
    const all = itemsOf(tx, visitId, visitNotFound);
    const changing = all.filter((item) => item.status !== status);
    // The first item tells of the whole visit; when it has the status already, each item tells of itself.
    const wholeVisit = changing[0]?.id === all[0]?.id;
    // The visit begins with its first item, whatever its status.
    const begins = new Date(Math.min(...all.map((item) => item.startsAt.getTime())));
    setStatus(tx, deps, { begins, status, expected: expectedStatus, wholeVisit }, changing);
    return changing.length > 0;
  });
  return getVisit(deps.db, visitId, deps.config.timezone);
}

/** Why a paid booking neither changes status nor goes: the till's takings count it (README "The till"). */
const paidBookingStays = (receipt: number) =>
  `This booking is paid (receipt ${String(receipt)}), so it stays completed and on record. A refund gives money back.`;

/** Why an item its visit's sale left out is not done after all: the visit is paid without it. */
const leftOutStays = ({ receipt, serviceName }: { receipt: number; serviceName: string }) =>
  `This visit was paid without ${serviceName} (receipt ${String(receipt)}), so it stays as it is. Book it again to do it.`;

/** Deletes the booking for good; its time becomes free. Its timeline stays, ending with the deletion. */
export function deleteBooking(deps: Pick<BookingDeps, 'db' | 'actor'>, bookingId: string): { _id: string } {
  deps.db.transaction((tx) => {
    const row = tx.select(statusRowColumns).from(bookings).where(eq(bookings.id, bookingId)).get();
    if (!row) throw bookingNotFound();
    const receipt = paidReceiptOf(tx, [bookingId]);
    if (receipt !== undefined) throw new Conflict(paidBookingStays(receipt));
    dropWaitingBookingMessages(tx, bookingId);
    tx.delete(bookings).where(eq(bookings.id, bookingId)).run();
    recordBookingChange(tx, deps.actor, bookingId, row, 'deleted', bookingAt(row));
  });
  return { _id: bookingId };
}
