// The customer book (README "The customer book"): every customer the salon has, those who signed up
// and those it booked by phone, found by name, e-mail or phone a page at a time; one customer's
// record with their bookings, reviews, what they spent, their no-shows and the salon's private
// notes. Accounts their owners deleted (`deleted_at`) are not customers any more and never listed.
import { and, asc, count, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { CUSTOMERS_PAGE_SIZE, type StaffRole } from '@/shared/constants';
import { SEES_TAKINGS } from '@/shared/roles';
import type { z } from 'zod';
import type {
  CustomerPage,
  CustomerRecord,
  CustomerSummary,
  customerListQuerySchema,
} from '@/shared/schemas/customers';
import { likePattern, listCustomerBookings } from '@/server/bookings/records';
import { listReviews } from '@/server/catalogue/reviews';
import type { DbOrTx } from '@/server/db/client';
import { bookings, users } from '@/server/db/schema';
import type { Config } from '@/server/env';
import { phoneDigits } from '@/server/domain/customers';
import { fromCents } from '@/server/domain/reports';
import { publicFileUrl } from '@/server/files/urls';
import { NotFound } from '@/server/errors';

/** Live customers (not deleted) whose name, e-mail or phone contains the text. */
export function customersMatching(search: string | undefined): SQL | undefined {
  if (search === undefined || search === '') return isNull(users.deletedAt);
  const pattern = likePattern(search);
  const phone = phoneDigits(search);
  return and(
    isNull(users.deletedAt),
    or(
      sql`${users.fullName} LIKE ${pattern} ESCAPE '\\'`,
      sql`${users.email} LIKE ${pattern} ESCAPE '\\'`,
      sql`${users.phone} LIKE ${phone === null ? pattern : likePattern(phone)} ESCAPE '\\'`,
    ),
  );
}

const summaryColumns = {
  id: users.id,
  fullName: users.fullName,
  email: users.email,
  phone: users.phone,
  avatarUrl: users.avatarUrl,
  passwordHash: users.passwordHash,
  createdAt: users.createdAt,
};

interface Totals {
  bookings: number;
  lastVisit: string | null;
  totalSpent: number;
  noShows: number;
}

const NO_TOTALS: Totals = { bookings: 0, lastVisit: null, totalSpent: 0, noShows: 0 };

/**
 * The figures of each customer in `userIds`, read through `bookings_user_idx`: every booking;
 * the latest visit (a confirmed or completed booking that has begun: not a no-show, nor one never
 * confirmed); what completed bookings cost, summed in cents; and the bookings marked `no-show`.
 */
function totalsOf(db: DbOrTx, userIds: readonly string[], now: Date): Map<string, Totals> {
  if (userIds.length === 0) return new Map();
  const rows = db
    .select({
      userId: bookings.userId,
      bookings: count(),
      lastVisit: sql<
        string | null
      >`max(CASE WHEN ${bookings.status} IN ('confirmed', 'completed') AND ${bookings.startsAt} <= ${now.getTime()} THEN ${bookings.bookingDate} END)`,
      spentCents: sql<number>`coalesce(sum(CASE WHEN ${bookings.status} = 'completed' THEN CAST(round(${bookings.price} * 100) AS INTEGER) END), 0)`,
      noShows: sql<number>`sum(${bookings.status} = 'no-show')`,
    })
    .from(bookings)
    .where(inArray(bookings.userId, [...userIds]))
    .groupBy(bookings.userId)
    .all();
  return new Map(
    rows.map((row) => [
      row.userId,
      { bookings: row.bookings, lastVisit: row.lastVisit, totalSpent: fromCents(row.spentCents), noShows: row.noShows },
    ]),
  );
}

interface SummaryRow {
  id: string;
  fullName: string;
  email: string;
  phone: string;
  avatarUrl: string | null;
  passwordHash: string;
  createdAt: Date;
}

const toSummary = (config: Pick<Config, 'publicUrl'>, row: SummaryRow, totals: Totals): CustomerSummary => ({
  _id: row.id,
  fullName: row.fullName,
  email: row.email,
  phone: row.phone,
  avatar: row.avatarUrl ? { url: publicFileUrl(config, row.avatarUrl) } : null,
  signedUp: row.passwordHash !== '',
  createdAt: row.createdAt.toISOString(),
  ...totals,
});

/**
 * A customer's figures as `role` sees them: a role that does not see the salon's takings
 * (shared/roles.ts SEES_TAKINGS: reception) gets no total spent (null).
 */
export function figuresFor<T extends { totalSpent: number | null }>(role: StaffRole | undefined, customer: T): T {
  return role !== undefined && SEES_TAKINGS.includes(role) ? customer : { ...customer, totalSpent: null };
}

/** A page of the customer book, by name (then id, so pages never overlap), with the number of matches. */
export function listCustomers(
  db: DbOrTx,
  config: Pick<Config, 'publicUrl'>,
  query: z.output<typeof customerListQuerySchema>,
  now = new Date(),
): CustomerPage {
  const page = query.page ?? 1;
  const limit = query.limit ?? CUSTOMERS_PAGE_SIZE;
  const where = customersMatching(query.search);
  const total = db.select({ n: count() }).from(users).where(where).get()?.n ?? 0;
  const rows = db
    .select(summaryColumns)
    .from(users)
    .where(where)
    .orderBy(asc(sql`lower(${users.fullName})`), asc(users.id))
    .limit(limit)
    .offset((page - 1) * limit)
    .all();
  const totals = totalsOf(
    db,
    rows.map((row) => row.id),
    now,
  );
  return { customers: rows.map((row) => toSummary(config, row, totals.get(row.id) ?? NO_TOTALS)), total, page, limit };
}

const customerNotFound = () => new NotFound('Customer not found');

/** One customer's record: details, figures, bookings (upcoming first, then past, newest first), reviews and notes. */
export function getCustomerRecord(
  db: DbOrTx,
  config: Pick<Config, 'publicUrl'>,
  id: string,
  now = new Date(),
): CustomerRecord {
  const row = db
    .select({ ...summaryColumns, notes: users.notes })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .get();
  if (!row) throw customerNotFound();
  const totals = totalsOf(db, [id], now).get(id) ?? NO_TOTALS;
  return {
    ...toSummary(config, row, totals),
    notes: row.notes,
    bookings: listCustomerBookings(db, id, now),
    reviews: listReviews(db, config, { userId: id }),
  };
}

/** Saves the salon's private notes on a customer and answers the record. */
export function updateCustomerNotes(
  db: DbOrTx,
  config: Pick<Config, 'publicUrl'>,
  input: { id: string; notes: string },
): CustomerRecord {
  const changed = db
    .update(users)
    .set({ notes: input.notes })
    .where(and(eq(users.id, input.id), isNull(users.deletedAt)))
    .run();
  if (changed.changes === 0) throw customerNotFound();
  return getCustomerRecord(db, config, input.id);
}
