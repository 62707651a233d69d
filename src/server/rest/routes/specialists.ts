// Spec section 7: specialists, public list and back office.
import type { RestRoute } from '../route';

export const specialistRoutes: RestRoute[] = [
  { method: 'GET', path: '/specialists', message: 'Specialists fetched successfully', call: (c) => c.public.specialists.list() },
  { method: 'POST', path: '/admin/specialists', status: 201, message: 'Specialist created', call: (c, { body }) => c.admin.specialists.create(body as never) },
  {
    method: 'PATCH',
    path: '/admin/specialists/:id',
    message: 'Specialist updated',
    call: (c, { body, params }) => c.admin.specialists.update({ ...body, id: params.id } as never),
  },
  {
    method: 'DELETE',
    path: '/admin/specialists/:id',
    message: 'Specialist deleted',
    call: (c, { params }) => c.admin.specialists.delete({ id: params.id ?? '' }),
  },
];
