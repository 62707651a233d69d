import type { RestRoute } from '../route';
import { accountRoutes } from './accounts';
import { serviceRoutes } from './services';

/** Every `/api/v1` path, feature by feature. */
export const restRoutes: RestRoute[] = [...accountRoutes, ...serviceRoutes];
