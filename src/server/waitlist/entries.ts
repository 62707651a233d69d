// The waitlist's entries (README "Waitlist"): a customer joins for a service or a visit, a
// specialist or any, some days and a part of the day; sees and leaves their entries; the salon
// sees who waits for a day. An entry ends when its customer books anything in its days.
import { and, asc, eq, gt, gte, inArray, lte, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { WAITLIST_ENTRIES_MAX } from '@/shared/constants';
import type { SalonWaitlistEntry, WaitlistEntry, joinWaitlistSchema } from '@/shared/schemas/waitlist';
import { resolveItems, visitFieldPath } from '@/server/bookings/placement';
import { liveServiceByIdOrName, offerTerms } from '@/server/bookings/free-slots';
import type { Db, DbOrTx } from '@/server/db/client';
import { newId } from '@/server/db/ids';
import { services, specialists, users, waitlist, waitlistHolds, waitlistOffers } from '@/server/db/schema';
import { calendarDay, clockTimeIn, todayIn } from '@/server/domain/calendar';
import { visitDayRefusal } from '@/server/domain/visits';
import { sameItems, waitlistDaysRefusal, waitlistStatusOf } from '@/server/domain/waitlist';
import { Conflict, InvalidFields, NotFound } from '@/server/errors';

export const WAITLIST_FULL = `You can wait for at most ${String(WAITLIST_ENTRIES_MAX)} things at once. Leave one first.`;
export const WAITLIST_ALREADY = 'You are already on the waitlist for this.';
export const WAITLIST_ENTRY_GONE = 'This waitlist entry was not found.';
export const WAITLIST_ENTRY_ENDED = 'This waitlist entry has already ended.';

/** An entry's items as stored (`waitlist.items`). */
export const storedItemsSchema = z.array(z.object({ serviceId: z.string(), specialistId: z.string().nullable() }));
type StoredItems = z.infer<typeof storedItemsSchema>;

type Row = typeof waitlist.$inferSelect;

/** The names of the services and specialists these items name (removed ones keep theirs), read at once. */
export function itemNames(db: DbOrTx, items: readonly { serviceId: string; specialistId: string | null }[]) {
  const serviceIds = [...new Set(items.map((item) => item.serviceId))];
  const specialistIds = [...new Set(items.flatMap((item) => (item.specialistId ? [item.specialistId] : [])))];
  const serviceNames = new Map(
    serviceIds.length === 0
      ? []
      : db
          .select({ id: services.id, name: services.name })
          .from(services)
          .where(inArray(services.id, serviceIds))
          .all()
          .map((row) => [row.id, row.name]),
  );
  const specialistNames = new Map(
    specialistIds.length === 0
      ? []
      : db
          .select({ id: specialists.id, name: specialists.name })
          .from(specialists)
          .where(inArray(specialists.id, specialistIds))
          .all()
          .map((row) => [row.id, row.name]),
  );
  return { serviceNames, specialistNames };
}

/** The rows as their customer sees them, in the rows' order. */
function entriesOf(db: DbOrTx, rows: readonly Row[], today: string): WaitlistEntry[] {
  const parsed = rows.map((row) => ({ row, items: storedItemsSchema.parse(JSON.parse(row.items)) }));
  const { serviceNames, specialistNames } = itemNames(
    db,
    parsed.flatMap((entry) => entry.items),
  );
  return parsed.map(({ row, items }) => ({
    _id: row.id,
    items: items.map((item) => ({
      service: { _id: item.serviceId, name: serviceNames.get(item.serviceId) ?? '' },
      specialist: item.specialistId
        ? { _id: item.specialistId, name: specialistNames.get(item.specialistId) ?? '' }
        : null,
    })),
    fromDate: row.fromDate,
    toDate: row.toDate,
    partOfDay: row.partOfDay,
    status: waitlistStatusOf(row.status, row.toDate, today),
    createdAt: row.createdAt.toISOString(),
  }));
}

/** The customer's waiting entries, longest waiting first (ended and expired ones are not shown). */
export function listCustomerWaitlist(db: Db, timeZone: string, userId: string): WaitlistEntry[] {
  const today = todayIn(timeZone);
  const rows = db
    .select()
    .from(waitlist)
    .where(and(eq(waitlist.userId, userId), eq(waitlist.status, 'waiting'), gte(waitlist.toDate, today)))
    .orderBy(asc(waitlist.createdAt), asc(waitlist.id))
    .all();
  return entriesOf(db, rows, today);
}

/**
 * Adds the customer to the waitlist. The services must be on offer and each specialist named must
 * offer theirs; the days must be bookable ones (not past, within how far ahead each service may
 * be booked). Refused when the customer already waits for the same, or for WAITLIST_ENTRIES_MAX
 * things. Checked and written in one IMMEDIATE transaction, so simultaneous joins count right.
 */
export function joinWaitlist(
  db: Db,
  timeZone: string,
  userId: string,
  input: z.output<typeof joinWaitlistSchema>,
): WaitlistEntry {
  const today = todayIn(timeZone);
  const past = waitlistDaysRefusal(input.fromDate, today);
  if (past) throw new InvalidFields([{ path: 'fromDate', message: past }]);
  const id = newId();
  db.transaction(
    (tx) => {
      const resolved = resolveItems(tx, input.items, visitFieldPath, liveServiceByIdOrName);
      const notOffered = resolved.flatMap((item, index) =>
        item.specialist && !offerTerms(tx, item.specialist.id, item.service)
          ? [
              {
                path: visitFieldPath(index, 'specialist'),
                message: `${item.specialist.name} does not offer ${item.service.name}.`,
              },
            ]
          : [],
      );
      const [problem, ...more] = notOffered;
      if (problem) throw new InvalidFields([problem, ...more]);
      const tooFar = visitDayRefusal(
        input.toDate,
        today,
        resolved.map((item) => item.service),
      );
      if (tooFar) throw new InvalidFields([{ path: 'toDate', message: tooFar }]);

      const items: StoredItems = resolved.map((item) => ({
        serviceId: item.service.id,
        specialistId: item.specialist?.id ?? null,
      }));
      const waiting = tx
        .select()
        .from(waitlist)
        .where(and(eq(waitlist.userId, userId), eq(waitlist.status, 'waiting'), gte(waitlist.toDate, today)))
        .all();
      const same = waiting.some(
        (row) =>
          row.fromDate === input.fromDate &&
          row.toDate === input.toDate &&
          row.partOfDay === input.partOfDay &&
          sameItems(storedItemsSchema.parse(JSON.parse(row.items)), items),
      );
      if (same) throw new Conflict(WAITLIST_ALREADY);
      if (waiting.length >= WAITLIST_ENTRIES_MAX) throw new Conflict(WAITLIST_FULL);
      tx.insert(waitlist)
        .values({
          id,
          userId,
          items: JSON.stringify(items),
          fromDate: input.fromDate,
          toDate: input.toDate,
          partOfDay: input.partOfDay,
        })
        .run();
    },
    { behavior: 'immediate' },
  );
  return entryOf(db, id, today);
}

function entryOf(db: DbOrTx, id: string, today: string): WaitlistEntry {
  const row = db.select().from(waitlist).where(eq(waitlist.id, id)).get();
  const [entry] = row ? entriesOf(db, [row], today) : [];
  if (!entry) throw new NotFound(WAITLIST_ENTRY_GONE);
  return entry;
}

/** The customer leaves one of their waiting entries; one of someone else's is not found. */
export function leaveWaitlist(db: Db, timeZone: string, userId: string, id: string): WaitlistEntry {
  const today = todayIn(timeZone);
  db.transaction(
    (tx) => {
      const row = tx
        .select({ status: waitlist.status, toDate: waitlist.toDate })
        .from(waitlist)
        .where(and(eq(waitlist.id, id), eq(waitlist.userId, userId)))
        .get();
      if (!row) throw new NotFound(WAITLIST_ENTRY_GONE);
      if (waitlistStatusOf(row.status, row.toDate, today) !== 'waiting') throw new Conflict(WAITLIST_ENTRY_ENDED);
      endEntries(tx, eq(waitlist.id, id), 'left');
    },
    { behavior: 'immediate' },
  );
  return entryOf(db, id, today);
}

/** Who waits for `day`: the waiting entries whose days include it, longest waiting first, with their customers. */
export function salonWaitlistFor(db: Db, timeZone: string, day: string): SalonWaitlistEntry[] {
  const today = todayIn(timeZone);
  const rows = db
    .select({
      entry: waitlist,
      customer: { _id: users.id, fullName: users.fullName, email: users.email, phone: users.phone },
    })
    .from(waitlist)
    .innerJoin(users, eq(users.id, waitlist.userId))
    .where(and(eq(waitlist.status, 'waiting'), gte(waitlist.toDate, day), lte(waitlist.fromDate, day)))
    .orderBy(asc(waitlist.createdAt), asc(waitlist.id))
    .all();
  const entries = entriesOf(
    db,
    rows.map((row) => row.entry),
    today,
  );
  const now = new Date();
  const offers = new Map(
    (rows.length === 0
      ? []
      : db
          .select()
          .from(waitlistOffers)
          .where(
            and(
              inArray(
                waitlistOffers.entryId,
                rows.map((row) => row.entry.id),
              ),
              eq(waitlistOffers.status, 'open'),
              gt(waitlistOffers.expiresAt, now),
            ),
          )
          .all()
    ).map((offer) => [
      offer.entryId,
      {
        _id: offer.id,
        bookingDate: offer.bookingDate,
        timeSlot: offer.timeSlot,
        heldUntil: `${calendarDay(offer.expiresAt, timeZone)}T${clockTimeIn(offer.expiresAt, timeZone)}`,
      },
    ]),
  );
  return entries.flatMap((entry, index) => {
    const customer = rows[index]?.customer;
    return customer ? [{ ...entry, customer, offer: offers.get(entry._id) ?? null }] : [];
  });
}

/**
 * Entries that end take their open offers with them: withdrawn, and the times they held free for
 * everyone again. Called with the condition that picks the entries, before they are ended.
 */
function withdrawOpenOffers(tx: DbOrTx, entries: SQL | undefined): void {
  const ids = tx
    .select({ id: waitlist.id })
    .from(waitlist)
    .where(entries)
    .all()
    .map((row) => row.id);
  if (ids.length === 0) return;
  const open = tx
    .select({ id: waitlistOffers.id })
    .from(waitlistOffers)
    .where(and(inArray(waitlistOffers.entryId, ids), eq(waitlistOffers.status, 'open')))
    .all()
    .map((row) => row.id);
  endOffers(tx, open, 'withdrawn');
}

/**
 * Open offers end unused (`expired` or `withdrawn`): stored so, then their holds dropped, in that
 * order: the offer's trigger reads the time its holds held, to hand it on (migration 0018).
 */
export function endOffers(tx: DbOrTx, ids: readonly string[], status: 'expired' | 'withdrawn'): void {
  if (ids.length === 0) return;
  tx.update(waitlistOffers)
    .set({ status })
    .where(and(inArray(waitlistOffers.id, [...ids]), eq(waitlistOffers.status, 'open')))
    .run();
  tx.delete(waitlistHolds)
    .where(inArray(waitlistHolds.offerId, [...ids]))
    .run();
}

/** Ends the waiting entries `which` picks as `status`, their open offers withdrawn. */
function endEntries(tx: DbOrTx, which: SQL | undefined, status: 'booked' | 'left'): void {
  const waiting = and(eq(waitlist.status, 'waiting'), which);
  withdrawOpenOffers(tx, waiting);
  tx.update(waitlist).set({ status, endedAt: new Date() }).where(waiting).run();
}

/**
 * The customer booked on `days`: their waiting entries that include one of those days end (called
 * in the booking's own transaction, so a booking and the end of the wait are written together).
 */
export function endWaitlistOnBooking(tx: DbOrTx, userId: string, days: readonly string[]): void {
  for (const day of new Set(days)) {
    endEntries(tx, and(eq(waitlist.userId, userId), lte(waitlist.fromDate, day), gte(waitlist.toDate, day)), 'booked');
  }
}

/** A deleted account waits for nothing: its waiting entries end as left. */
export function leaveWholeWaitlist(tx: DbOrTx, userId: string): void {
  endEntries(tx, eq(waitlist.userId, userId), 'left');
}
