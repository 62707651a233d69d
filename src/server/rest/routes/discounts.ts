// Spec section 7: discounts, public list and back office.
import type { RestRoute } from '../route';

export const discountRoutes: RestRoute[] = [
  { method: 'GET', path: '/discounts', message: 'Discounts fetched successfully', call: (c) => c.public.discounts.list() },
  { method: 'GET', path: '/admin/discounts', message: 'Discounts fetched successfully', call: (c) => c.admin.discounts.list() },
  { method: 'POST', path: '/admin/discounts', status: 201, message: 'Discount created', call: (c, { body }) => c.admin.discounts.create(body as never) },
  {
    method: 'PATCH',
    path: '/admin/discounts/:id',
    message: 'Discount updated',
    call: (c, { body, params }) => c.admin.discounts.update({ ...body, id: params.id } as never),
  },
  { method: 'DELETE', path: '/admin/discounts/:id', message: 'Discount deleted', call: (c, { params }) => c.admin.discounts.delete({ id: params.id ?? '' }) },
];
