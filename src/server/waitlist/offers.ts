// Times offered to the waitlist (README "Waitlist"): an offer places the entry's services at a
// free time, holds each specialist's part of it for the entry's customer alone for
// WAITLIST_HOLD_MINUTES (waitlist_holds, read with the bookings by bookings/free-slots.ts), and
// mails them a link that books it in one step. Taking it up books it in the booking's own
// transaction: of simultaneous takes, one books and the others are told it is taken.
import { and, eq, gt } from 'drizzle-orm';
import { z } from 'zod';
import { WAITLIST_HOLD_MINUTES } from '@/shared/constants';
import type { Visit } from '@/shared/schemas/visits';
import type { WaitlistOffer, WaitlistOfferInput } from '@/shared/schemas/waitlist';
import { formatClock, formatDayWithWeekday } from '@/shared/time-format';
import { generateSecretToken, hashToken } from '@/server/auth/tokens';
import { bookWaitlistOffer, type BookingDeps } from '@/server/bookings/commands';
import { liveServiceWithId, liveSpecialistWithId, type VisitItemChoice } from '@/server/bookings/free-slots';
import { checkBookableDay, placeItems, visitFieldPath } from '@/server/bookings/placement';
import type { Db, DbOrTx } from '@/server/db/client';
import { newId } from '@/server/db/ids';
import { users, waitlist, waitlistHolds, waitlistOffers } from '@/server/db/schema';
import { calendarDay, clockTimeIn, salonDayOf, todayIn } from '@/server/domain/calendar';
import { holdEnds, offerDayRefusal, offerStatusAt, waitlistStatusOf } from '@/server/domain/waitlist';
import type { Config } from '@/server/env';
import { Conflict, InvalidFields, NotFound } from '@/server/errors';
import { endOffers, itemNames, storedItemsSchema, WAITLIST_ENTRY_ENDED, WAITLIST_ENTRY_GONE } from './entries';
import { enqueueMail, type Outbox } from '@/server/outbox/enqueue';
import { customerActor } from '@/server/team/actor';

export const OFFER_NOT_FOUND = 'This offer was not found.';
export const OFFER_TAKEN = 'This time has already been booked from this offer.';
export const OFFER_ENDED = 'This offer has ended: the time is no longer held.';
export const ENTRY_HAS_OFFER = 'This customer already has a time on offer. Wait until it is taken up or ends.';
export const ENTRY_ITEMS_GONE = 'A service or specialist of this entry is no longer offered.';
export const NO_OPEN_OFFER = 'This customer has no time on offer.';

const MINUTE_MS = 60_000;

const placedItemsSchema = z.array(z.object({ serviceId: z.string(), specialistId: z.string() }));

type OfferRow = typeof waitlistOffers.$inferSelect;

function offerView(db: DbOrTx, row: OfferRow, timeZone: string, now: Date): WaitlistOffer {
  const items = placedItemsSchema.parse(JSON.parse(row.items));
  const { serviceNames, specialistNames } = itemNames(db, items);
  return {
    _id: row.id,
    entryId: row.entryId,
    bookingDate: row.bookingDate,
    timeSlot: row.timeSlot,
    items: items.map((item) => ({
      service: { _id: item.serviceId, name: serviceNames.get(item.serviceId) ?? '' },
      specialist: { _id: item.specialistId, name: specialistNames.get(item.specialistId) ?? '' },
    })),
    status: offerStatusAt(row, now),
    expiresAt: row.expiresAt.toISOString(),
    heldUntil: `${calendarDay(row.expiresAt, timeZone)}T${clockTimeIn(row.expiresAt, timeZone)}`,
    bookingId: row.bookingId,
  };
}

/** The entry's services and the specialists it asked for, as they are on offer now. */
export function entryItems(tx: DbOrTx, stored: string): VisitItemChoice[] {
  return storedItemsSchema.parse(JSON.parse(stored)).map((item) => {
    const service = liveServiceWithId(tx, item.serviceId);
    const specialist = item.specialistId === null ? undefined : liveSpecialistWithId(tx, item.specialistId);
    if (!service || (item.specialistId !== null && !specialist)) throw new Conflict(ENTRY_ITEMS_GONE);
    return { service, specialist };
  });
}

