import { z } from 'zod';
import { adminBookingSchema } from './bookings';

/** How many of the next bookings, and of those waiting to be confirmed, the dashboard lists. */
export const TODAY_LIST_LIMIT = 5;

/** `admin.today` (`GET /admin/today`): the salon's day so far and what comes next, for the dashboard. */
export const salonTodaySchema = z
  .object({
    /** Today, `YYYY-MM-DD`, and the wall clock now, `HH:MM`, in the salon's time zone. */
    day: z.string(),
    now: z.string(),
    /** Today's bookings that are not cancelled, and the visits they make (a visit of several services counts once). */
    bookings: z.number().int(),
    visits: z.number().int(),
    /** Of those: completed, marked no-show, and still to come (open, not begun). */
    completed: z.number().int(),
    noShows: z.number().int(),
    ahead: z.number().int(),
    /** What today's completed bookings brought in so far, in dollars (counted in cents). */
    takings: z.number(),
    /** The next open bookings from now on (today first, then the days after), soonest first. */
    next: z.array(adminBookingSchema),
    /**
     * Bookings still to come that wait for the salon to confirm them, soonest first, and how many in
     * all; a visit of several services once, by its first item (`visitId` set: confirm the visit).
     */
    pending: z.array(adminBookingSchema),
    pendingTotal: z.number().int(),
  })
  .meta({ id: 'SalonToday' });
export type SalonToday = z.infer<typeof salonTodaySchema>;
