import { router } from '@/server/trpc/init';
import { adminAccountRouter } from './account';
import { adminActivityRouter } from './activity';
import { adminApiTokensRouter } from './api-tokens';
import { adminBackupsRouter } from './backups';
import { adminBookingsRouter } from './bookings';
import { adminCalendarRouter } from './calendar';
import { adminCalendarFeedsRouter } from './calendar-feeds';
import { adminCashUpsRouter } from './cash-ups';
import { adminClosuresRouter } from './closures';
import { adminCustomersRouter } from './customers';
import { adminDiscountsRouter } from './discounts';
import { adminMessagesRouter } from './messages';
import { adminNotificationsRouter } from './notifications';
import { adminOpeningHoursRouter } from './opening-hours';
import { adminReportsRouter } from './reports';
import { adminReviewsRouter } from './reviews';
import { adminSalesRouter } from './sales';
import { adminSalonDetailsRouter } from './salon-details';
import { adminSchedulesRouter } from './schedules';
import { adminServicesRouter } from './services';
import { adminSpecialistsRouter } from './specialists';
import { adminStatsProcedure, adminTodayProcedure } from './stats';
import { adminTeamRouter } from './team';
import { adminTimeOffRouter } from './time-off';
import { adminVisitsRouter } from './visits';
import { adminVouchersRouter } from './vouchers';
import { adminWaitlistRouter } from './waitlist';
import { adminWebhooksRouter } from './webhooks';

/** Back-office procedures; each feature adds its sub-router here (staffProcedure with the roles each is open to). */
export const adminRouter = router({
  account: adminAccountRouter,
  services: adminServicesRouter,
  specialists: adminSpecialistsRouter,
  reviews: adminReviewsRouter,
  discounts: adminDiscountsRouter,
  bookings: adminBookingsRouter,
  visits: adminVisitsRouter,
  stats: adminStatsProcedure,
  today: adminTodayProcedure,
  reports: adminReportsRouter,
  apiTokens: adminApiTokensRouter,
  backups: adminBackupsRouter,
  calendar: adminCalendarRouter,
  schedules: adminSchedulesRouter,
  timeOff: adminTimeOffRouter,
  closures: adminClosuresRouter,
  openingHours: adminOpeningHoursRouter,
  customers: adminCustomersRouter,
  messages: adminMessagesRouter,
  webhooks: adminWebhooksRouter,
  notifications: adminNotificationsRouter,
  salonDetails: adminSalonDetailsRouter,
  team: adminTeamRouter,
  activity: adminActivityRouter,
  calendarFeeds: adminCalendarFeedsRouter,
  waitlist: adminWaitlistRouter,
  sales: adminSalesRouter,
  vouchers: adminVouchersRouter,
  cashUps: adminCashUpsRouter,
});
