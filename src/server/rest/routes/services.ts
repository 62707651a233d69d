// Spec section 7: services, public list and back office.
import type { RestRoute } from '@/server/rest/route';

export const serviceRoutes: RestRoute[] = [
  { method: 'GET', path: '/services', message: 'Services fetched successfully', procedure: 'public.services.list' },
  { method: 'POST', path: '/admin/services', status: 201, message: 'Service created', procedure: 'admin.services.create' },
  { method: 'PATCH', path: '/admin/services/:id', message: 'Service updated', procedure: 'admin.services.update' },
  { method: 'DELETE', path: '/admin/services/:id', message: 'Service deleted', procedure: 'admin.services.delete' },
];
