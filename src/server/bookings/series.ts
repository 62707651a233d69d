// Standing appointments (README "Standing appointments"): a visit repeated every few weeks, each
// occurrence checked like a new booking (placement.ts) and listed with the nearest free times that
// day when it does not fit; what fits, with the times picked for the rest, booked in one
// transaction, all or nothing; a move or cancel of "this and the following" occurrences likewise.
// Each occurrence is an ordinary visit with its own status, reminder and cut-off; the customer's
// mails are told by the first occurrence (bookings/notify.ts `quiet`). The pure rules: domain/series.ts.
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { BookingStatus } from '@/shared/constants';
import type {
  adminCreateVisitSchema,
  BookedSeries,
  BookedVisit,
  CreateVisitAnswer,
  createVisitSchema,
  OccurrenceChoice,
  Repeat,
  SeriesMiss,
  SeriesPreview,
  SeriesScope,
  Visit,
} from '@/shared/schemas/visits';
import { throttle } from '@/server/auth/rate-limit';
import type { DbOrTx } from '@/server/db/client';
import { isUniqueViolation } from '@/server/db/constraint-errors';
import { newId } from '@/server/db/ids';
import { batchedWrite } from '@/server/db/write-batch';
import { bookings, bookingSeries } from '@/server/db/schema';
import { isOpenStatus } from '@/server/domain/bookings';
import { salonDayOf } from '@/server/domain/calendar';
import {
  dayShift,
  nearestTimes,
  occurrenceDays,
  occurrenceRefusal,
  shiftedOccurrence,
  thisAndFollowing,
} from '@/server/domain/series';
import { Conflict, InvalidFields } from '@/server/errors';
import { creditRebookNudges } from '@/server/nudges/credit';
import { endWaitlistOnBooking } from '@/server/waitlist/entries';
import {
  cancelByCustomer,
  cancellableVisit,
  cancelCustomerVisit,
  createSalonVisit,
  createVisit,
  inMoveTransaction,
  inStatusTransaction,
  insertVisit,
  itemsOf,
  moveItems,
  movableVisit,
  moveVisit,
  salonCustomer,
  setStatus,
  signedInCustomer,
  TOO_MANY_BOOKINGS,
  updateVisitStatus,
  type BookingDeps,
  type Rescheduler,
} from './commands';
import { isClosedDay, liveServiceByIdOrName, visitFreeSlots, type VisitItemChoice } from './free-slots';
import { recordBookingMessages } from './notify';
import {
  checkBookableDay,
  placeItems,
  resolveItems,
  SLOT_TAKEN_MESSAGE,
  visitFieldPath,
  type ItemRequest,
  type PlacedVisitItem,
} from './placement';
import { getVisit, visitItems, visitNotFound } from './records';

export const TOO_MANY_PREVIEWS = 'Too many repeating bookings checked. Please try again later.';
const CLOSED_REASON = 'The salon is closed that day.';
const TAKEN_REASON = 'That time is taken.';
const NOTHING_FITS = 'None of the occurrences can be booked as asked, so nothing was booked.';

/** What a standing appointment asks for: the first visit's day, time and items, and how it repeats. */
interface SeriesRequest {
  bookingDate: string;
  timeSlot: string;
  items: readonly ItemRequest[];
  repeat: Repeat;
  occurrences?: readonly OccurrenceChoice[] | undefined;
  /** A customer's own: pending, each service's notice kept, clashes not named. */
  byCustomer: boolean;
}

/** One occurrence as planned: placed at its time, not fitting (why, and what is free nearby), or skipped. */
type PlannedOccurrence =
  | { day: string; timeSlot: string; kind: 'fits'; placed: PlacedVisitItem[]; picked: boolean }
  | { day: string; timeSlot: string; kind: 'misses'; miss: SeriesMiss; picked: boolean }
  | { day: string; kind: 'skipped' };

/** Why an occurrence does not fit, in words a customer may read (a salon's own names what it clashes with). */
function reasonOf(error: InvalidFields | Conflict, byCustomer: boolean): string {
  if (error instanceof Conflict && (byCustomer || error.message === SLOT_TAKEN_MESSAGE)) return TAKEN_REASON;
  return error.message;
}

