import { ACTIVITY_PAGE_SIZE } from '@/shared/constants';
import { activityPageSchema, activityQuerySchema } from '@/shared/schemas/activity';
import { listActivity } from '@/server/team/activity';
import { addCalendarDays, instantAt } from '@/server/domain/calendar';
import { router, staffProcedure } from '@/server/trpc/init';
import { MANAGERS } from '@/shared/roles';

/** Settings → Activity: who changed what in the salon, newest first. */
export const adminActivityRouter = router({
  /** The changes between two salon days (both included), by one kind of actor or one account, of one kind of thing. */
  list: staffProcedure(MANAGERS)
    .input(activityQuerySchema)
    .output(activityPageSchema)
    .query(({ ctx, input = {} }) => {
      const zone = ctx.config.timezone;
      return listActivity(ctx.db, {
        from: input.from === undefined ? undefined : instantAt(input.from, '00:00', zone),
        to: input.to === undefined ? undefined : instantAt(addCalendarDays(input.to, 1), '00:00', zone),
        actor: input.actor,
        entity: input.entity,
        page: input.page ?? 1,
        pageSize: input.limit ?? ACTIVITY_PAGE_SIZE,
      });
    }),
});
