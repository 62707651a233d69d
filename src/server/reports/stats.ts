// The back office's counts (dashboard and admin pages).
import { and, count, countDistinct, gte, isNull, lte } from 'drizzle-orm';
import type { AdminStats } from '@/shared/schemas/bookings';
import { rowCount, type DbOrTx } from '@/server/db/client';
import { bookings, discounts, reviews, services, specialists, users } from '@/server/db/schema';
import { todayIn } from '@/server/domain/calendar';

/**
 * The dashboard's and the admin pages' counts. Services, specialists and users count only live ones;
 * categories are those of live services; a discount is active as `isActive` says (today, salon
 * time, between Valid From and Valid Till, both included).
 */
export function adminStats(db: DbOrTx, timeZone: string): AdminStats {
  const today = todayIn(timeZone);
  const liveServices = db
    .select({ n: count(), categories: countDistinct(services.category) })
    .from(services)
    .where(isNull(services.deletedAt))
    .get();
  return {
    totalBookings: rowCount(db, bookings),
    totalServices: liveServices?.n ?? 0,
    // Accounts their owners deleted are not users any more.
    totalUsers: db.select({ n: count() }).from(users).where(isNull(users.deletedAt)).get()?.n ?? 0,
    totalReviews: rowCount(db, reviews),
    totalSpecialists: db.select({ n: count() }).from(specialists).where(isNull(specialists.deletedAt)).get()?.n ?? 0,
    totalCategories: liveServices?.categories ?? 0,
    totalDiscounts: rowCount(db, discounts),
    activeDiscounts:
      db
        .select({ n: count() })
        .from(discounts)
        .where(and(lte(discounts.validFrom, today), gte(discounts.validTill, today)))
        .get()?.n ?? 0,
  };
}
