// The spec's REST paths for appointments (booking, free slots) and the back office's bookings and
// stats. Beyond the spec: GET /users/appointment (the customer's own bookings) and PATCH
// /users/appointment/:id/cancel (the customer cancels one).
import { z } from 'zod';
import { adminBookingSchema, type AdminBookingPage } from '@/shared/schemas/bookings';
import type { RestRoute } from '@/server/rest/route';

/** Paging asked for: without it, GET /admin/bookings answers every (matching) booking. */
const PAGING_PARAMS = ['page', 'pageSize', 'limit'];

export const bookingRoutes: RestRoute[] = [
  { method: 'GET', path: '/admin/stats', message: 'Stats fetched successfully', procedure: 'admin.stats' },
  {
    method: 'GET',
    path: '/admin/bookings',
    message: 'Bookings fetched successfully',
    procedure: 'admin.bookings.list',
    input: ({ query }) => ({ ...query, all: !PAGING_PARAMS.some((name) => query[name] !== undefined) }),
    // The envelope's data is a list, as for every list path: the page's bookings. The total and the
    // counts by status are in the procedure's answer (`admin.bookings.list` on /trpc).
    data: (page: AdminBookingPage) => page.bookings,
    dataSchema: z.array(adminBookingSchema),
  },
  {
    method: 'PATCH',
    path: '/admin/bookings/:id/status',
    message: 'Booking status updated',
    procedure: 'admin.bookings.updateStatus',
    errors: [404, 409],
  },
  {
    method: 'DELETE',
    path: '/admin/bookings/:id',
    message: 'Booking deleted',
    procedure: 'admin.bookings.delete',
    errors: [404],
  },
  {
    method: 'POST',
    path: '/users/appointment',
    status: 201,
    message: 'Appointment booked successfully',
    procedure: 'customer.bookings.create',
    errors: [400, 409, 429],
  },
  {
    method: 'GET',
    path: '/users/appointment/available-slots',
    message: 'Available slots fetched successfully',
    procedure: 'public.bookings.availableSlots',
    errors: [404],
  },
  {
    method: 'GET',
    path: '/users/appointment',
    message: 'Appointments fetched successfully',
    procedure: 'customer.bookings.list',
  },
  {
    method: 'PATCH',
    path: '/users/appointment/:id/cancel',
    message: 'Appointment cancelled',
    procedure: 'customer.bookings.cancel',
    errors: [400, 403, 404],
  },
  // Beyond the spec (README "The salon's day"): the salon books for a customer who phoned, and
  // moving a booking (the salon's or the customer's own).
  {
    method: 'POST',
    path: '/admin/bookings',
    status: 201,
    message: 'Booking created',
    procedure: 'admin.bookings.create',
    errors: [400, 409],
  },
  {
    method: 'PATCH',
    path: '/admin/bookings/:id',
    message: 'Booking rescheduled',
    procedure: 'admin.bookings.reschedule',
    errors: [400, 404, 409],
  },
  {
    method: 'PATCH',
    path: '/users/appointment/:id',
    message: 'Appointment rescheduled',
    procedure: 'customer.bookings.reschedule',
    errors: [400, 403, 404, 409, 429],
  },
];
