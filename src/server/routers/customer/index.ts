import { router } from '@/server/trpc/init';
import { customerAccountRouter } from './account';
import { customerBookingsRouter } from './bookings';
import { customerReviewsRouter } from './reviews';
import { customerVisitsRouter } from './visits';
import { customerWaitlistRouter } from './waitlist';

/** Procedures for logged-in customers; each feature adds its sub-router here (customerProcedure). */
export const customerRouter = router({
  account: customerAccountRouter,
  reviews: customerReviewsRouter,
  bookings: customerBookingsRouter,
  visits: customerVisitsRouter,
  waitlist: customerWaitlistRouter,
});