/**
 * Every occurrence of the series placed, inside the caller's transaction (so what is found free is
 * still free when written): each checked like a new booking, with the time picked for it if any.
 * Bad input that is no occurrence's own (an item's specialist who does not offer its service, a
 * choice for a day the series has not) refuses the whole request.
 */
function planSeries(
  tx: DbOrTx,
  deps: Pick<BookingDeps, 'config'>,
  request: SeriesRequest,
  items: readonly VisitItemChoice[],
  now: Date,
): PlannedOccurrence[] {
  const { config } = deps;
  const timeZone = config.timezone;
  const first = salonDayOf(request.bookingDate, timeZone);
  // The first day is the form's own: past or beyond the horizon, it is bad input, not a miss.
  checkBookableDay(items, first, timeZone);
  const days = occurrenceDays(first, request.repeat);
  const choices = new Map<string, OccurrenceChoice>();
  const problems = (request.occurrences ?? []).flatMap((choice, index) => {
    const message = !days.includes(choice.bookingDate)
      ? `${choice.bookingDate} is not a day of this series`
      : choices.has(choice.bookingDate)
        ? `${choice.bookingDate} is chosen twice`
        : null;
    choices.set(choice.bookingDate, choice);
    return message ? [{ path: `occurrences.${String(index)}.bookingDate`, message }] : [];
  });
  const [problem, ...more] = problems;
  if (problem) throw new InvalidFields([problem, ...more]);
  // The free times offered instead are those the same booker could book (the salon: without notice).
  const freeItems = request.byCustomer
    ? items
    : items.map((item) => ({ ...item, service: { ...item.service, minNoticeMinutes: 0 } }));
  return days.map((day): PlannedOccurrence => {
    const choice = choices.get(day);
    if (choice?.skip === true) return { day, kind: 'skipped' };
    const picked = choice?.timeSlot !== undefined;
    const timeSlot = choice?.timeSlot ?? request.timeSlot;
    const misses = (reason: string): PlannedOccurrence => ({
      day,
      timeSlot,
      kind: 'misses',
      picked,
      miss: {
        bookingDate: day,
        timeSlot,
        reason,
        nearest: nearestTimes(visitFreeSlots(tx, config, { day, now, items: freeItems }), timeSlot),
      },
    });
    if (isClosedDay(tx, day)) return misses(CLOSED_REASON);
    try {
      checkBookableDay(items, day, timeZone);
      const placed = placeItems(tx, config, {
        day,
        timeSlot,
        items,
        pathOf: visitFieldPath,
        byCustomer: request.byCustomer,
        nameClash: !request.byCustomer,
        now,
      });
      return { day, timeSlot, kind: 'fits', placed, picked };
    } catch (error) {
      // An item's own complaint (a specialist who does not offer the service) is the request's.
      if (error instanceof InvalidFields && error.fields.some((field) => field.path.startsWith('items.'))) throw error;
      if (error instanceof InvalidFields || error instanceof Conflict)
        return misses(reasonOf(error, request.byCustomer));
      throw error;
    }
  });
}

const missesOf = (plan: readonly PlannedOccurrence[]): SeriesMiss[] =>
  plan.flatMap((occurrence) => (occurrence.kind === 'misses' ? [occurrence.miss] : []));
const skippedOf = (plan: readonly PlannedOccurrence[]): string[] =>
  plan.flatMap((occurrence) => (occurrence.kind === 'skipped' ? [occurrence.day] : []));

/** The items of the request looked up (a visit may name its services by id or name). */
const resolvedItems = (tx: DbOrTx, request: SeriesRequest) =>
  resolveItems(tx, request.items, visitFieldPath, liveServiceByIdOrName);

/** `preview: true`: the series planned and nothing written. */
function previewSeries(deps: Pick<BookingDeps, 'db' | 'config'>, request: SeriesRequest): SeriesPreview {
  const plan = deps.db.transaction((tx) => planSeries(tx, deps, request, resolvedItems(tx, request), new Date()));
  return {
    preview: true,
    series: {
      everyWeeks: request.repeat.everyWeeks,
      count: request.repeat.count ?? null,
      until: request.repeat.until ?? null,
      fitting: plan.flatMap((occurrence) =>
        occurrence.kind === 'fits' ? [{ bookingDate: occurrence.day, timeSlot: occurrence.timeSlot }] : [],
      ),
      notFitting: missesOf(plan),
      skipped: skippedOf(plan),
    },
  };
}

