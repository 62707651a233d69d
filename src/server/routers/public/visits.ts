import { availableSlotListSchema } from '@/shared/schemas/bookings';
import { visitSlotsSchema } from '@/shared/schemas/visits';
import { liveServiceByIdOrName, visitFreeSlots } from '@/server/bookings/free-slots';
import { resolveItems, visitFieldPath } from '@/server/bookings/placement';
import { salonDayOf, todayIn } from '@/server/domain/calendar';
import { visitDayRefusal } from '@/server/domain/visits';
import { publicProcedure, router } from '@/server/trpc/init';

export const publicVisitsRouter = router({
  /**
   * The free start times (`HH:MM`, salon time) of a visit of one or more services in order on a
   * day, each with its specialist or `any`, for anyone. An unknown service or specialist is bad
   * input at its item; a specialist who does not offer their item's service, or a day none of the
   * services can be booked, has no free time.
   */
  availableSlots: publicProcedure
    .input(visitSlotsSchema)
    .output(availableSlotListSchema)
    .query(({ ctx, input }): string[] => {
      const items = resolveItems(ctx.db, input.items, visitFieldPath, liveServiceByIdOrName);
      const day = salonDayOf(input.bookingDate, ctx.config.timezone);
      const services = items.map((item) => item.service);
      if (visitDayRefusal(day, todayIn(ctx.config.timezone), services) !== null) return [];
      return visitFreeSlots(ctx.db, ctx.config, { day, now: new Date(), items });
    }),
});
