// Spec section 7: appointments (booking, free slots) and the back office's bookings and stats.
// Beyond the spec: GET /users/appointment (the customer's own bookings) and
// PATCH /users/appointment/:id/cancel (the customer cancels one).
import type { RestRoute } from '../route';

/** Paging asked for: without it, GET /admin/bookings answers every (matching) booking, as spec section 7 says. */
const PAGING_PARAMS = ['page', 'pageSize', 'limit'];

export const bookingRoutes: RestRoute[] = [
  { method: 'GET', path: '/admin/stats', message: 'Stats fetched successfully', call: (c) => c.admin.stats() },
  {
    method: 'GET',
    path: '/admin/bookings',
    message: 'Bookings fetched successfully',
    // The envelope's data is a list (CONTRACT section 4): the page's bookings. The total and the
    // counts by status are in the procedure's answer (`admin.bookings.list` on /trpc).
    call: async (c, { query }) => {
      const paged = PAGING_PARAMS.some((name) => query[name] !== undefined);
      return (await c.admin.bookings.list({ ...query, all: !paged })).bookings;
    },
  },
  {
    method: 'PATCH',
    path: '/admin/bookings/:id/status',
    message: 'Booking status updated',
    call: (c, { body, params }) => c.admin.bookings.updateStatus({ ...body, id: params.id } as never),
  },
  {
    method: 'DELETE',
    path: '/admin/bookings/:id',
    message: 'Booking deleted',
    call: (c, { params }) => c.admin.bookings.delete({ id: params.id ?? '' }),
  },
  {
    method: 'POST',
    path: '/users/appointment',
    status: 201,
    message: 'Appointment booked successfully',
    call: (c, { body }) => c.customer.bookings.create(body as never),
  },
  {
    method: 'GET',
    path: '/users/appointment/available-slots',
    message: 'Available slots fetched successfully',
    call: (c, { query }) => c.public.bookings.availableSlots(query as never),
  },
  { method: 'GET', path: '/users/appointment', message: 'Appointments fetched successfully', call: (c) => c.customer.bookings.list() },
  {
    method: 'PATCH',
    path: '/users/appointment/:id/cancel',
    message: 'Appointment cancelled',
    call: (c, { params }) => c.customer.bookings.cancel({ id: params.id ?? '' }),
  },
];
