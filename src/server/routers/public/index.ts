import { router } from '@/server/trpc/init';
import { publicAdminAuthRouter } from './admin-auth';
import { publicAuthRouter } from './auth';
import { publicBookingsRouter } from './bookings';
import { publicContactRouter } from './contact';
import { publicDiscountsRouter } from './discounts';
import { publicReminderMailsRouter } from './reminder-mails';
import { publicReviewsRouter } from './reviews';
import { publicSalonRouter } from './salon';
import { publicServicesRouter } from './services';
import { publicSpecialistsRouter } from './specialists';
import { publicVisitsRouter } from './visits';
import { publicWaitlistRouter } from './waitlist';

export const publicRouter = router({
  auth: publicAuthRouter,
  adminAuth: publicAdminAuthRouter,
  contact: publicContactRouter,
  salon: publicSalonRouter,
  services: publicServicesRouter,
  specialists: publicSpecialistsRouter,
  discounts: publicDiscountsRouter,
  reviews: publicReviewsRouter,
  bookings: publicBookingsRouter,
  visits: publicVisitsRouter,
  reminderMails: publicReminderMailsRouter,
  waitlist: publicWaitlistRouter,
});
