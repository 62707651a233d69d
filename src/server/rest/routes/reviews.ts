// Spec section 7: reviews. The back office reads them through GET /reviews too (an admin session
// gets every review, from `admin.reviews.list`), so there is no separate admin list path.
import type { RestRoute } from '@/server/rest/route';

export const reviewRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/reviews',
    message: 'Reviews fetched successfully',
    procedure: 'public.reviews.list',
    adminProcedure: 'admin.reviews.list',
    // The spec's path takes no filter: both answer their whole list.
    input: () => undefined,
  },
  {
    method: 'POST',
    path: '/reviews/:serviceId',
    status: 201,
    message: 'Review submitted!',
    procedure: 'customer.reviews.create',
    // The body names the service; the path's id stands in when it does not.
    input: ({ body, params }) => ({ service: params.serviceId, ...body }),
    paramFields: { serviceId: 'service' },
  },
  { method: 'DELETE', path: '/reviews/:id', message: 'Review deleted successfully', procedure: 'public.reviews.delete' },
  { method: 'PATCH', path: '/admin/reviews/:id/approve', message: 'Review Approved', procedure: 'admin.reviews.approve' },
];