export interface OfferDeps {
  db: Db;
  config: Pick<Config, 'timezone' | 'slotStepMinutes' | 'publicUrl'>;
  outbox: Outbox;
}

/**
 * Offers the entry's customer a time: the entry's services placed at `timeSlot` on `bookingDate`
 * as a booking of theirs would be (free, within hours and notice), each specialist's part held for
 * them alone for WAITLIST_HOLD_MINUTES, and a mail with the link that books it. One open offer per
 * entry. Checked and written in one IMMEDIATE transaction, so two offers never hold one time.
 */
export function offerTime(
  deps: OfferDeps,
  entryId: string,
  input: Pick<WaitlistOfferInput, 'bookingDate' | 'timeSlot'>,
  now = new Date(),
): WaitlistOffer {
  const { db, config } = deps;
  const timeZone = config.timezone;
  const day = salonDayOf(input.bookingDate, timeZone);
  const token = generateSecretToken();
  const id = newId();
  let expiresAt = new Date(now.getTime() + WAITLIST_HOLD_MINUTES * MINUTE_MS);
  db.transaction(
    (tx) => {
      const entry = tx
        .select({ entry: waitlist, customer: { fullName: users.fullName, email: users.email } })
        .from(waitlist)
        .innerJoin(users, eq(users.id, waitlist.userId))
        .where(eq(waitlist.id, entryId))
        .get();
      if (!entry) throw new NotFound(WAITLIST_ENTRY_GONE);
      if (waitlistStatusOf(entry.entry.status, entry.entry.toDate, todayIn(timeZone, now)) !== 'waiting')
        throw new Conflict(WAITLIST_ENTRY_ENDED);
      const open = tx
        .select({ id: waitlistOffers.id })
        .from(waitlistOffers)
        .where(
          and(
            eq(waitlistOffers.entryId, entryId),
            eq(waitlistOffers.status, 'open'),
            gt(waitlistOffers.expiresAt, now),
          ),
        )
        .get();
      if (open) throw new Conflict(ENTRY_HAS_OFFER);
      const outside = offerDayRefusal(day, entry.entry);
      if (outside) throw new InvalidFields([{ path: 'bookingDate', message: outside }]);
      const items = entryItems(tx, entry.entry.items);
      checkBookableDay(items, day, timeZone);
      // The salon offers it: as its own bookings, it may offer at shorter notice than online.
      const placed = placeItems(tx, config, {
        day,
        timeSlot: input.timeSlot,
        items,
        pathOf: visitFieldPath,
        byCustomer: false,
        now,
      });
      const [first] = placed;
      if (first) expiresAt = holdEnds(now, WAITLIST_HOLD_MINUTES, first.startsAt);
      tx.insert(waitlistOffers)
        .values({
          id,
          entryId,
          tokenHash: hashToken(token),
          bookingDate: day,
          timeSlot: input.timeSlot,
          items: JSON.stringify(
            placed.map((item) => ({ serviceId: item.service.id, specialistId: item.specialist.id })),
          ),
          expiresAt,
          createdAt: now,
        })
        .run();
      for (const item of placed) {
        tx.insert(waitlistHolds)
          .values({
            offerId: id,
            specialistId: item.specialist.id,
            startsAt: item.startsAt,
            endsAt: item.endsAt,
            until: expiresAt,
          })
          .run();
      }
      enqueueMail(tx, entry.customer.email, {
        template: 'waitlist-offer',
        fullName: entry.customer.fullName,
        lines: placed.map((item) => `${formatClock(item.timeSlot)} ${item.service.name} with ${item.specialist.name}`),
        when: `${formatDayWithWeekday(day)} at ${formatClock(input.timeSlot)}`,
        heldUntil: `${formatClock(clockTimeIn(expiresAt, timeZone))} on ${formatDayWithWeekday(calendarDay(expiresAt, timeZone))}`,
        link: `${config.publicUrl}/waitlist/offers/${token}`,
      });
    },
    { behavior: 'immediate' },
  );
  deps.outbox.wake();
  const row = db.select().from(waitlistOffers).where(eq(waitlistOffers.id, id)).get();
  if (!row) throw new NotFound(OFFER_NOT_FOUND);
  return offerView(db, row, timeZone, now);
}

