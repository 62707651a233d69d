import { z } from 'zod';
import { discountSchema } from '@/shared/schemas/discounts';
import { listDiscounts } from '@/server/catalogue/discounts';
import { todayIn } from '@/server/domain/calendar';
import { publicProcedure, router } from '@/server/trpc/init';

export const publicDiscountsRouter = router({
  /** Discounts not yet over (today in the salon's time zone), running and upcoming, by start date. */
  list: publicProcedure.output(z.array(discountSchema)).query(({ ctx }) =>
    listDiscounts(ctx.db, ctx.config, { today: todayIn(ctx.config.timezone) }),
  ),
});
