// Visits: one appointment of one or more services in order (README "Visits"). Each item is also a
// booking in every bookings list, with its `visitId`.
import type { RestRoute } from '@/server/rest/route';

export const visitRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/users/visits/available-slots',
    message: 'Available slots fetched successfully',
    procedure: 'public.visits.availableSlots',
    errors: [400],
  },
  {
    method: 'POST',
    path: '/users/visits',
    status: 201,
    message: 'Visit booked successfully',
    procedure: 'customer.visits.create',
    errors: [400, 409, 429],
  },
  {
    method: 'PATCH',
    path: '/users/visits/:id',
    message: 'Visit rescheduled',
    procedure: 'customer.visits.move',
    errors: [400, 403, 404, 409, 429],
  },
  {
    method: 'PATCH',
    path: '/users/visits/:id/cancel',
    message: 'Visit cancelled',
    procedure: 'customer.visits.cancel',
    errors: [400, 403, 404],
  },
  {
    method: 'POST',
    path: '/admin/visits',
    status: 201,
    message: 'Visit booked',
    procedure: 'admin.visits.create',
    errors: [400, 409],
  },
  {
    method: 'PATCH',
    path: '/admin/visits/:id',
    message: 'Visit rescheduled',
    procedure: 'admin.visits.move',
    errors: [400, 404, 409],
  },
  {
    method: 'PATCH',
    path: '/admin/visits/:id/status',
    message: 'Visit status updated',
    procedure: 'admin.visits.updateStatus',
    errors: [404, 409],
  },
];
