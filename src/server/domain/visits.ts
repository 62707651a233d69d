// When a visit can start: one or more services in order, each with its own specialist or any of
// several, on one salon day. Pure, no I/O. A booking of one service is a visit of one item, so the
// free slots of every booking come from here (domain/slots.ts `availableSlots` is that case).
//
// An item's time, from its start: the specialist's active minutes (their own length for the
// service), then the service's processing minutes, during which the client stays (the next item
// waits) but the specialist is free. The buffer follows the active time and keeps the specialist
// busy; it runs alongside processing. So an item holds its specialist for active + buffer, and
// the visit's next item starts after active + processing (docs/decisions/0034-visits.md).
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { BOOKING_HORIZON_DAYS } from '@/shared/constants';
import { formatClockRange } from '@/shared/time-format';
import { addCalendarDays, calendarDay, instantAt } from './calendar';
import type { TimeRange } from './schedule';

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60_000;

export interface Interval {
  startsAt: Date;
  endsAt: Date;
}

/** A specialist who could do an item: their bookable ranges that day, what keeps them busy, and their length. */
export interface VisitCandidate {
  id: string;
  /** The day's bookable ranges, earliest first (working hours inside opening hours); none: not working. */
  ranges: readonly TimeRange[];
  /** Their bookings that are not cancelled and their time off. */
  busy: readonly Interval[];
  /** Their active minutes for this item's service (their own length, else the service's). */
  durationMinutes: number;
}

export interface VisitItemQuery {
  bufferMinutes: number;
  processingMinutes: number;
  /** The item must start at least this long after now (0: any time after now). */
  minNoticeMinutes: number;
  /** How many days ahead the item may be booked; undefined: the salon's horizon. */
  maxAdvanceDays?: number | undefined;
  /** Who may do it, in the order "any specialist" prefers them; one for a named specialist. */
  candidates: readonly VisitCandidate[];
}

export interface VisitQuery {
  /** The calendar day asked for, `YYYY-MM-DD`, in the salon's time zone. */
  day: string;
  timeZone: string;
  stepMinutes: number;
  now: Date;
  items: readonly VisitItemQuery[];
  /** The salon's horizon in days (BOOKING_HORIZON_DAYS unless a test says otherwise). */
  horizonDays?: number;
}

/** One item placed: who does it and when. */
export interface PlacedItem {
  specialistId: string;
  /** The candidate's active minutes. */
  durationMinutes: number;
  startsAt: Date;
  /** The end of the specialist's own time (active and buffer; see `placeVisit` for a run of one specialist). */
  endsAt: Date;
  /** When the client is done with this item: active and processing time. */
  clientEndsAt: Date;
}

const minutesOf = (time: string): number => {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};

const clock = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The wall-clock time an instant shows in a zone, to spot times a DST change skips. */
const wallClock = (instant: number, timeZone: string) => format(new TZDate(instant, timeZone), 'HH:mm');

const PAST_DAY = 'This date is in the past. Please choose another one.';

/**
 * Why no time on `day` can be booked at all, or null when it can: the day is past, or further
 * ahead than the booking horizon. Days are `YYYY-MM-DD` in the salon's zone.
 */
export function unbookableDayReason(day: string, today: string, horizonDays = BOOKING_HORIZON_DAYS): string | null {
  if (day < today) return PAST_DAY;
  if (day > addCalendarDays(today, horizonDays)) return `Bookings can be made up to ${horizonDays} days ahead.`;
  return null;
}

/** The visit's horizon: the nearest of its services' own, else the salon's. */
export const visitHorizonDays = (
  items: readonly { maxAdvanceDays?: number | null | undefined }[],
  salonDays = BOOKING_HORIZON_DAYS,
): number => Math.min(...items.map((item) => item.maxAdvanceDays ?? salonDays));

interface Prepared {
  item: VisitItemQuery;
  /** Per candidate: its ranges as instants and its busy intervals as numbers. */
  candidates: { candidate: VisitCandidate; ranges: [number, number][]; busy: [number, number][] }[];
  /** The item may start at this instant or later (and after now). */
  earliestMs: number;
  nowMs: number;
}

