// Spec section 7: services, public list and back office.
import type { RestRoute } from '../route';

export const serviceRoutes: RestRoute[] = [
  { method: 'GET', path: '/services', message: 'Services fetched successfully', call: (c) => c.public.services.list() },
  { method: 'POST', path: '/admin/services', status: 201, message: 'Service created', call: (c, { body }) => c.admin.services.create(body as never) },
  {
    method: 'PATCH',
    path: '/admin/services/:id',
    message: 'Service updated',
    call: (c, { body, params }) => c.admin.services.update({ ...body, id: params.id } as never),
  },
  { method: 'DELETE', path: '/admin/services/:id', message: 'Service deleted', call: (c, { params }) => c.admin.services.delete({ id: params.id ?? '' }) },
];
