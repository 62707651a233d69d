import { router } from '@/server/trpc/init';
import { adminAuthRouter } from './admin-auth';
import { authRouter } from './auth';
import { publicBookingsRouter } from './bookings';
import { contactRouter } from './contact';
import { publicDiscountsRouter } from './discounts';
import { publicReminderMailsRouter } from './reminder-mails';
import { publicReviewsRouter } from './reviews';
import { publicSalonRouter } from './salon';
import { publicServicesRouter } from './services';
import { publicSpecialistsRouter } from './specialists';

export const publicRouter = router({
  auth: authRouter,
  adminAuth: adminAuthRouter,
  contact: contactRouter,
  salon: publicSalonRouter,
  services: publicServicesRouter,
  specialists: publicSpecialistsRouter,
  discounts: publicDiscountsRouter,
  reviews: publicReviewsRouter,
  bookings: publicBookingsRouter,
  reminderMails: publicReminderMailsRouter,
});