function prepare(query: VisitQuery): Prepared[] {
  const { day, timeZone, now } = query;
  const toInstant = (time: string) => instantAt(day, time, timeZone).getTime();
  // Ranges of one specialist recur across items: each is turned into instants once.
  const instantsOf = new Map<readonly TimeRange[], [number, number][]>();
  const busyOf = new Map<readonly Interval[], [number, number][]>();
  return query.items.map((item) => ({
    item,
    earliestMs: now.getTime() + item.minNoticeMinutes * MINUTE_MS,
    nowMs: now.getTime(),
    candidates: item.candidates.map((candidate) => {
      let ranges = instantsOf.get(candidate.ranges);
      if (!ranges) {
        ranges = candidate.ranges.map((range) => [toInstant(range.from), toInstant(range.to)]);
        instantsOf.set(candidate.ranges, ranges);
      }
      let busy = busyOf.get(candidate.busy);
      if (!busy) {
        busy = candidate.busy.map((b) => [b.startsAt.getTime(), b.endsAt.getTime()]);
        busyOf.set(candidate.busy, busy);
      }
      return { candidate, ranges, busy };
    }),
  }));
}

/**
 * Whether the candidate can do the item from `startMs`: after the notice, inside one of their
 * ranges (the client's processing time too: the salon does not leave a client with colour on after
 * hours), and clear of everything that keeps them busy over their active time and buffer.
 */
function fits(prepared: Prepared, candidate: Prepared['candidates'][number], startMs: number): boolean {
  if (startMs < prepared.earliestMs || startMs <= prepared.nowMs) return false;
  const { bufferMinutes, processingMinutes } = prepared.item;
  const activeEnd = startMs + candidate.candidate.durationMinutes * MINUTE_MS;
  const busyEnd = activeEnd + bufferMinutes * MINUTE_MS;
  const stayEnd = activeEnd + Math.max(bufferMinutes, processingMinutes) * MINUTE_MS;
  let inside = false;
  for (const [open, close] of candidate.ranges) {
    if (open <= startMs && stayEnd <= close) {
      inside = true;
      break;
    }
  }
  if (!inside) return false;
  for (const [from, to] of candidate.busy) if (startMs < to && busyEnd > from) return false;
  return true;
}

type Step = { prepared: Prepared; candidate: Prepared['candidates'][number]; startMs: number };

/**
 * The first way (candidates in their order) to place items `from`… starting at `startMs`, each
 * after the previous one's active and processing time, or null. Failures are remembered per item
 * and start: "any" on several items reaches the same start by many paths.
 */
function placeFrom(prepared: Prepared[], from: number, startMs: number, dead: Set<string>): Step[] | null {
  const current = prepared[from];
  if (!current) return [];
  const key = `${from}:${startMs}`;
  if (dead.has(key)) return null;
  for (const candidate of current.candidates) {
    if (!fits(current, candidate, startMs)) continue;
    const next = startMs + (candidate.candidate.durationMinutes + current.item.processingMinutes) * MINUTE_MS;
    const rest = placeFrom(prepared, from + 1, next, dead);
    if (rest) return [{ prepared: current, candidate, startMs }, ...rest];
  }
  dead.add(key);
  return null;
}

/** Every grid time of one candidate's ranges that day, as wall-clock `HH:MM` and instant. */
function* gridOf(query: VisitQuery, ranges: readonly TimeRange[]): Generator<{ time: string; startMs: number }> {
  const { day, timeZone } = query;
  // Zone arithmetic is the slow part. On a day whose length is 24 hours (every day but the two a
  // year when clocks change) wall-clock minutes map to instants by addition; on the others every
  // time goes through the zone, as a DST change needs.
  const midnight = instantAt(day, '00:00', timeZone).getTime();
  const regularDay = instantAt(addCalendarDays(day, 1), '00:00', timeZone).getTime() - midnight === DAY_MS;
  for (const range of ranges) {
    const closesAt = instantAt(day, range.to, timeZone).getTime();
    for (let minutes = minutesOf(range.from); minutes < 24 * 60; minutes += query.stepMinutes) {
      const time = clock(minutes);
      let startMs: number;
      if (regularDay) startMs = midnight + minutes * MINUTE_MS;
      else {
        startMs = instantAt(day, time, timeZone).getTime();
        // A time the clocks skip (spring forward) does not exist that day.
        if (wallClock(startMs, timeZone) !== time) continue;
      }
      if (startMs >= closesAt) break;
      yield { time, startMs };
    }
  }
}

