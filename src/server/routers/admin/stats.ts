import { and, count, countDistinct, gte, isNull, lte } from 'drizzle-orm';
import { adminStatsSchema, type AdminStats } from '../../../shared/schemas/booking';
import { rowCount } from '../../db/client';
import { bookings, discounts, reviews, services, specialists, users } from '../../db/schema';
import { todayIn } from '../../domain/calendar';
import { adminProcedure } from '../../trpc/init';

/**
 * The dashboard's and the admin pages' counts. Services and specialists count only live ones;
 * categories are those of live services; a discount is active as `isActive` says (today, salon
 * time, between Valid From and Valid Till, both included).
 */
export const adminStatsProcedure = adminProcedure.output(adminStatsSchema).query(({ ctx }): AdminStats => {
  const today = todayIn(ctx.config.timezone);
  const liveServices = ctx.db
    .select({ n: count(), categories: countDistinct(services.category) })
    .from(services)
    .where(isNull(services.deletedAt))
    .get();
  return {
    totalBookings: rowCount(ctx.db, bookings),
    totalServices: liveServices?.n ?? 0,
    totalUsers: rowCount(ctx.db, users),
    totalReviews: rowCount(ctx.db, reviews),
    totalSpecialists: ctx.db.select({ n: count() }).from(specialists).where(isNull(specialists.deletedAt)).get()?.n ?? 0,
    totalCategories: liveServices?.categories ?? 0,
    totalDiscounts: rowCount(ctx.db, discounts),
    activeDiscounts:
      ctx.db
        .select({ n: count() })
        .from(discounts)
        .where(and(lte(discounts.validFrom, today), gte(discounts.validTill, today)))
        .get()?.n ?? 0,
  };
});
