import { listDiscounts } from '../../catalogue/discounts';
import { todayIn } from '../../domain/calendar';
import { publicProcedure, router } from '../../trpc/init';

export const publicDiscountsRouter = router({
  /** Discounts not yet over (today in the salon's time zone), running and upcoming, by start date. */
  list: publicProcedure.query(({ ctx }) =>
    listDiscounts(ctx.db, ctx.config, { today: todayIn(ctx.config.timezone) }),
  ),
});