function bookableDay(query: VisitQuery): boolean {
  const horizon = visitHorizonDays(query.items, query.horizonDays);
  return (
    query.items.length > 0 && unbookableDayReason(query.day, calendarDay(query.now, query.timeZone), horizon) === null
  );
}

/**
 * The visit's free start times (`HH:MM`), earliest first: the grid times of the first item's
 * specialists (every `stepMinutes` from the start of each of their ranges) at which that
 * specialist can do the first item and every later item fits in turn with its own specialist or,
 * for "any", with at least one of them. Times are instants, so a daylight-saving change shortens
 * or lengthens the day as the clock does.
 */
export function visitStartTimes(query: VisitQuery): string[] {
  if (!bookableDay(query)) return [];
  const prepared = prepare(query);
  const [first] = prepared;
  if (!first) return [];
  const dead = new Set<string>();
  const found = new Set<string>();
  for (const candidate of first.candidates) {
    for (const { time, startMs } of gridOf(query, candidate.candidate.ranges)) {
      if (found.has(time) || !fits(first, candidate, startMs)) continue;
      const next = startMs + (candidate.candidate.durationMinutes + first.item.processingMinutes) * MINUTE_MS;
      if (placeFrom(prepared, 1, next, dead)) found.add(time);
    }
  }
  // One candidate's grid is in order; several are merged.
  return first.candidates.length === 1 ? [...found] : [...found].sort();
}

/**
 * Who does each item when the visit starts at `timeSlot`, or null when it cannot: the first
 * item's specialist must have the time on their grid (as `visitStartTimes` offers it), and for
 * "any" the candidates are tried in their order. Where a later item is the same specialist's and
 * starts inside this one's buffer, this item's time ends there: the specialist goes straight on,
 * and one specialist's items never overlap.
 */
export function placeVisit(query: VisitQuery, timeSlot: string): PlacedItem[] | null {
  if (!bookableDay(query)) return null;
  const prepared = prepare(query);
  const [first] = prepared;
  if (!first) return null;
  for (const candidate of first.candidates) {
    const slot = [...gridOf(query, candidate.candidate.ranges)].find((grid) => grid.time === timeSlot);
    if (!slot || !fits(first, candidate, slot.startMs)) continue;
    const next = slot.startMs + (candidate.candidate.durationMinutes + first.item.processingMinutes) * MINUTE_MS;
    const rest = placeFrom(prepared, 1, next, new Set());
    if (!rest) continue;
    const steps = [{ prepared: first, candidate, startMs: slot.startMs }, ...rest];
    return steps.map((step, i) => {
      const { item } = step.prepared;
      const activeEnd = step.startMs + step.candidate.candidate.durationMinutes * MINUTE_MS;
      const busyEnd = activeEnd + item.bufferMinutes * MINUTE_MS;
      const sameSpecialistNext = steps
        .slice(i + 1)
        .find((later) => later.candidate.candidate.id === step.candidate.candidate.id);
      const endsAt = sameSpecialistNext ? Math.min(busyEnd, sameSpecialistNext.startMs) : busyEnd;
      return {
        specialistId: step.candidate.candidate.id,
        durationMinutes: step.candidate.candidate.durationMinutes,
        startsAt: new Date(step.startMs),
        endsAt: new Date(endsAt),
        clientEndsAt: new Date(activeEnd + item.processingMinutes * MINUTE_MS),
      };
    });
  }
  return null;
}

/** The wall-clock `HH:MM` of an instant in the salon's zone: an item's own start. */
export const clockOf = (instant: Date, timeZone: string): string => wallClock(instant.getTime(), timeZone);

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** A span of minutes as a customer reads it: "2 days", "24 hours", "90 minutes". */
export function minutesInWords(minutes: number): string {
  if (minutes >= 1440 && minutes % 1440 === 0) return plural(minutes / 1440, 'day');
  if (minutes >= 60 && minutes % 60 === 0) return plural(minutes / 60, 'hour');
  return plural(minutes, 'minute');
}

/**
 * Why no visit of these services can be booked on `day`, or null when one can: the day is past,
 * or beyond a service's own horizon, or the salon's for a service without one.
 */
