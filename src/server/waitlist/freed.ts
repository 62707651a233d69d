// Freed times handed on to the waitlist (README "Waitlist"). Triggers (migration 0018) note the
// times that may have come free: a booking cancelled, moved or deleted, time off removed, an
// offer's hold ended unused; a closure removed or hours changed free whole days. The loop here
// takes them and offers each waiting entry, longest waiting first, the earliest free time of its
// services in its part of the day that starts in what came free (else overlaps it) and that it was
// not offered before, held for it alone (offers.ts `offerTime`). A time held for one entry is busy
// for the next, so one time is never held for two; nobody matching left, it is free for everyone.
import { and, asc, eq, gte, lte, max } from 'drizzle-orm';
import type { WaitlistOffer } from '@/shared/schemas/waitlist';
import { visitFreeSlots } from '@/server/bookings/free-slots';
import { checkBookableDay } from '@/server/bookings/placement';
import type { Db } from '@/server/db/client';
import { waitlist, waitlistFreed, waitlistOffers } from '@/server/db/schema';
import { instantAt, todayIn } from '@/server/domain/calendar';
import { freedDaysOf, freedFit, timeToOffer, type FreedTime } from '@/server/domain/waitlist';
import { SalonError } from '@/server/errors';
import { startPeriodic, type Periodic, type PeriodicLog } from '@/server/periodic';
import { endOffers } from './entries';
import { entryItems, offerTime, type OfferDeps } from './offers';

const MINUTE_MS = 60_000;

/**
 * Offers whose hold ended unused are stored expired (their trigger notes the time as freed, so it
 * goes on to the next entry) and their holds dropped. Read first: the write lock is taken only when
 * one has ended (through `waitlist_offers_open_idx`).
 */
function expireEndedHolds(db: Db, now: Date): void {
  const ended = and(eq(waitlistOffers.status, 'open'), lte(waitlistOffers.expiresAt, now));
  if (!db.select({ id: waitlistOffers.id }).from(waitlistOffers).where(ended).limit(1).get()) return;
  db.transaction(
    (tx) => {
      const ids = tx
        .select({ id: waitlistOffers.id })
        .from(waitlistOffers)
        .where(ended)
        .all()
        .map((row) => row.id);
      endOffers(tx, ids, 'expired');
    },
    { behavior: 'immediate' },
  );
}

/** The times (`HH:MM` by day) an entry was offered before: not offered to it again. */
function offeredBefore(db: Db, entryId: string): Map<string, Set<string>> {
  const byDay = new Map<string, Set<string>>();
  for (const row of db
    .select({ day: waitlistOffers.bookingDate, time: waitlistOffers.timeSlot })
    .from(waitlistOffers)
    .where(eq(waitlistOffers.entryId, entryId))
    .all()) {
    const times = byDay.get(row.day) ?? new Set<string>();
    times.add(row.time);
    byDay.set(row.day, times);
  }
  return byDay;
}

/** Offers one entry the earliest matching free time that came free on one of its days; undefined: none. */
function offerFreedTime(
  deps: OfferDeps,
  entry: typeof waitlist.$inferSelect,
  freed: readonly FreedTime[],
  today: string,
  now: Date,
  freeTimes: Map<string, string[]>,
): WaitlistOffer | undefined {
  const open = deps.db
    .select({ id: waitlistOffers.id })
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.entryId, entry.id), eq(waitlistOffers.status, 'open')))
    .get();
  if (open) return undefined;
  const before = offeredBefore(deps.db, entry.id);
  const days = freedDaysOf(entry, freed, today, new Set(before.keys()));
  if (days.length === 0) return undefined;
  const items = entryItems(deps.db, entry.items);
  // The visit's length as the services have it (a specialist's own length may differ a little).
  const lengthMs =
    items.reduce((sum, item) => sum + item.service.durationMinutes + item.service.processingMinutes, 0) * MINUTE_MS;
  const timeZone = deps.config.timezone;
  for (const { day, windows } of days) {
    try {
      checkBookableDay(items, day, timeZone);
      // The times a customer could book themselves (their notice and the horizon included), read
      // once a pass for entries waiting for the same (until an offer changes what is free).
      const key = `${day} ${entry.items}`;
      const free = freeTimes.get(key) ?? visitFreeSlots(deps.db, deps.config, { day, now, items });
      freeTimes.set(key, free);
      const time = timeToOffer(free, entry.partOfDay, before.get(day) ?? new Set(), (slot) =>
        freedFit(windows, instantAt(day, slot, timeZone).getTime(), lengthMs),
      );
      if (time !== null) return offerTime(deps, entry.id, { bookingDate: day, timeSlot: time }, now);
    } catch (error) {
      // Taken meanwhile, the entry ended or its day is not bookable: try its next day.
      if (!(error instanceof SalonError)) throw error;
    }
  }
  return undefined;
}

/**
 * One pass: ended holds expire, then the freed days noted so far are handed on and forgotten.
 * Answers the offers made. Safe beside another process doing the same: each offer is checked and
 * written in its own IMMEDIATE transaction, and an entry never has two open offers.
 */
export function handOnFreedTimes(deps: OfferDeps & { log?: PeriodicLog }, now = new Date()): WaitlistOffer[] {
  const { db } = deps;
  expireEndedHolds(db, now);
  const upTo =
    db
      .select({ id: max(waitlistFreed.id) })
      .from(waitlistFreed)
      .get()?.id ?? null;
  if (upTo === null) return [];
  const freed: FreedTime[] = db
    .select({
      fromDate: waitlistFreed.fromDate,
      toDate: waitlistFreed.toDate,
      startsAt: waitlistFreed.startsAt,
      endsAt: waitlistFreed.endsAt,
      passedEntryId: waitlistFreed.passedEntryId,
    })
    .from(waitlistFreed)
    .where(lte(waitlistFreed.id, upTo))
    .all();
  const today = todayIn(deps.config.timezone, now);
  const offers: WaitlistOffer[] = [];
  const freeTimes = new Map<string, string[]>();
  const entries = db
    .select()
    .from(waitlist)
    .where(and(eq(waitlist.status, 'waiting'), gte(waitlist.toDate, today)))
    .orderBy(asc(waitlist.createdAt), asc(waitlist.id))
    .all();
  for (const entry of entries) {
    try {
      const offer = offerFreedTime(deps, entry, freed, today, now, freeTimes);
      if (offer) {
        offers.push(offer);
        freeTimes.clear();
      }
    } catch (error) {
      // An entry whose service or specialist is gone waits on, offered nothing; one that cannot be
      // read is logged and passed over, so it never holds up the others.
      if (!(error instanceof SalonError))
        deps.log?.error({ err: error, entryId: entry.id }, 'a waitlist entry could not be offered a freed time');
    }
  }
  // Forgotten only once handed on: a crash before this hands them on again at the next start.
  db.delete(waitlistFreed).where(lte(waitlistFreed.id, upTo)).run();
  return offers;
}

export type WaitlistLoop = Periodic<WaitlistOffer[]>;

/** Runs `handOnFreedTimes` every `pollMs` (default 5 s) until closed. */
export function startWaitlistLoop(deps: OfferDeps & { log: PeriodicLog; pollMs?: number }): WaitlistLoop {
  return startPeriodic({
    pollMs: deps.pollMs ?? 5_000,
    idle: [],
    log: deps.log,
    failed: 'handing freed times on to the waitlist failed; will try again',
    pass: (now) => {
      const offers = handOnFreedTimes(deps, now);
      if (offers.length > 0) deps.log.info({ offers: offers.length }, 'freed times offered to the waitlist');
      return offers;
    },
  });
}
