// Beyond the spec (README "The salon's day"): the salon's closed days.
import type { RestRoute } from '@/server/rest/route';

export const closureRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/admin/closures',
    message: 'Closures fetched successfully',
    procedure: 'admin.closures.list',
  },
  {
    method: 'POST',
    path: '/admin/closures',
    status: 201,
    message: 'Closure added',
    procedure: 'admin.closures.create',
    errors: [409],
  },
  {
    method: 'DELETE',
    path: '/admin/closures/:id',
    message: 'Closure deleted',
    procedure: 'admin.closures.delete',
    errors: [404],
  },
];
