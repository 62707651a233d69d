import { TRPCError } from '@trpc/server';
import { ANY_SPECIALIST } from '@/shared/constants';
import { availableSlotListSchema, availableSlotsSchema } from '@/shared/schemas/bookings';
import { freeSlots, liveServiceNamed, liveSpecialistWithId } from '@/server/bookings/free-slots';
import { SERVICE_RECORDS, SPECIALIST_RECORDS } from '@/server/catalogue/soft-deleted';
import { salonDayOf } from '@/server/domain/calendar';
import { publicProcedure, router } from '@/server/trpc/init';

export const publicBookingsRouter = router({
  /**
   * The free start times (`HH:MM`, salon time) of a specialist (or `any`) for a service on a day, for anyone.
   * An unknown or removed specialist or service is NOT_FOUND (not an empty day), so a form with a
   * stale choice says so instead of showing "no free time".
   */
  availableSlots: publicProcedure.input(availableSlotsSchema).output(availableSlotListSchema).query(({ ctx, input }): string[] => {
    const any = input.specialistId.toLowerCase() === ANY_SPECIALIST;
    const specialist = any ? undefined : liveSpecialistWithId(ctx.db, input.specialistId);
    if (!any && !specialist) throw new TRPCError({ code: 'NOT_FOUND', message: SPECIALIST_RECORDS.notFound });
    const service = liveServiceNamed(ctx.db, input.serviceName);
    if (!service) throw new TRPCError({ code: 'NOT_FOUND', message: SERVICE_RECORDS.notFound });
    // "any": every time at least one specialist who offers the service has free.
    return freeSlots(ctx.db, ctx.config, { service, specialist, day: salonDayOf(input.bookingDate, ctx.config.timezone), now: new Date() });
  }),
});
