import { adminStatsSchema } from '@/shared/schemas/bookings';
import { adminStats } from '@/server/reports/stats';
import { adminProcedure } from '@/server/trpc/init';

/** The dashboard's and the admin pages' counts. */
export const adminStatsProcedure = adminProcedure
  .output(adminStatsSchema)
  .query(({ ctx }) => adminStats(ctx.db, ctx.config.timezone));
