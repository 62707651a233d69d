// Calendar feeds (server/team/calendar-feeds.ts): the owner's list of every feed address, a
// specialist's own (My day), and a new address that stops the old one. The feed itself is
// `GET /calendar/<token>.ics`, outside tRPC (server/team/calendar-feed-route.ts).
import { calendarFeedSchema, calendarFeedsSchema, regenerateCalendarFeedSchema } from '@/shared/schemas/calendar-feeds';
import { CALENDAR_FEEDS, OWNER_ONLY, SPECIALISTS } from '@/shared/roles';
import { listFeeds, ownFeed, regenerateFeed } from '@/server/team/calendar-feeds';
import { router, staffProcedure } from '@/server/trpc/init';

export const adminCalendarFeedsRouter = router({
  /** The salon's feed and each live specialist's. */
  list: staffProcedure(OWNER_ONLY)
    .output(calendarFeedsSchema)
    .query(({ ctx }) => listFeeds(ctx.db, ctx.config)),

  /** The signed-in specialist's own feed. */
  mine: staffProcedure(SPECIALISTS)
    .output(calendarFeedSchema)
    .query(({ ctx }) => ownFeed(ctx.db, ctx.config, ctx.admin)),

  /** A new address: the owner's for any feed, a specialist's for their own. */
  regenerate: staffProcedure(CALENDAR_FEEDS)
    .meta({
      activity: { entity: 'settings', action: 'updated', label: 'Calendar feed', detail: 'New calendar feed address' },
    })
    .input(regenerateCalendarFeedSchema)
    .output(calendarFeedSchema)
    .mutation(({ ctx, input }) => regenerateFeed(ctx.db, ctx.config, ctx.admin, input.specialistId)),
});
