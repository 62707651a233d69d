import type { RestRoute } from '@/server/rest/route';
import { activityRoutes } from './activity';
import { adminAccountRoutes } from './admin-account';
import { adminAuthRoutes } from './admin-auth';
import { authRoutes } from './auth';
import { backupRoutes } from './backups';
import { bookingRoutes } from './bookings';
import { calendarRoutes } from './calendar';
import { calendarFeedRoutes } from './calendar-feeds';
import { closureRoutes } from './closures';
import { contactRoutes } from './contact';
import { customerAccountRoutes } from './customer-account';
import { customerRoutes } from './customers';
import { discountRoutes } from './discounts';
import { messageRoutes } from './messages';
import { notificationRoutes } from './notifications';
import { openingHoursRoutes } from './opening-hours';
import { reportRoutes } from './reports';
import { reviewRoutes } from './reviews';
import { scheduleRoutes } from './schedules';
import { serviceRoutes } from './services';
import { specialistRoutes } from './specialists';
import { teamRoutes } from './team';
import { timeOffRoutes } from './time-off';
import { visitRoutes } from './visits';
import { waitlistRoutes } from './waitlist';
import { salesRoutes } from './sales';
import { webhookRoutes } from './webhooks';

/** Every `/api/v1` path, feature by feature. */
export const restRoutes: RestRoute[] = [
  ...authRoutes,
  ...customerAccountRoutes,
  ...adminAuthRoutes,
  ...adminAccountRoutes,
  ...contactRoutes,
  ...serviceRoutes,
  ...specialistRoutes,
  ...reviewRoutes,
  ...discountRoutes,
  ...bookingRoutes,
  ...visitRoutes,
  ...waitlistRoutes,
  ...salesRoutes,
  ...calendarRoutes,
  ...scheduleRoutes,
  ...timeOffRoutes,
  ...closureRoutes,
  ...openingHoursRoutes,
  ...customerRoutes,
  ...messageRoutes,
  ...webhookRoutes,
  ...backupRoutes,
  ...notificationRoutes,
  ...reportRoutes,
  ...teamRoutes,
  ...activityRoutes,
  ...calendarFeedRoutes,
];
