// The REST paths of discounts: public list and back office.
import type { RestRoute } from '@/server/rest/route';

export const discountRoutes: RestRoute[] = [
  { method: 'GET', path: '/discounts', message: 'Discounts fetched successfully', procedure: 'public.discounts.list' },
  {
    method: 'GET',
    path: '/admin/discounts',
    message: 'Discounts fetched successfully',
    procedure: 'admin.discounts.list',
  },
  {
    method: 'POST',
    path: '/admin/discounts',
    status: 201,
    message: 'Discount created',
    procedure: 'admin.discounts.create',
    errors: [400],
  },
  {
    method: 'PATCH',
    path: '/admin/discounts/:id',
    message: 'Discount updated',
    procedure: 'admin.discounts.update',
    errors: [400, 404],
  },
  {
    method: 'DELETE',
    path: '/admin/discounts/:id',
    message: 'Discount deleted',
    procedure: 'admin.discounts.delete',
    errors: [404],
  },
];
