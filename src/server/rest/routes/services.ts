// The REST paths of services: public list and back office.
import type { RestRoute } from '@/server/rest/route';

export const serviceRoutes: RestRoute[] = [
  { method: 'GET', path: '/services', message: 'Services fetched successfully', procedure: 'public.services.list' },
  {
    method: 'POST',
    path: '/admin/services',
    status: 201,
    message: 'Service created',
    procedure: 'admin.services.create',
    errors: [409],
  },
  {
    method: 'PATCH',
    path: '/admin/services/:id',
    message: 'Service updated',
    procedure: 'admin.services.update',
    errors: [404, 409],
  },
  {
    method: 'DELETE',
    path: '/admin/services/:id',
    message: 'Service deleted',
    procedure: 'admin.services.delete',
    errors: [404],
  },
];
