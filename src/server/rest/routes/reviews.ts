// The REST paths of reviews. The back office reads them through GET /reviews too (an admin session
// gets every review, from `admin.reviews.list`), so there is no separate admin list path.
import type { RestRoute } from '@/server/rest/route';

export const reviewRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/reviews',
    message: 'Reviews fetched successfully',
    procedure: 'public.reviews.list',
    adminProcedure: 'admin.reviews.list',
    // Both answer their whole list, as the spec's path does; `?latest=` (the newest only) is an addition.
    input: ({ query }) => (query.latest === undefined ? undefined : { latest: query.latest }),
  },
  {
    method: 'POST',
    // The spec writes `/reviews/{serviceId}`; named `id` like DELETE's, since OpenAPI takes one
    // name per path template. The path's id is the service's.
    path: '/reviews/:id',
    status: 201,
    message: 'Review submitted!',
    procedure: 'customer.reviews.create',
    // An unknown service is a field's complaint (400), not a missing path.
    errors: [400, 429],
    // The body names the service; the path's id stands in when it does not.
    input: ({ body, params }) => ({ service: params.id, ...body }),
    paramFields: { id: 'service' },
  },
  {
    method: 'DELETE',
    path: '/reviews/:id',
    message: 'Review deleted successfully',
    procedure: 'public.reviews.delete',
    // The procedure asks for a session itself (it serves customers and admins alike); someone
    // else's review is refused.
    errors: [401, 403, 404],
  },
  {
    method: 'PATCH',
    path: '/admin/reviews/:id/approve',
    message: 'Review Approved',
    procedure: 'admin.reviews.approve',
    errors: [404],
  },
];
