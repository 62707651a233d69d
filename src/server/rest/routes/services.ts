import type { RestRoute } from '../route';

export const serviceRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/services',
    message: 'Services fetched successfully',
    call: (caller) => caller.public.services.list(),
  },
];
