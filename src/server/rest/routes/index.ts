import type { RestRoute } from '@/server/rest/route';
import { accountRoutes } from './accounts';
import { bookingRoutes } from './bookings';
import { calendarRoutes } from './calendar';
import { customerRoutes } from './customers';
import { discountRoutes } from './discounts';
import { messageRoutes } from './messages';
import { reportRoutes } from './reports';
import { reviewRoutes } from './reviews';
import { serviceRoutes } from './services';
import { specialistRoutes } from './specialists';

/** Every `/api/v1` path, feature by feature. */
export const restRoutes: RestRoute[] = [
  ...accountRoutes,
  ...serviceRoutes,
  ...specialistRoutes,
  ...reviewRoutes,
  ...discountRoutes,
  ...bookingRoutes,
  ...calendarRoutes,
  ...customerRoutes,
  ...messageRoutes,
  ...reportRoutes,
];
