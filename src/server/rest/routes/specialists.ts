// The REST paths of specialists: public list and back office.
import type { RestRoute } from '@/server/rest/route';

export const specialistRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/specialists',
    message: 'Specialists fetched successfully',
    procedure: 'public.specialists.list',
  },
  {
    method: 'POST',
    path: '/admin/specialists',
    status: 201,
    message: 'Specialist created',
    procedure: 'admin.specialists.create',
    errors: [400, 409],
  },
  {
    method: 'PATCH',
    path: '/admin/specialists/:id',
    message: 'Specialist updated',
    procedure: 'admin.specialists.update',
    errors: [400, 404, 409],
  },
  {
    method: 'DELETE',
    path: '/admin/specialists/:id',
    message: 'Specialist deleted',
    procedure: 'admin.specialists.delete',
    errors: [404],
  },
  {
    method: 'GET',
    path: '/admin/specialists/:id/services',
    message: 'Specialist services fetched successfully',
    procedure: 'admin.specialists.services',
    errors: [404],
  },
  {
    method: 'PUT',
    path: '/admin/specialists/:id/services',
    message: 'Specialist services updated',
    procedure: 'admin.specialists.updateServices',
    errors: [400, 404],
  },
];
