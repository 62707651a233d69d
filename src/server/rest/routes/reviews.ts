// Spec section 7: reviews. The back office reads them through GET /reviews too (an admin session
// gets every review), so there is no separate admin list path.
import type { RestRoute } from '../route';

export const reviewRoutes: RestRoute[] = [
  { method: 'GET', path: '/reviews', message: 'Reviews fetched successfully', call: (c) => c.public.reviews.list() },
  {
    method: 'POST',
    path: '/reviews/:serviceId',
    status: 201,
    message: 'Review submitted!',
    // The body names the service; the path's id stands in when it does not.
    call: (c, { body, params }) => c.customer.reviews.create({ service: params.serviceId, ...body } as never),
  },
  { method: 'DELETE', path: '/reviews/:id', message: 'Review deleted successfully', call: (c, { params }) => c.public.reviews.delete({ id: params.id ?? '' }) },
  {
    method: 'PATCH',
    path: '/admin/reviews/:id/approve',
    message: 'Review Approved',
    call: (c, { params }) => c.admin.reviews.approve({ id: params.id ?? '' }),
  },
];