/**
 * Books the series in one IMMEDIATE transaction (shared with the bookings arriving at the same
 * moment): every occurrence that fits, each a visit of its own with the series' id. A time picked
 * for an occurrence that no longer fits refuses the whole series, naming it; so does any occurrence
 * that does not fit when `occurrences` was given (the booker has seen the preview and chosen).
 * Without choices, what does not fit is left out and listed. Nothing fits: nothing is booked.
 */
async function bookSeries(
  deps: BookingDeps,
  request: SeriesRequest & {
    firstName: string;
    lastName: string;
    phone: string;
    status: 'pending' | 'confirmed';
  },
  customer: (tx: DbOrTx) => { id: string; email: string },
): Promise<BookedVisit> {
  const { db, config } = deps;
  const seriesId = newId();
  let booked: BookedSeries['booked'] = [];
  let plan: PlannedOccurrence[] = [];
  try {
    await batchedWrite(db, (tx) => {
      booked = [];
      plan = planSeries(tx, deps, request, resolvedItems(tx, request), new Date());
      const strict = request.occurrences !== undefined;
      const refused = plan.find((occurrence) => occurrence.kind === 'misses' && (strict || occurrence.picked));
      if (refused?.kind === 'misses') {
        throw new Conflict(occurrenceRefusal(refused.day, refused.timeSlot, refused.miss.reason));
      }
      const fitting = plan.flatMap((occurrence) => (occurrence.kind === 'fits' ? [occurrence] : []));
      if (fitting.length === 0) throw new Conflict(NOTHING_FITS);
      const account = customer(tx);
      tx.insert(bookingSeries)
        .values({
          id: seriesId,
          everyWeeks: request.repeat.everyWeeks,
          count: request.repeat.count ?? null,
          until: request.repeat.until ?? null,
          createdAt: new Date(),
        })
        .run();
      const ids: string[] = [];
      const occurrences = fitting.map((occurrence) => {
        const visitId = newId();
        const written = insertVisit(tx, deps.actor, {
          placed: occurrence.placed,
          day: occurrence.day,
          account,
          details: request,
          visitId,
          lead: newId(),
          status: request.status,
          seriesId,
        });
        ids.push(...written);
        booked.push({ _id: visitId, bookingDate: occurrence.day, timeSlot: occurrence.timeSlot });
        return written;
      });
      // One confirmation, for the first occurrence; every item of each has its own reminder and
      // webhooks, as a visit booked alone (`book()` in commands.ts).
      occurrences.forEach((items, index) => {
        for (const id of items)
          recordBookingMessages(tx, config, id, { type: 'created', wholeVisit: true, quiet: index > 0 });
      });
      endWaitlistOnBooking(
        tx,
        account.id,
        fitting.map((occurrence) => occurrence.day),
      );
      // Booked after a nudge to rebook: the reports count it as the nudge's.
      creditRebookNudges(tx, ids);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict(SLOT_TAKEN_MESSAGE);
    throw error;
  }
  deps.outbox.wake();
  const [first] = booked;
  if (!first) throw new Error('A booked series has no occurrence');
  return {
    ...getVisit(db, first._id, config.timezone),
    series: {
      _id: seriesId,
      everyWeeks: request.repeat.everyWeeks,
      count: request.repeat.count ?? null,
      until: request.repeat.until ?? null,
      booked,
      notFitting: missesOf(plan),
      skipped: skippedOf(plan),
    },
  };
}

/**
 * `customer.visits.create`: a visit as before; with `repeat`, a standing appointment (its preview,
 * or booked). A preview is no booking request: it is not counted in the hourly limit of bookings,
 * but in one of its own (each plans up to REPEAT_COUNT_MAX days).
 */
export async function createCustomerVisit(
  deps: BookingDeps,
  userId: string,
  input: z.output<typeof createVisitSchema>,
): Promise<CreateVisitAnswer> {
  const { repeat } = input;
  if (!repeat) return createVisit(deps, userId, input);
  const request = { ...input, repeat, byCustomer: true };
  if (input.preview === true) {
    throttle(deps.limits.seriesPreviewsPerCustomer, userId, TOO_MANY_PREVIEWS);
    return previewSeries(deps, request);
  }
  const { customer, ...details } = signedInCustomer(deps, userId, input);
  return bookSeries(deps, { ...request, ...details, status: 'pending' }, customer);
}

/** `admin.visits.create`: the salon's visit as before; with `repeat`, a standing appointment. */
export async function createSalonVisitOrSeries(
  deps: BookingDeps,
  input: z.output<typeof adminCreateVisitSchema>,
): Promise<CreateVisitAnswer> {
  const { repeat } = input;
  if (!repeat) return createSalonVisit(deps, input);
  const request = { ...input, repeat, byCustomer: false };
  if (input.preview === true) return previewSeries(deps, request);
  return bookSeries(deps, request, salonCustomer(input));
}

// ------------------------------------------------------------------ this and the following

/** An occurrence of a series: its visit (or single booking) id, when it starts, whether it is still open. */
interface Occurrence {
  id: string;
  bookingDate: string;
  startsAt: Date;
  open: boolean;
}

/** The series the visit `id` belongs to, and its occurrences, earliest first; null: it does not repeat. */
function occurrencesOf(tx: DbOrTx, visitId: string): { seriesId: string; occurrences: Occurrence[] } | null {
  const [lead] = visitItems(tx, visitId);
  if (!lead) throw visitNotFound();
  const seriesId = tx
    .select({ seriesId: bookings.seriesId })
    .from(bookings)
    .where(eq(bookings.id, lead.id))
    .get()?.seriesId;
  if (seriesId === null || seriesId === undefined) return null;
  const rows = tx
    .select({
      id: bookings.id,
      visitId: bookings.visitId,
      bookingDate: bookings.bookingDate,
      startsAt: bookings.startsAt,
      status: bookings.status,
    })
    .from(bookings)
    .where(eq(bookings.seriesId, seriesId))
    .orderBy(asc(bookings.startsAt), asc(bookings.id))
    .all();
  const byVisit = new Map<string, Occurrence>();
  for (const row of rows) {
    const key = row.visitId ?? row.id;
    const known = byVisit.get(key);
    if (!known) byVisit.set(key, { id: key, bookingDate: row.bookingDate, startsAt: row.startsAt, open: false });
    const occurrence = byVisit.get(key);
    if (occurrence && isOpenStatus(row.status)) occurrence.open = true;
  }
  return { seriesId, occurrences: [...byVisit.values()] };
}

/** The occurrence the visit of these items is among its series' occurrences. */
function chosenOccurrence(
  occurrences: readonly Occurrence[],
  items: readonly { id: string; visitId: string | null }[],
): Occurrence {
  const key = items[0]?.visitId ?? items[0]?.id;
  const chosen = occurrences.find((occurrence) => occurrence.id === key);
  if (!chosen) throw visitNotFound();
  return chosen;
}

/**
 * Moves a visit, or with `scope: "following"` it and every later open occurrence of its series by
 * the same number of days, to the same new time of day: each checked like a new booking, all in one
 * IMMEDIATE transaction, all or nothing (the occurrence that does not fit is named). A customer may
 * move only their own, up to the cut-off before the first; the customer is told of the first move.
 */
export function moveVisitScoped(
  deps: BookingDeps,
  who: Rescheduler,
  input: { id: string; bookingDate: string; timeSlot: string; scope: SeriesScope },
): Visit {
  if (input.scope === 'one') return moveVisit(deps, who, input);
  const { config } = deps;
  if (who.kind === 'customer') throttle(deps.limits.bookingsPerCustomer, who.userId, TOO_MANY_BOOKINGS);
  // Each occurrence is checked against its services' own horizon (which may reach beyond the
  // salon's), so the day is only read here.
  const day = salonDayOf(input.bookingDate, config.timezone);
  let movedId = input.id;
  inMoveTransaction(deps, (tx) => {
    const all = movableVisit(tx, who, input.id);
    const series = occurrencesOf(tx, input.id);
    if (!series) return moveItems(tx, deps, who, all, { day, timeSlot: input.timeSlot });
    const chosen = chosenOccurrence(series.occurrences, all);
    movedId = chosen.id;
    const shift = { days: dayShift(chosen.bookingDate, day), timeSlot: input.timeSlot };
    const moving = thisAndFollowing(series.occurrences, chosen);
    // Later first when moving later (and earlier first when moving earlier): no occurrence lands on
    // a time another of the series still holds.
    const order = shift.days > 0 ? [...moving].reverse() : moving;
    let changed = false;
    for (const occurrence of order) {
      const to =
        occurrence === chosen ? { bookingDate: day, timeSlot: input.timeSlot } : shiftedOccurrence(occurrence, shift);
      try {
        changed =
          moveItems(
            tx,
            deps,
            who,
            visitItems(tx, occurrence.id),
            { day: to.bookingDate, timeSlot: to.timeSlot },
            occurrence !== chosen,
          ) || changed;
      } catch (error) {
        // The chosen one's own refusal as it is; a later one's names it.
        if (occurrence === chosen || !(error instanceof InvalidFields || error instanceof Conflict)) throw error;
        throw new Conflict(occurrenceRefusal(to.bookingDate, to.timeSlot, reasonOf(error, who.kind === 'customer')));
      }
    }
    return changed;
  });
  return getVisit(deps.db, movedId, config.timezone);
}

/**
 * Cancels one of the customer's own visits, or with `scope: "following"` it and every later open
 * occurrence of its series, in one IMMEDIATE transaction, up to the cut-off before the first. The
 * customer is told once, of the visit they cancelled.
 */
export function cancelCustomerVisitScoped(
  deps: BookingDeps,
  userId: string,
  input: { id: string; scope: SeriesScope },
): Visit {
  if (input.scope === 'one') return cancelCustomerVisit(deps, userId, input.id);
  let cancelledId = input.id;
  deps.db.transaction(
    (tx) => {
      const { all, open } = cancellableVisit(tx, userId, input.id);
      const series = occurrencesOf(tx, input.id);
      if (!series) {
        cancelByCustomer(tx, deps, open, true);
        return;
      }
      const chosen = chosenOccurrence(series.occurrences, all);
      cancelledId = chosen.id;
      for (const occurrence of thisAndFollowing(series.occurrences, chosen)) {
        const items = visitItems(tx, occurrence.id).filter((item) => isOpenStatus(item.status));
        cancelByCustomer(tx, deps, items, true, occurrence !== chosen);
      }
    },
    { behavior: 'immediate' },
  );
  deps.outbox.wake();
  return getVisit(deps.db, cancelledId, deps.config.timezone);
}

/**
 * The salon sets one status for every item of a visit; a cancellation with `scope: "following"`
 * cancels every later open occurrence of its series too, in one IMMEDIATE transaction. The
 * customer is told once, of the visit cancelled.
 */
export function updateVisitStatusScoped(
  deps: BookingDeps,
  visitId: string,
  input: { status: BookingStatus; expectedStatus?: BookingStatus | undefined; scope: SeriesScope },
): Visit {
  if (input.scope === 'one' || input.status !== 'cancelled') return updateVisitStatus(deps, visitId, input);
  const outcome = { cancelledId: visitId, repeats: false };
  inStatusTransaction(deps, (tx) => {
    const all = itemsOf(tx, visitId, visitNotFound);
    const series = occurrencesOf(tx, visitId);
    if (!series) return false;
    outcome.repeats = true;
    const chosen = chosenOccurrence(series.occurrences, all);
    outcome.cancelledId = chosen.id;
    let changed = false;
    for (const occurrence of thisAndFollowing(series.occurrences, chosen)) {
      const items = visitItems(tx, occurrence.id);
      const changing = items.filter((item) =>
        occurrence === chosen ? item.status !== 'cancelled' : isOpenStatus(item.status),
      );
      if (changing.length === 0) continue;
      const begins = new Date(Math.min(...items.map((item) => item.startsAt.getTime())));
      setStatus(
        tx,
        deps,
        {
          begins,
          status: 'cancelled',
          expected: occurrence === chosen ? input.expectedStatus : undefined,
          wholeVisit: true,
          quiet: occurrence !== chosen,
        },
        changing,
      );
      changed = true;
    }
    return changed;
  });
  // Not an occurrence of a series: the visit alone.
  if (!outcome.repeats) return updateVisitStatus(deps, visitId, input);
  return getVisit(deps.db, outcome.cancelledId, deps.config.timezone);
}
