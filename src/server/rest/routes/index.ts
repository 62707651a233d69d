import type { RestRoute } from '../route';
import { serviceRoutes } from './services';

/** Every `/api/v1` path, feature by feature. */
export const restRoutes: RestRoute[] = [...serviceRoutes];
