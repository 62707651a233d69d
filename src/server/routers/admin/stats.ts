import { adminStatsSchema } from '@/shared/schemas/bookings';
import { salonTodaySchema } from '@/shared/schemas/today';
import { adminStats } from '@/server/reports/stats';
import { salonToday } from '@/server/reports/today';
import { staffProcedure } from '@/server/trpc/init';
import { MANAGERS } from '@/shared/roles';

/** The dashboard's and the admin pages' counts. */
export const adminStatsProcedure = staffProcedure(MANAGERS)
  .output(adminStatsSchema)
  .query(({ ctx }) => adminStats(ctx.db, ctx.config.timezone));

/** The dashboard's "Today": the day so far (takings among it) and the bookings next and to confirm. */
export const adminTodayProcedure = staffProcedure(MANAGERS)
  .output(salonTodaySchema)
  .query(({ ctx }) => salonToday(ctx.db, ctx.config.timezone));