function offerByToken(db: DbOrTx, token: string): OfferRow {
  const row = db
    .select()
    .from(waitlistOffers)
    .where(eq(waitlistOffers.tokenHash, hashToken(token)))
    .get();
  if (!row) throw new NotFound(OFFER_NOT_FOUND);
  return row;
}

/** What the mail's link shows before it is taken up: the offer by its token. */
export function offerOfToken(db: Db, timeZone: string, token: string, now = new Date()): WaitlistOffer {
  return offerView(db, offerByToken(db, token), timeZone, now);
}

/**
 * Books the time an offer holds, for the entry's customer, by the link's token. Refused when it
 * was taken up already or its hold has ended. The offer is marked taken up in the booking's own
 * transaction, so of simultaneous takes exactly one books.
 */
export async function acceptOffer(deps: BookingDeps, token: string): Promise<Visit> {
  const row = offerByToken(deps.db, token);
  const entry = deps.db
    .select({ userId: waitlist.userId, fullName: users.fullName })
    .from(waitlist)
    .innerJoin(users, eq(users.id, waitlist.userId))
    .where(eq(waitlist.id, row.entryId))
    .get();
  if (!entry) throw new NotFound(OFFER_NOT_FOUND);
  const placed = placedItemsSchema.parse(JSON.parse(row.items));
  // The link is theirs: the booking is the customer's own, whoever's browser opened it.
  const asCustomer = { ...deps, actor: customerActor({ id: entry.userId, fullName: entry.fullName }) };
  return bookWaitlistOffer(asCustomer, entry.userId, {
    id: row.id,
    bookingDate: row.bookingDate,
    timeSlot: row.timeSlot,
    // By ids: a service renamed or removed since cannot be taken for another.
    items: placed.map((item) => ({ service: item.serviceId, specialist: item.specialistId })),
    claim: (tx, ids) => {
      const current = tx.select().from(waitlistOffers).where(eq(waitlistOffers.id, row.id)).get();
      if (!current) throw new NotFound(OFFER_NOT_FOUND);
      if (current.status === 'accepted') throw new Conflict(OFFER_TAKEN);
      if (offerStatusAt(current, new Date()) !== 'open') throw new Conflict(OFFER_ENDED);
      const waiting = tx.select({ status: waitlist.status }).from(waitlist).where(eq(waitlist.id, row.entryId)).get();
      if (waiting?.status !== 'waiting') throw new Conflict(WAITLIST_ENTRY_ENDED);
      const gone = placed.some(
        (item) => !liveServiceWithId(tx, item.serviceId) || !liveSpecialistWithId(tx, item.specialistId),
      );
      if (gone) throw new Conflict(ENTRY_ITEMS_GONE);
      tx.update(waitlistOffers)
        .set({ status: 'accepted', bookingId: ids.visit })
        .where(eq(waitlistOffers.id, row.id))
        .run();
      tx.delete(waitlistHolds).where(eq(waitlistHolds.offerId, row.id)).run();
    },
  });
}

/**
 * The salon takes back the time on offer to an entry: the offer is withdrawn and the time no longer
 * held (its trigger hands it on to the next entry that fits, README "Waitlist"). Its link then says
 * the offer has ended.
 */
export function withdrawOffer(db: Db, timeZone: string, entryId: string, now = new Date()): WaitlistOffer {
  const id = db.transaction(
    (tx) => {
      const open = tx
        .select({ id: waitlistOffers.id })
        .from(waitlistOffers)
        .where(
          and(
            eq(waitlistOffers.entryId, entryId),
            eq(waitlistOffers.status, 'open'),
            gt(waitlistOffers.expiresAt, now),
          ),
        )
        .get();
      if (!open) throw new NotFound(NO_OPEN_OFFER);
      endOffers(tx, [open.id], 'withdrawn');
      return open.id;
    },
    { behavior: 'immediate' },
  );
  const row = db.select().from(waitlistOffers).where(eq(waitlistOffers.id, id)).get();
  if (!row) throw new NotFound(OFFER_NOT_FOUND);
  return offerView(db, row, timeZone, now);
}
