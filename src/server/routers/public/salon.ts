import { openingHoursSchema } from '@/shared/schemas/opening-hours';
import { remembered } from '@/server/catalogue/cache';
import { getOpeningHours } from '@/server/salon/opening-hours';
import { publicProcedure, router } from '@/server/trpc/init';

export const publicSalonRouter = router({
  /**
   * The salon's opening hours, Monday first: read by every public page's footer, so kept like the
   * catalogue (emptied by any admin change, which may be to the hours or to the specialists they follow).
   */
  openingHours: publicProcedure
    .output(openingHoursSchema)
    .query(({ ctx }) => remembered(ctx.db, 'public.salon.openingHours', () => getOpeningHours(ctx.db))),
});
