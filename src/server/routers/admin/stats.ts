import { adminStatsSchema } from '@/shared/schemas/bookings';
import { adminStats } from '@/server/reports/stats';
import { staffProcedure } from '@/server/trpc/init';
import { MANAGERS } from '@/shared/roles';

/** The dashboard's and the admin pages' counts. */
export const adminStatsProcedure = staffProcedure(MANAGERS)
  .output(adminStatsSchema)
  .query(({ ctx }) => adminStats(ctx.db, ctx.config.timezone));