export function visitDayRefusal(
  day: string,
  today: string,
  services: readonly { name: string; maxAdvanceDays?: number | null | undefined }[],
  salonDays = BOOKING_HORIZON_DAYS,
): string | null {
  if (day < today) return PAST_DAY;
  for (const service of services) {
    const own = service.maxAdvanceDays ?? undefined;
    if (day <= addCalendarDays(today, own ?? salonDays)) continue;
    return own === undefined
      ? `Bookings can be made up to ${salonDays} days ahead.`
      : `${service.name} can be booked up to ${plural(own, 'day')} ahead.`;
  }
  return null;
}

/** Why the service cannot start at `startsAt` for want of notice, or null when it can. */
export function noticeRefusal(
  service: { name: string; minNoticeMinutes: number },
  startsAt: Date,
  now: Date,
): string | null {
  if (service.minNoticeMinutes === 0 || startsAt.getTime() - now.getTime() >= service.minNoticeMinutes * MINUTE_MS)
    return null;
  return `${service.name} must be booked at least ${minutesInWords(service.minNoticeMinutes)} ahead.`;
}

/**
 * What stops one item of a visit at its time: no working range of its specialist holds it (the
 * client's processing time too), or one of the specialist's busy intervals (a booking, time off).
 */
export type VisitObstacle =
  { kind: 'not-working'; item: number; startsAt: Date; endsAt: Date } | { kind: 'busy'; item: number; busy: Interval };

/**
 * Why a visit whose every item has one specialist (a move: each item keeps its own) cannot start
 * at `timeSlot`: the first item, in order, outside its specialist's hours or onto something that
 * keeps them busy; null when neither is what stops it (the day, the notice, a time off the grid).
 * The same test as `fits`, item after item, so the salon can be told what the time clashes with.
 */
export function visitObstacle(query: VisitQuery, timeSlot: string): VisitObstacle | null {
  const toInstant = (time: string) => instantAt(query.day, time, query.timeZone).getTime();
  let startMs = toInstant(timeSlot);
  for (const [index, item] of query.items.entries()) {
    const [candidate, ...others] = item.candidates;
    if (!candidate || others.length > 0) return null;
    const activeEnd = startMs + candidate.durationMinutes * MINUTE_MS;
    const busyEnd = activeEnd + item.bufferMinutes * MINUTE_MS;
    const stayEnd = activeEnd + Math.max(item.bufferMinutes, item.processingMinutes) * MINUTE_MS;
    const inside = candidate.ranges.some((range) => toInstant(range.from) <= startMs && stayEnd <= toInstant(range.to));
    if (!inside) return { kind: 'not-working', item: index, startsAt: new Date(startMs), endsAt: new Date(stayEnd) };
    const busy = candidate.busy.find((b) => startMs < b.endsAt.getTime() && busyEnd > b.startsAt.getTime());
    if (busy) return { kind: 'busy', item: index, busy };
    startMs = activeEnd + item.processingMinutes * MINUTE_MS;
  }
  return null;
}

/** What a refused time clashes with, as the salon is told (the salon may read other customers' names). */
export type Clash =
  | { kind: 'booking'; customerName: string; serviceName: string; timeSlot: string; endTime: string }
  | { kind: 'time-off'; specialistName: string }
  | { kind: 'not-working'; specialistName: string; from: string; to: string; worksThatDay: boolean };

/**
 * The refusal naming the clash, its times as the app writes them (src/shared/time-format): "Clashes
 * with Olivia Brown's Aroma SPA Ritual, 12:00 PM – 2:00 PM", "Leila Haddad is on time off then",
 * "Leila Haddad does not work 6:00 PM – 7:00 PM that day".
 */
export function clashMessage(clash: Clash): string {
  switch (clash.kind) {
    case 'booking':
      return `Clashes with ${clash.customerName}'s ${clash.serviceName}, ${formatClockRange(clash.timeSlot, clash.endTime)}.`;
    case 'time-off':
      return `${clash.specialistName} is on time off then.`;
    case 'not-working':
      return clash.worksThatDay
        ? `${clash.specialistName} does not work ${formatClockRange(clash.from, clash.to)} that day.`
        : `${clash.specialistName} does not work that day.`;
  }
}
